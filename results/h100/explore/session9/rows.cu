// Probe (ninth session): many rows of 2-64 KB, where Triton's fused kernel (one program of 4-16
// warps per row) beats stage 03/08's warp per row and stage 08's block per row. Which of these
// matters: the team size (warps per row), computing exp once (kept in float registers) or twice
// (the packs kept, exp again to normalise), and how the (max, sum) is reduced?
// Build: nvcc -O3 -std=c++17 -arch=sm_90 -Icommon -o rows results/h100/explore/session9/rows.cu
// Each timed launch follows an L2 flush (a memset of twice the L2), as common/timing.cuh does.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "packs.cuh"
#include "reduce.cuh"

#define CK(x)                                                                           \
  do {                                                                                  \
    cudaError_t e_ = (x);                                                               \
    if (e_ != cudaSuccess) {                                                            \
      std::printf("error %s at line %d: %s\n", #x, __LINE__, cudaGetErrorString(e_)); \
      std::exit(1);                                                                     \
    }                                                                                   \
  } while (0)

// A team of TW warps per row; a block of max(128, 32 TW) threads holds THREADS / (32 TW) rows.
// Thread t of a team owns packs t, t + 32 TW, ... (P of them). ONCE: exp(x - max) is computed once
// and kept as floats; otherwise the packs are kept and exp is taken again to normalise (stage 08).
template <int TW>
__host__ __device__ constexpr int threads_of() { return 32 * TW < 128 ? 128 : 32 * TW; }

// team_allreduce<TW>: common/reduce.cuh (the first run of this probe had its own, whose lanes >= TW
// got the identity instead of the team's result: its multi-warp checks failed; see rows-first.txt).

template <class T, int TW, int P, bool ONCE>
__global__ void __launch_bounds__(threads_of<TW>()) team_rows(const T* __restrict__ x, T* __restrict__ y, int64_t M,
                                                               int N) {
  constexpr int THREADS = threads_of<TW>(), TEAM = 32 * TW, V = kVec<T>;
  __shared__ float smax[THREADS / 32], ssum[THREADS / 32];
  const int64_t row = int64_t{blockIdx.x} * (THREADS / TEAM) + threadIdx.x / TEAM;
  const bool live = row < M;
  if constexpr (TW == 1) {
    if (!live) return;
  }
  const int t = threadIdx.x % TEAM;
  const int nvec = N / V;
  const uint4* xr = reinterpret_cast<const uint4*>(x + (live ? row : 0) * N);
  uint4* yr = reinterpret_cast<uint4*>(y + (live ? row : 0) * N);
  // 1. All loads first.
  uint4 r[P];
#pragma unroll
  for (int i = 0; i < P; ++i) r[i] = live && t + TEAM * i < nvec ? xr[t + TEAM * i] : neg_inf_pack<T>();
  // 2. Max.
  float m = -INFINITY;
#pragma unroll
  for (int i = 0; i < P; ++i) m = fmaxf(m, pack_max<T>(r[i]));
  m = team_allreduce<TW>(m, MaxOp{}, smax);
  const float ms = m == -INFINITY ? 0.0f : m;
  // 3. exp and sum.
  float e[ONCE ? P : 1][V];
  float l = 0.0f;
#pragma unroll
  for (int i = 0; i < P; ++i) {
    float f[V];
    unpack<T>(r[i], f);
#pragma unroll
    for (int k = 0; k < V; ++k) {
      const float ek = __expf(f[k] - ms);
      l += ek;
      if constexpr (ONCE) e[i][k] = ek;
    }
  }
  const float inv = 1.0f / team_allreduce<TW>(l, SumOp{}, ssum);
  // 4. Normalise, store.
#pragma unroll
  for (int i = 0; i < P; ++i) {
    if (live && t + TEAM * i < nvec) {
      float f[V];
      if constexpr (ONCE) {
#pragma unroll
        for (int k = 0; k < V; ++k) f[k] = e[i][k] * inv;
      } else {
        unpack<T>(r[i], f);
#pragma unroll
        for (int k = 0; k < V; ++k) f[k] = __expf(f[k] - ms) * inv;
      }
      yr[t + TEAM * i] = pack<T>(f);
    }
  }
}

// Stage 08's block per row as it is (onepass, registers only): a (max, sum) per thread, one
// merge-reduction across the block with exact expf merges, exp again to normalise. THREADS x P packs.
template <class T, int THREADS, int P>
__global__ void __launch_bounds__(THREADS) merge_rows(const T* __restrict__ x, T* __restrict__ y, int N) {
  constexpr int V = kVec<T>;
  const int nvec = N / V;
  const uint4* xr = reinterpret_cast<const uint4*>(x + blockIdx.x * int64_t{N});
  uint4* yr = reinterpret_cast<uint4*>(y + blockIdx.x * int64_t{N});
  uint4 r[P];
#pragma unroll
  for (int i = 0; i < P; ++i) r[i] = threadIdx.x + THREADS * i < nvec ? xr[threadIdx.x + THREADS * i] : neg_inf_pack<T>();
  float m = -INFINITY;
#pragma unroll
  for (int i = 0; i < P; ++i) m = fmaxf(m, pack_max<T>(r[i]));
  float l = 0.0f;
#pragma unroll
  for (int i = 0; i < P; ++i) {
    float f[V];
    unpack<T>(r[i], f);
#pragma unroll
    for (int k = 0; k < V; ++k) l += __expf(f[k] - m);
  }
  const MaxSum row = block_allreduce(MaxSum{m, l});
  const float inv = 1.0f / row.l;
#pragma unroll
  for (int i = 0; i < P; ++i) {
    if (threadIdx.x + THREADS * i < nvec) {
      float f[V];
      unpack<T>(r[i], f);
#pragma unroll
      for (int k = 0; k < V; ++k) f[k] = __expf(f[k] - row.m) * inv;
      yr[threadIdx.x + THREADS * i] = pack<T>(f);
    }
  }
}

__global__ void fill(uint32_t* w, int64_t words, int bytes_per_elem, uint32_t seed) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < words; i += int64_t{gridDim.x} * blockDim.x) {
    uint32_t h = static_cast<uint32_t>(i) * 2654435761u ^ seed;
    h ^= h >> 13, h *= 0x5bd1e995u, h ^= h >> 15;
    auto val = [](uint32_t k) { return (static_cast<float>(k & 0xffff) / 65535.0f - 0.5f) * 8.0f; };
    if (bytes_per_elem == 4) {
      reinterpret_cast<float*>(w)[i] = val(h);
    } else if (bytes_per_elem == 2) {
      const __half2 p = __floats2half2_rn(val(h), val(h >> 16));
      w[i] = *reinterpret_cast<const uint32_t*>(&p);
    } else {
      const __nv_bfloat162 p = __floats2bfloat162_rn(val(h), val(h >> 16));
      w[i] = *reinterpret_cast<const uint32_t*>(&p);
    }
  }
}

