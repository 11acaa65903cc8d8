// Forty-third session probe: fp32 rows of 256 (a 1 KB row) under several geometries and cache
// hints, to find what torch.compile's kernel does better on fp32 16384 x 256 (15.14 against stage
// 03's 15.94 us in the clean small sweep). Each variant: TPR threads a row (P = 64 / TPR float4s a
// thread), W warps a block, a load hint (0 __ldg, 1 ld.global, not the read-only path, 2 __ldcs
// evict-first, 3 L1::evict_first with an L2 evict_first cache-hint policy, as Triton emits) and
// a store hint (0 plain, 1 __stcs). Stage 03 is TPR 32, W 4, load 0, store 0. Rounds of every variant in turn (30 iterations each, L2 flushed by a
// memset of 2 x L2 before each, CUDA events, median); the D2D copy of the same bytes beside them.
// Build: nvcc -O3 -arch=sm_90 -std=c++17 geom256.cu -o geom256; run: ./geom256 M [rounds]
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { std::printf("CUDA %s line %d\n", cudaGetErrorString(e), __LINE__); std::exit(1); } } while (0)

constexpr int N = 256;

template <int LH> __device__ __forceinline__ float4 ld4(const float4* p) {
  if constexpr (LH == 0) return __ldg(p);
  else if constexpr (LH == 1) {
    float4 v;
    asm volatile("ld.global.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
    return v;
  }
  else if constexpr (LH == 2) return __ldcs(p);
  else {
    float4 v;
    unsigned long long pol;
    asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(pol));
    asm volatile("ld.global.L1::evict_first.L2::cache_hint.v4.f32 {%0,%1,%2,%3}, [%4], %5;"
                 : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p), "l"(pol));
    return v;
  }
}
template <int SH> __device__ __forceinline__ void st4(float4* p, float4 v) {
  if constexpr (SH == 0) *p = v; else __stcs(p, v);
}

template <int TPR, int W, int LH, int SH>
__global__ __launch_bounds__(32 * W) void k(const float* __restrict__ x, float* __restrict__ y, long M) {
  constexpr int P = N / 4 / TPR;
  constexpr int RPB = 32 * W / TPR;  // rows a block
  __shared__ float red[W];
  const int t = threadIdx.x;
  const long row = long(blockIdx.x) * RPB + t / TPR;
  const int lane = t % TPR;
  const bool live = row < M;
  const float4* xr = reinterpret_cast<const float4*>(x + row * N);
  float4* yr = reinterpret_cast<float4*>(y + row * N);
  float4 v[P];
#pragma unroll
  for (int i = 0; i < P; ++i) v[i] = live ? ld4<LH>(xr + lane + TPR * i) : make_float4(0, 0, 0, 0);
  float m = -INFINITY;
#pragma unroll
  for (int i = 0; i < P; ++i) m = fmaxf(m, fmaxf(fmaxf(v[i].x, v[i].y), fmaxf(v[i].z, v[i].w)));
  constexpr int WL = TPR < 32 ? TPR : 32;
#pragma unroll
  for (int o = WL / 2; o > 0; o /= 2) m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, o));
  if constexpr (TPR > 32) {
    if (t % 32 == 0) red[t / 32] = m;
    __syncthreads();
    const int w0 = (t / TPR) * (TPR / 32);
    for (int j = 0; j < TPR / 32; ++j) m = fmaxf(m, red[w0 + j]);
    __syncthreads();
  }
  float s = 0;
#pragma unroll
  for (int i = 0; i < P; ++i) {
    v[i].x = __expf(v[i].x - m); v[i].y = __expf(v[i].y - m);
    v[i].z = __expf(v[i].z - m); v[i].w = __expf(v[i].w - m);
    s += (v[i].x + v[i].y) + (v[i].z + v[i].w);
  }
#pragma unroll
  for (int o = WL / 2; o > 0; o /= 2) s += __shfl_xor_sync(0xffffffff, s, o);
  if constexpr (TPR > 32) {
    if (t % 32 == 0) red[t / 32] = s;
    __syncthreads();
    const int w0 = (t / TPR) * (TPR / 32);
    s = 0;
    for (int j = 0; j < TPR / 32; ++j) s += red[w0 + j];
  }
  const float inv = 1.0f / s;
  if (!live) return;
#pragma unroll
  for (int i = 0; i < P; ++i)
    st4<SH>(yr + lane + TPR * i, make_float4(v[i].x * inv, v[i].y * inv, v[i].z * inv, v[i].w * inv));
}

