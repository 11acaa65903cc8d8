// Forty-sixth session probe, on an H200: can L2 hold a row that the chip cannot, if what it holds
// is the row's *output*, written once unnormalised and scaled in place?
//
// A row longer than the chip holds is read twice by every stage (docs/09_cooperative.md: "rows
// longer than 44 MB are read almost twice"), and the earlier tries to keep x in L2 for the second
// read did not pay: x read with evict_last (eighth session), or re-read one lag behind
// (twenty-fourth). This probe tries the other way round. Pass 1 reads x once, takes each 64 KB
// chunk's own max m_c, writes e = exp(x - m_c) to y and files (m_c, s_c = sum e). Pass 2 reads
// e back, multiplies it by exp(m_c - m) / s (the row's m and s merged from the chunks' pairs) and
// writes y. If L2 keeps the dirty lines of e until pass 2 reads and rewrites them, DRAM sees x read
// once and y written once: a copy's bytes, in two kernels.
//
// Modes, fp32 M x N (N a multiple of 16384, 64 KB chunks, one 512-thread block a chunk):
//   memcpy     cudaMemcpyAsync of the same bytes (the harness's copy)
//   twice      pass 1 files (m_c, s_c) only; pass 2 reads x again, writes exp(x - m) / s
//   hold       pass 1 writes e; pass 2 reads e, scales it, writes y (plain loads and stores)
//   hold_hint  the same with L2 policies: x loaded evict_first, e stored evict_last, e loaded and
//              y stored evict_first (so y's final lines go before the e still to be read)
//   hold_rev   hold with pass 2 taking the chunks in reverse order (the last written, first)
//   rows       hold one row at a time: pass 1 and pass 2 of row 0, then of row 1, ... (2M kernels)
// The last block of a row to file its pair merges the row's pairs into (m, 1 / s) (a counter per
// row, reset by that block). Each call follows the harness's flush: evict_last lines reset
// (cudaCtxResetPersistingL2Cache), then a memset of max(2 x L2, 64 MB). CUDA events around the
// call, 30 iterations, the median; ROUNDS rounds, the modes in turn within each, every round
// printed. Every mode's output is checked against a double reference before it is timed.
// Build: nvcc -O3 -arch=sm_90 -std=c++17 -Xcompiler -fopenmp l2hold.cu -o l2hold
// Run:   ./l2hold [rounds]; L2HOLD_ONLY="M logN" for one shape, L2HOLD_DEBUG=1 to print a failed
// check's row statistics. Under Nsight Compute, `ncu --cache-control none` keeps L2 between passes.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { std::printf("CUDA %s at line %d\n", cudaGetErrorString(e_), __LINE__); std::exit(1); } } while (0)

constexpr int kThreads = 512, kPacks = 8;                   // 512 threads x 8 float4 a chunk
constexpr int kChunk = kThreads * kPacks * 4;               // 16384 floats, 64 KB
enum Mode { kMemcpy, kTwice, kHold, kHoldHint, kHoldRev, kRows, kModes };
const char* kNames[] = {"memcpy", "twice", "hold", "hold_hint", "hold_rev", "rows"};

// L2 policies (createpolicy) and the loads / stores that take them; hint = false: plain ones.
__device__ __forceinline__ uint64_t policy(bool last) {
  uint64_t p;
  if (last) asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(p));
  else asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(p));
  return p;
}
__device__ __forceinline__ float4 load(const float4* p, bool hint, uint64_t pol) {
  if (!hint) return *p;  // e is written by pass 1 of the same call: no .nc
  float4 v;
  asm volatile("ld.global.L2::cache_hint.v4.f32 {%0, %1, %2, %3}, [%4], %5;"
               : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p), "l"(pol));
  return v;
}
__device__ __forceinline__ void store(float4* p, float4 v, bool hint, uint64_t pol) {
  if (!hint) { *p = v; return; }
  asm volatile("st.global.L2::cache_hint.v4.f32 [%0], {%1, %2, %3, %4}, %5;"
               ::"l"(p), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w), "l"(pol) : "memory");
}