template <class T>
float to_f(T v) {
  if constexpr (sizeof(T) == 4) return v;
  else return static_cast<float>(v);
}

struct Ctx {
  void* flush;
  size_t flush_bytes;
  cudaEvent_t a, b;
  int iters;
};

template <class F>
double time_us(Ctx& c, F&& launch) {
  std::vector<double> v;
  for (int it = -3; it < c.iters; ++it) {
    CK(cudaMemsetAsync(c.flush, 0, c.flush_bytes, 0));
    CK(cudaEventRecord(c.a, 0));
    launch();
    CK(cudaEventRecord(c.b, 0));
    CK(cudaEventSynchronize(c.b));
    CK(cudaGetLastError());
    float ms;
    CK(cudaEventElapsedTime(&ms, c.a, c.b));
    if (it >= 0) v.push_back(ms * 1e3);
  }
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Max abs error of rows 0, 1, M / 2 and M - 1 against a double reference; NaN counts as failure.
template <class T>
double check(const T* dx, const T* dy, int64_t M, int N) {
  std::vector<T> hx(N), hy(N);
  double worst = 0;
  for (int64_t row : {int64_t{0}, int64_t{1}, M / 2, M - 1}) {
    if (row >= M) continue;
    CK(cudaMemcpy(hx.data(), dx + row * N, N * sizeof(T), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(hy.data(), dy + row * N, N * sizeof(T), cudaMemcpyDeviceToHost));
    double m = -INFINITY, s = 0;
    for (int j = 0; j < N; ++j) m = std::max(m, double(to_f(hx[j])));
    for (int j = 0; j < N; ++j) s += std::exp(double(to_f(hx[j])) - m);
    for (int j = 0; j < N; ++j) {
      const double err = std::fabs(double(to_f(hy[j])) - std::exp(double(to_f(hx[j])) - m) / s);
      if (!(err <= worst)) worst = err;  // NaN -> NaN stays
      if (err != err) return NAN;
    }
  }
  return worst;
}

template <class T, int TW, int P, bool ONCE>
void try_team(Ctx& c, const T* x, T* y, int64_t M, int N, double copy_us, const char* dt) {
  constexpr int THREADS = threads_of<TW>(), V = kVec<T>;
  if (N != 32 * TW * P * V) return;  // exactly covering rows only: no masked packs
  const int rows_per_block = THREADS / (32 * TW);
  const unsigned blocks = static_cast<unsigned>((M + rows_per_block - 1) / rows_per_block);
  int regs = 0, per_sm = 0;
  cudaFuncAttributes fa;
  CK(cudaFuncGetAttributes(&fa, team_rows<T, TW, P, ONCE>));
  regs = fa.numRegs;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, team_rows<T, TW, P, ONCE>, THREADS, 0));
  CK(cudaMemset(y, 0xff, M * N * sizeof(T)));
  const double us = time_us(c, [&] { team_rows<T, TW, P, ONCE><<<blocks, THREADS>>>(x, y, M, N); });
  const double err = check(x, y, M, N);
  std::printf("%-5s %5lld %6d team%-2d P%-2d %-5s %4d thr %3d regs %2d blk/SM  %8.2f us  %6.1f%% of copy  err %.1e%s\n", dt,
              static_cast<long long>(M), N, TW, P, ONCE ? "once" : "twice", THREADS, regs, per_sm, us,
              100.0 * copy_us / us, err, err == err && err < 1e-2 ? "" : "  FAILED");
}