struct V { const char* name; void (*f)(const float*, float*, long); int rpb, threads; };
#define VAR(T, W, L, S) V{#T "x" #W " ld" #L " st" #S, k<T, W, L, S>, 32 * W / T, 32 * W}
static const V vars[] = {
    VAR(32, 4, 0, 0),  // stage 03
    VAR(32, 4, 1, 0), VAR(32, 4, 2, 0), VAR(32, 4, 3, 0), VAR(32, 4, 0, 1), VAR(32, 4, 3, 1),
    VAR(32, 1, 0, 0), VAR(32, 2, 0, 0), VAR(32, 8, 0, 0), VAR(32, 16, 0, 0),
    VAR(16, 4, 0, 0), VAR(16, 8, 0, 0), VAR(8, 4, 0, 0),
    VAR(64, 2, 0, 0), VAR(64, 2, 1, 0), VAR(64, 2, 3, 0), VAR(64, 4, 0, 0), VAR(64, 8, 0, 0),
    VAR(32, 4, 0, 0),  // stage 03 again, last
};

int main(int argc, char** argv) {
  const long M = argc > 1 ? std::atol(argv[1]) : 16384;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 5;
  const size_t bytes = size_t(M) * N * 4;
  int l2 = 0; CK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, 0));
  const size_t fb = std::max<size_t>(2 * size_t(l2), 64u << 20);
  float *x, *y, *c; void* fl;
  CK(cudaMalloc(&x, bytes)); CK(cudaMalloc(&y, bytes)); CK(cudaMalloc(&c, bytes)); CK(cudaMalloc(&fl, fb));
  std::vector<float> hx(size_t(M) * N), hy(hx.size());
  unsigned s = 12345;
  for (auto& e : hx) { s = s * 1664525u + 1013904223u; e = (s >> 8) * (1.0f / 16777216.0f) * 8.0f - 4.0f; }
  CK(cudaMemcpy(x, hx.data(), bytes, cudaMemcpyHostToDevice));
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
  // Check each variant against a double reference on a sample of rows.
  for (int v = 0; v < nv; ++v) {
    CK(cudaMemset(y, 0xff, bytes));
    vars[v].f<<<(M + vars[v].rpb - 1) / vars[v].rpb, vars[v].threads>>>(x, y, M);
    CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(hy.data(), y, bytes, cudaMemcpyDeviceToHost));
    double worst = 0;
    for (long r = 0; r < M; r += (r < 64 || r > M - 64) ? 1 : 97) {
      double mx = -1e30, sum = 0;
      for (int j = 0; j < N; ++j) mx = std::max(mx, double(hx[r * N + j]));
      for (int j = 0; j < N; ++j) sum += std::exp(double(hx[r * N + j]) - mx);
      for (int j = 0; j < N; ++j) {
        double ref = std::exp(double(hx[r * N + j]) - mx) / sum, got = hy[r * N + j];
        double rel = std::fabs(got - ref) / ref;
        if (!(rel <= 1e-5)) worst = 1e9; else worst = std::max(worst, rel);
      }
    }
    if (worst > 1e-5) { std::printf("FAIL %s (worst rel %g)\n", vars[v].name, worst); return 1; }
  }
  std::printf("fp32 %ld x %d: every variant matches the reference (rel <= 1e-5)\n", M, N);
  std::vector<std::vector<double>> us(nv + 1);
  for (int r = 0; r < rounds; ++r) {
    us[nv].push_back(time([&] { CK(cudaMemcpyAsync(c, x, bytes, cudaMemcpyDeviceToDevice)); }));
    for (int v = 0; v < nv; ++v)
      us[v].push_back(time([&] { vars[v].f<<<(M + vars[v].rpb - 1) / vars[v].rpb, vars[v].threads>>>(x, y, M); }));
    CK(cudaGetLastError());
  }
  auto mean = [](const std::vector<double>& u) { double t = 0; for (double e : u) t += e; return t / u.size(); };
  const double copy = mean(us[nv]);
  std::printf("%-22s %8s %8s %8s  (rounds: %d, %ld x %d fp32)\n", "variant", "us", "min", "max", rounds, M, N);
  std::printf("%-22s %8.2f %8.2f %8.2f\n", "D2D copy", copy, *std::min_element(us[nv].begin(), us[nv].end()), *std::max_element(us[nv].begin(), us[nv].end()));
  for (int v = 0; v < nv; ++v)
    std::printf("%-22s %8.2f %8.2f %8.2f  %5.1f%% of copy\n", vars[v].name, mean(us[v]),
                *std::min_element(us[v].begin(), us[v].end()), *std::max_element(us[v].begin(), us[v].end()), 100 * copy / mean(us[v]));
  return 0;
}