// Every thread gets the block's max (MAX) or sum of v.
template <bool MAX>
__device__ __forceinline__ float block_reduce(float v, float* red) {
  for (int o = 16; o > 0; o /= 2) { const float w = __shfl_xor_sync(~0u, v, o); v = MAX ? fmaxf(v, w) : v + w; }
  __syncthreads();
  if (threadIdx.x % 32 == 0) red[threadIdx.x / 32] = v;
  __syncthreads();
  v = threadIdx.x % 32 < kThreads / 32 ? red[threadIdx.x % 32] : (MAX ? -INFINITY : 0.0f);
  for (int o = 16; o > 0; o /= 2) { const float w = __shfl_xor_sync(~0u, v, o); v = MAX ? fmaxf(v, w) : v + w; }
  return v;
}

// The last block of a row to file merges the row's pairs into stats[row] = (m, 1 / s).
__device__ void merge_if_last(const float2* part, float2* stats, unsigned* count, int row, int cpr, float* red) {
  __shared__ bool last;
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0) last = atomicAdd(&count[row], 1u) == unsigned(cpr - 1);
  __syncthreads();
  if (!last) return;
  __threadfence();
  float m = -INFINITY;
  for (int j = threadIdx.x; j < cpr; j += kThreads) m = fmaxf(m, __ldcg(&part[int64_t{row} * cpr + j]).x);
  m = block_reduce<true>(m, red);
  float s = 0.0f;
  for (int j = threadIdx.x; j < cpr; j += kThreads) { const float2 p = __ldcg(&part[int64_t{row} * cpr + j]); s += p.y * expf(p.x - m); }
  s = block_reduce<false>(s, red);
  if (threadIdx.x == 0) { stats[row] = make_float2(m, 1.0f / s); count[row] = 0; }
}

// Pass 1 on chunks first .. first + gridDim.x - 1: the chunk's (m_c, s_c), and e = exp(x - m_c)
// written to y when HOLD.
template <bool HOLD, bool HINT>
__global__ void __launch_bounds__(kThreads) pass1(const float4* x, float4* y, float2* part, float2* stats,
                                                  unsigned* count, int cpr, int first) {
  __shared__ float red[32];
  const int c = first + blockIdx.x;
  const int64_t base = int64_t{c} * (kChunk / 4) + threadIdx.x;
  const uint64_t pol_x = policy(false), pol_e = policy(true);
  float4 v[kPacks];
#pragma unroll
  for (int i = 0; i < kPacks; ++i) v[i] = HINT ? load(x + base + i * kThreads, true, pol_x) : __ldg(x + base + i * kThreads);
  float m = -INFINITY;
#pragma unroll
  for (int i = 0; i < kPacks; ++i) m = fmaxf(m, fmaxf(fmaxf(v[i].x, v[i].y), fmaxf(v[i].z, v[i].w)));
  m = block_reduce<true>(m, red);
  float s = 0.0f;
#pragma unroll
  for (int i = 0; i < kPacks; ++i) {
    const float4 e = make_float4(__expf(v[i].x - m), __expf(v[i].y - m), __expf(v[i].z - m), __expf(v[i].w - m));
    s += (e.x + e.y) + (e.z + e.w);
    if (HOLD) store(y + base + i * kThreads, e, HINT, pol_e);
  }
  s = block_reduce<false>(s, red);
  if (threadIdx.x == 0) part[c] = make_float2(m, s);
  merge_if_last(part, stats, count, c / cpr, cpr, red);
}

// Pass 2: HOLD scales e in place by exp(m_c - m) / s; otherwise x is read again. REV takes the
// chunks last first.
template <bool HOLD, bool HINT, bool REV>
__global__ void __launch_bounds__(kThreads) pass2(const float4* x, float4* y, const float2* part,
                                                  const float2* stats, int cpr, int first) {
  const int c = first + (REV ? gridDim.x - 1 - blockIdx.x : blockIdx.x);
  const int64_t base = int64_t{c} * (kChunk / 4) + threadIdx.x;
  const float2 st = stats[c / cpr];
  const uint64_t pol = policy(false);
  if (HOLD) {
    const float k = __expf(part[c].x - st.x) * st.y;
    float4 v[kPacks];
#pragma unroll
    for (int i = 0; i < kPacks; ++i) v[i] = load(y + base + i * kThreads, HINT, pol);
#pragma unroll
    for (int i = 0; i < kPacks; ++i) store(y + base + i * kThreads, make_float4(v[i].x * k, v[i].y * k, v[i].z * k, v[i].w * k), HINT, pol);
  } else {
    float4 v[kPacks];
#pragma unroll
    for (int i = 0; i < kPacks; ++i) v[i] = __ldg(x + base + i * kThreads);
#pragma unroll
    for (int i = 0; i < kPacks; ++i)
      y[base + i * kThreads] = make_float4(__expf(v[i].x - st.x) * st.y, __expf(v[i].y - st.x) * st.y,
                                           __expf(v[i].z - st.x) * st.y, __expf(v[i].w - st.x) * st.y);
  }
}

