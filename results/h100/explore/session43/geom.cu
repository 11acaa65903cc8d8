// Forty-third session probe (geom256.cu widened): how many lanes a row should take, and so how many
// 16-byte packs each thread holds, for rows of 512 B - 4 KB in matrices of 4-64 MB, fp32 and fp16.
// geom256.cu found fp32 16384 x 256 (16 MB) 10% faster with 16 lanes x 4 packs a row than with
// stage 03's 32 x 2 (14.18 against 15.74 us): with 4 packs a thread an SM's 2048 threads hold
// 128 KB, so the whole 16 MB is requested in one wave of blocks, where 2 packs take two. Each
// variant: TPR lanes a row, P packs a thread (TPR x P x 16 = the row's bytes), blocks of 128
// threads (or TPR); the kernel is stage 08's team_rows reduced to rows in packs. For each dtype,
// row size and matrix size, ROUNDS rounds of every variant in turn (30 iterations each, L2 flushed
// by a memset of 2 x L2 before each, CUDA events, median), the D2D copy of the same bytes first.
// Build: nvcc -O3 -arch=sm_90 -std=c++17 geom.cu -o geom; run: ./geom [rounds]
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>
#include <cuda_fp16.h>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { std::printf("CUDA %s line %d\n", cudaGetErrorString(e), __LINE__); std::exit(1); } } while (0)

template <class T> constexpr int kV = 16 / sizeof(T);
__device__ __forceinline__ void unpack(float4 r, float (&f)[4]) { f[0] = r.x; f[1] = r.y; f[2] = r.z; f[3] = r.w; }
__device__ __forceinline__ void unpack(uint4 r, float (&f)[8]) {
  const unsigned u[4] = {r.x, r.y, r.z, r.w};
  for (int i = 0; i < 4; ++i) { float2 p = __half22float2(*reinterpret_cast<const __half2*>(&u[i])); f[2 * i] = p.x; f[2 * i + 1] = p.y; }
}
__device__ __forceinline__ float4 pack(const float (&f)[4]) { return make_float4(f[0], f[1], f[2], f[3]); }
__device__ __forceinline__ uint4 pack(const float (&f)[8]) {
  unsigned u[4];
  for (int i = 0; i < 4; ++i) { __half2 h = __floats2half2_rn(f[2 * i], f[2 * i + 1]); u[i] = *reinterpret_cast<unsigned*>(&h); }
  return make_uint4(u[0], u[1], u[2], u[3]);
}
template <class T> using Pack = std::conditional_t<sizeof(T) == 4, float4, uint4>;

template <class T, int N, int TPR>
__global__ __launch_bounds__(TPR < 128 ? 128 : TPR) void k(const T* __restrict__ x, T* __restrict__ y, long M) {
  constexpr int V = kV<T>, P = N / V / TPR, THREADS = TPR < 128 ? 128 : TPR, RPB = THREADS / TPR;
  static_assert(P * V * TPR == N, "whole packs");
  __shared__ float red[THREADS / 32];
  const int t = threadIdx.x, lane = t % TPR;
  const long row = long(blockIdx.x) * RPB + t / TPR;
  const bool live = row < M;
  const Pack<T>* xr = reinterpret_cast<const Pack<T>*>(x + (live ? row : 0) * N);
  Pack<T>* yr = reinterpret_cast<Pack<T>*>(y + (live ? row : 0) * N);
  Pack<T> r[P];
#pragma unroll
  for (int i = 0; i < P; ++i) r[i] = __ldg(xr + lane + TPR * i);
  float e[P][V];
  float m = -INFINITY;
#pragma unroll
  for (int i = 0; i < P; ++i) { unpack(r[i], e[i]); for (int j = 0; j < V; ++j) m = fmaxf(m, e[i][j]); }
  constexpr int WL = TPR < 32 ? TPR : 32;
#pragma unroll
  for (int o = WL / 2; o > 0; o /= 2) m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, o));
  if constexpr (TPR > 32) {
    if (t % 32 == 0) red[t / 32] = m;
    __syncthreads();
    for (int j = 0; j < TPR / 32; ++j) m = fmaxf(m, red[(t / TPR) * (TPR / 32) + j]);
    __syncthreads();
  }
  float s = 0;