template <class T, int THREADS, int P>
void try_merge(Ctx& c, const T* x, T* y, int64_t M, int N, double copy_us, const char* dt) {
  if (N != THREADS * P * kVec<T>) return;
  cudaFuncAttributes fa;
  CK(cudaFuncGetAttributes(&fa, merge_rows<T, THREADS, P>));
  CK(cudaMemset(y, 0xff, M * N * sizeof(T)));
  const double us = time_us(c, [&] { merge_rows<T, THREADS, P><<<static_cast<unsigned>(M), THREADS>>>(x, y, N); });
  const double err = check(x, y, M, N);
  std::printf("%-5s %5lld %6d merge  P%-2d       %4d thr %3d regs          %8.2f us  %6.1f%% of copy  err %.1e%s\n", dt,
              static_cast<long long>(M), N, P, THREADS, fa.numRegs, us, 100.0 * copy_us / us, err,
              err == err && err < 1e-2 ? "" : "  FAILED");
}

template <class T, int TW, bool ONCE>
void teams_of(Ctx& c, const T* x, T* y, int64_t M, int N, double cu, const char* dt) {
  try_team<T, TW, 1, ONCE>(c, x, y, M, N, cu, dt);
  try_team<T, TW, 2, ONCE>(c, x, y, M, N, cu, dt);
  try_team<T, TW, 4, ONCE>(c, x, y, M, N, cu, dt);
  try_team<T, TW, 8, ONCE>(c, x, y, M, N, cu, dt);
  if constexpr (sizeof(T) == 4) try_team<T, TW, 16, ONCE>(c, x, y, M, N, cu, dt);
}

template <class T>
void shape(Ctx& c, int64_t M, int N, const char* dt) {
  const size_t bytes = size_t(M) * N * sizeof(T);
  T *x, *y;
  CK(cudaMalloc(&x, bytes));
  CK(cudaMalloc(&y, bytes));
  fill<<<1024, 256>>>(reinterpret_cast<uint32_t*>(x), bytes / 4, sizeof(T) == 4 ? 4 : (std::is_same_v<T, __half> ? 2 : 3), 42u);
  CK(cudaDeviceSynchronize());
  const double cu = time_us(c, [&] { CK(cudaMemcpyAsync(y, x, bytes, cudaMemcpyDeviceToDevice, 0)); });
  std::printf("%-5s %5lld %6d copy %8.2f us (%.0f GB/s)\n", dt, static_cast<long long>(M), N, cu, 2.0 * bytes / cu / 1e3);
  teams_of<T, 1, false>(c, x, y, M, N, cu, dt);
  teams_of<T, 1, true>(c, x, y, M, N, cu, dt);
  teams_of<T, 2, true>(c, x, y, M, N, cu, dt);
  teams_of<T, 4, true>(c, x, y, M, N, cu, dt);
  teams_of<T, 8, true>(c, x, y, M, N, cu, dt);
  teams_of<T, 16, true>(c, x, y, M, N, cu, dt);
  teams_of<T, 32, true>(c, x, y, M, N, cu, dt);
  teams_of<T, 8, false>(c, x, y, M, N, cu, dt);
  try_merge<T, 256, 1>(c, x, y, M, N, cu, dt);
  try_merge<T, 128, 4>(c, x, y, M, N, cu, dt);
  try_merge<T, 256, 4>(c, x, y, M, N, cu, dt);
  try_merge<T, 512, 4>(c, x, y, M, N, cu, dt);
  CK(cudaFree(x));
  CK(cudaFree(y));
}

int main(int argc, char** argv) {
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, 0));
  std::printf("%s, %d SMs, L2 %d MB\n", p.name, p.multiProcessorCount, p.l2CacheSize >> 20);
  Ctx c;
  c.iters = argc > 1 ? std::atoi(argv[1]) : 30;
  c.flush_bytes = std::max<size_t>(2 * size_t(p.l2CacheSize), size_t(64) << 20);
  CK(cudaMalloc(&c.flush, c.flush_bytes));
  CK(cudaEventCreate(&c.a));
  CK(cudaEventCreate(&c.b));
  for (int n : {1024, 2048, 4096, 8192, 16384}) shape<float>(c, 2048, n, "f32");
  for (int n : {1024, 2048, 4096, 8192, 16384, 32768}) shape<__half>(c, 2048, n, "f16");
  shape<__half>(c, 128, 1024, "f16");
  shape<__half>(c, 4, 16384, "f16");
  shape<__half>(c, 4, 32768, "f16");
  shape<float>(c, 4, 16384, "f32");
  shape<__nv_bfloat16>(c, 2048, 2048, "bf16");
  return 0;
}