struct Bufs { float4 *x, *y; float2 *part, *stats; unsigned* count; };

void launch(Mode mode, const Bufs& b, int M, int64_t N, cudaStream_t st) {
  const int cpr = int(N / kChunk), chunks = M * cpr;
  switch (mode) {
    case kMemcpy: CK(cudaMemcpyAsync(b.y, b.x, int64_t{M} * N * 4, cudaMemcpyDeviceToDevice, st)); break;
    case kTwice:
      pass1<false, false><<<chunks, kThreads, 0, st>>>(b.x, b.y, b.part, b.stats, b.count, cpr, 0);
      pass2<false, false, false><<<chunks, kThreads, 0, st>>>(b.x, b.y, b.part, b.stats, cpr, 0); break;
    case kHold:
      pass1<true, false><<<chunks, kThreads, 0, st>>>(b.x, b.y, b.part, b.stats, b.count, cpr, 0);
      pass2<true, false, false><<<chunks, kThreads, 0, st>>>(b.x, b.y, b.part, b.stats, cpr, 0); break;
    case kHoldHint:
      pass1<true, true><<<chunks, kThreads, 0, st>>>(b.x, b.y, b.part, b.stats, b.count, cpr, 0);
      pass2<true, true, false><<<chunks, kThreads, 0, st>>>(b.x, b.y, b.part, b.stats, cpr, 0); break;
    case kHoldRev:
      pass1<true, false><<<chunks, kThreads, 0, st>>>(b.x, b.y, b.part, b.stats, b.count, cpr, 0);
      pass2<true, false, true><<<chunks, kThreads, 0, st>>>(b.x, b.y, b.part, b.stats, cpr, 0); break;
    case kRows:
      for (int r = 0; r < M; ++r) {
        pass1<true, false><<<cpr, kThreads, 0, st>>>(b.x, b.y, b.part, b.stats, b.count, cpr, r * cpr);
        pass2<true, false, false><<<cpr, kThreads, 0, st>>>(b.x, b.y, b.part, b.stats, cpr, r * cpr);
      }
      break;
    default: break;
  }
  CK(cudaGetLastError());
}

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 2;
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, 0));
  std::printf("%s, %d SMs, L2 %d MB; fp32; µs are medians of 30 calls, %% of memcpy in the same round\n",
              p.name, p.multiProcessorCount, p.l2CacheSize >> 20);
  const int shapes[][2] = {{1, 22}, {1, 23}, {1, 24}, {1, 25}, {4, 21}, {4, 22}, {8, 21}, {4, 23}, {8, 22}};
  const int64_t max_elems = int64_t{1} << 25;
  const int64_t fbytes = std::max<int64_t>(2 * int64_t{p.l2CacheSize}, 64 << 20);
  Bufs b;
  char* flush;
  CK(cudaMalloc(&b.x, max_elems * 4));
  CK(cudaMalloc(&b.y, max_elems * 4));
  CK(cudaMalloc(&b.part, (max_elems / kChunk) * sizeof(float2)));
  CK(cudaMalloc(&b.stats, 64 * sizeof(float2)));
  CK(cudaMalloc(&b.count, 64 * sizeof(unsigned)));
  CK(cudaMemset(b.count, 0, 64 * sizeof(unsigned)));
  CK(cudaMalloc(&flush, fbytes));
  // Inputs: uniform in [-8, 8) from a hash, every 997th element +30 (outliers).
  std::vector<float> hx(max_elems), hy(max_elems);
  for (int64_t i = 0; i < max_elems; ++i) {
    uint32_t h = uint32_t(i) * 2654435761u; h ^= h >> 15; h *= 2246822519u; h ^= h >> 13;
    hx[i] = float(h >> 8) * (16.0f / 16777216.0f) - 8.0f + (i % 997 == 0 ? 30.0f : 0.0f);
  }
  CK(cudaMemcpy(b.x, hx.data(), max_elems * 4, cudaMemcpyHostToDevice));
  cudaStream_t st;
  CK(cudaStreamCreate(&st));
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  int salt = 0;
  auto timed = [&](Mode mode, int M, int64_t N) {
    std::vector<float> t;
    for (int it = 0; it < 31; ++it) {
      CK(cudaCtxResetPersistingL2Cache());
      CK(cudaMemsetAsync(flush, ++salt & 0xff, fbytes, st));
      CK(cudaEventRecord(e0, st));
      launch(mode, b, M, N, st);
      CK(cudaEventRecord(e1, st));
      CK(cudaEventSynchronize(e1));
      float ms;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      if (it > 0) t.push_back(ms * 1000.0f);  // the first is a warm-up
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
  };
  // The check: every element against exp(x - m) / s in double, relative error and unwritten (NaN).
  auto check = [&](Mode mode, int M, int64_t N) {
    CK(cudaMemset(b.y, 0xff, M * N * 4));  // NaN: an unwritten element fails
    CK(cudaCtxResetPersistingL2Cache());   // then the flush, as before a timed call
    CK(cudaMemsetAsync(flush, ++salt & 0xff, fbytes, st));
    launch(mode, b, M, N, st);
    CK(cudaStreamSynchronize(st));
    CK(cudaMemcpy(hy.data(), b.y, M * N * 4, cudaMemcpyDeviceToHost));
    double worst = 0.0;
    for (int r = 0; r < M; ++r) {
      const float* xr = hx.data() + r * N;
      const float* yr = hy.data() + r * N;
      double m = -INFINITY, s = 0.0;
      for (int64_t i = 0; i < N; ++i) m = std::max(m, double(xr[i]));
#pragma omp parallel for reduction(+ : s)
      for (int64_t i = 0; i < N; ++i) s += std::exp(double(xr[i]) - m);
      double w = 0.0;
#pragma omp parallel for reduction(max : w)
      for (int64_t i = 0; i < N; ++i) {
        const double ref = std::exp(double(xr[i]) - m) / s;
        const double err = std::fabs(yr[i] - ref) / std::max(ref, 1e-30);
        w = std::max(w, std::isnan(yr[i]) ? 1e30 : err);
      }
      if (getenv("L2HOLD_DEBUG") && w > 1e-4) {
        float2 stv;
        CK(cudaMemcpy(&stv, b.stats + r, sizeof stv, cudaMemcpyDeviceToHost));
        std::printf("\n  [%s row %d: m %.6g s %.6g, device m %.6g 1/s %.6g; y[0] %.6g ref %.6g, y[997] %.6g ref %.6g]",
                    kNames[mode], r, m, s, stv.x, stv.y, yr[0], std::exp(double(xr[0]) - m) / s, yr[997],
                    std::exp(double(xr[997]) - m) / s);
      }
      worst = std::max(worst, w);
    }
    return worst;
  };
  const char* only = getenv("L2HOLD_ONLY");  // "M logN": that shape alone
  for (auto& sh : shapes) {
    if (only && std::atoi(only) != sh[0]) continue;
    if (only && std::strchr(only, ' ') && std::atoi(std::strchr(only, ' ')) != sh[1]) continue;
    const int M = sh[0];
    const int64_t N = int64_t{1} << sh[1];
    bool ok = true;
    std::printf("\nfp32 %d x 2^%d (%lld MB):", M, sh[1], (long long)(M * N * 4 >> 20));
    for (int mo = kTwice; mo < kModes; ++mo) {
      const double w = check(Mode(mo), M, N);
      std::printf(" %s %.1e", kNames[mo], w);
      if (!(w < 1e-4)) ok = false;
    }
    std::printf("%s\n", ok ? "" : "  CHECK FAILED");
    for (int r = 0; r < rounds; ++r) {
      float t[kModes];
      for (int mo = 0; mo < kModes; ++mo) t[mo] = timed(Mode(mo), M, N);
      std::printf("  round %d:", r + 1);
      for (int mo = 0; mo < kModes; ++mo) std::printf(" %s %.2f (%.1f%%)", kNames[mo], t[mo], 100.0 * t[kMemcpy] / t[mo]);
      std::printf("\n");
    }
  }
  return 0;
}