#pragma unroll
  for (int i = 0; i < P; ++i) for (int j = 0; j < V; ++j) { e[i][j] = __expf(e[i][j] - m); s += e[i][j]; }
#pragma unroll
  for (int o = WL / 2; o > 0; o /= 2) s += __shfl_xor_sync(0xffffffff, s, o);
  if constexpr (TPR > 32) {
    if (t % 32 == 0) red[t / 32] = s;
    __syncthreads();
    s = 0;
    for (int j = 0; j < TPR / 32; ++j) s += red[(t / TPR) * (TPR / 32) + j];
  }
  const float inv = 1.0f / s;
  if (!live) return;
#pragma unroll
  for (int i = 0; i < P; ++i) { for (int j = 0; j < V; ++j) e[i][j] *= inv; yr[lane + TPR * i] = pack(e[i]); }
}

struct Var { int bytes, n, tpr, p, dtype; void (*f)(const void*, void*, long); };
template <class T, int N, int TPR> void run(const void* x, void* y, long M) {
  constexpr int THREADS = TPR < 128 ? 128 : TPR, RPB = THREADS / TPR;
  k<T, N, TPR><<<(M + RPB - 1) / RPB, THREADS>>>(static_cast<const T*>(x), static_cast<T*>(y), M);
}
#define VF(N, TPR) Var{N * 4, N, TPR, N / 4 / TPR, 0, run<float, N, TPR>}
#define VH(N, TPR) Var{N * 2, N, TPR, N / 8 / TPR, 1, run<__half, N, TPR>}
// Per row size: 08's team today (lanes = packs up to 128, then 2 packs), stage 03's warp (fp32),
// and deeper teams of 4 and 8 packs a thread.
static const Var vars[] = {
    VF(128, 32), VF(128, 8), VF(128, 4),                                   // 512 B: 32 x 1, 8 x 4, 4 x 8
    VF(256, 64), VF(256, 32), VF(256, 16), VF(256, 8),                     // 1 KB
    VF(512, 128), VF(512, 32), VF(512, 16), VF(512, 8),                    // 2 KB
    VF(1024, 128), VF(1024, 64), VF(1024, 32), VF(1024, 16),               // 4 KB
    VH(256, 32), VH(256, 8), VH(256, 4),
    VH(512, 64), VH(512, 32), VH(512, 16), VH(512, 8),
    VH(1024, 128), VH(1024, 64), VH(1024, 32), VH(1024, 16),
    VH(2048, 128), VH(2048, 64), VH(2048, 32), VH(2048, 16),
};

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 3;
  const long mb_list[] = {4, 8, 12, 16, 24, 32, 64};
  const size_t maxb = size_t(64) << 20;
  int l2 = 0; CK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, 0));
  const size_t fb = std::max<size_t>(2 * size_t(l2), 64u << 20);
  void *x, *y, *c, *fl;
  CK(cudaMalloc(&x, maxb)); CK(cudaMalloc(&y, maxb)); CK(cudaMalloc(&c, maxb)); CK(cudaMalloc(&fl, fb));
  // The same random bytes for both dtypes' inputs: fp32 in [-4, 4), fp16 in [-4, 4).
  std::vector<float> hf(maxb / 4); std::vector<__half> hh(maxb / 2);
  unsigned s = 12345;
  for (auto& e : hf) { s = s * 1664525u + 1013904223u; e = (s >> 8) * (1.0f / 16777216.0f) * 8.0f - 4.0f; }
  for (size_t i = 0; i < hh.size(); ++i) hh[i] = __float2half(hf[i % hf.size()] * 0.999f);
  cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
  auto time = [&](auto&& work) {
    std::vector<float> t;
    for (int i = 0; i < 33; ++i) {
      CK(cudaMemsetAsync(fl, 0, fb));
      CK(cudaEventRecord(a)); work(); CK(cudaEventRecord(b)); CK(cudaEventSynchronize(b));
      float ms; CK(cudaEventElapsedTime(&ms, a, b)); if (i >= 3) t.push_back(ms * 1000);
    }
    std::sort(t.begin(), t.end()); return 0.5 * (t[14] + t[15]);
  };
  const int nv = sizeof(vars) / sizeof(vars[0]);
  for (int dt = 0; dt < 2; ++dt) {
    const size_t es = dt ? 2 : 4;
    if (dt) CK(cudaMemcpy(x, hh.data(), maxb, cudaMemcpyHostToDevice)); else CK(cudaMemcpy(x, hf.data(), maxb, cudaMemcpyHostToDevice));
    for (int bytes : {512, 1024, 2048, 4096}) {
      std::vector<int> vs;
      for (int v = 0; v < nv; ++v) if (vars[v].dtype == dt && vars[v].bytes == bytes) vs.push_back(v);
      // Check each variant on 4 MB against a double reference on a sample of rows.
      const long Mc = (4l << 20) / bytes; const int n = vars[vs[0]].n;
      std::vector<float> got(size_t(Mc) * n); std::vector<__half> goth(got.size());
      for (int v : vs) {
        CK(cudaMemset(y, 0xff, maxb));
        vars[v].f(x, y, Mc); CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
        if (dt) { CK(cudaMemcpy(goth.data(), y, got.size() * 2, cudaMemcpyDeviceToHost)); for (size_t i = 0; i < got.size(); ++i) got[i] = __half2float(goth[i]); }
        else CK(cudaMemcpy(got.data(), y, got.size() * 4, cudaMemcpyDeviceToHost));
        double worst = 0;
        for (long r = 0; r < Mc; r += (r < 16 || r > Mc - 16) ? 1 : 61) {
          double mx = -1e30, sum = 0;
          auto in = [&](int j) { return dt ? double(__half2float(hh[r * n + j])) : double(hf[r * n + j]); };
          for (int j = 0; j < n; ++j) mx = std::max(mx, in(j));
          for (int j = 0; j < n; ++j) sum += std::exp(in(j) - mx);
          for (int j = 0; j < n; ++j) {
            const double ref = std::exp(in(j) - mx) / sum, err = std::fabs(got[r * n + j] - ref);
            const double tol = dt ? 1e-3 * ref + 1e-6 : 1e-5 * ref;
            if (!(err <= tol)) worst = 1e9; else worst = std::max(worst, err / ref);
          }
        }
        if (worst >= 1e9) { std::printf("FAIL %s rows of %d B, %d lanes x %d packs\n", dt ? "f16" : "f32", bytes, vars[v].tpr, vars[v].p); return 1; }
      }
      for (long mb : mb_list) {
        const long M = (mb << 20) / bytes; const size_t mbytes = size_t(M) * bytes;
        std::vector<std::vector<double>> us(vs.size() + 1);
        for (int r = 0; r < rounds; ++r) {
          us[0].push_back(time([&] { CK(cudaMemcpyAsync(c, x, mbytes, cudaMemcpyDeviceToDevice)); }));
          for (size_t i = 0; i < vs.size(); ++i) us[i + 1].push_back(time([&] { vars[vs[i]].f(x, y, M); }));
          CK(cudaGetLastError());
        }
        auto mean = [](const std::vector<double>& u) { double t = 0; for (double e : u) t += e; return t / u.size(); };
        std::printf("%s %6ld x %4d (%2ld MB, rows of %4d B): copy %7.2f", dt ? "f16" : "f32", M, n, mb, bytes, mean(us[0]));
        for (size_t i = 0; i < vs.size(); ++i)
          std::printf(" | %3d x %d %7.2f", vars[vs[i]].tpr, vars[vs[i]].p, mean(us[i + 1]));
        std::printf("\n");
        (void)es;
      }
    }
  }
  return 0;
}
