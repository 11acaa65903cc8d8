// Forty-fourth session probe, on an H200, after phases.cu: there the halves' softmax ran at 63-94%
// of the copy where the same grid without arithmetic (barrier) ran at 91-97% and fp32 at 95-100%, so
// the halves lose in their arithmetic, not in the phases. docs/08_half.md's count: two exponentials
// per element, on the SFU's 16 a clock per SM, in a burst after the row lands. This times fp16 rows
// of 16-128 KB at M = 2048 (one block per row, TPR threads x P packs in registers) in five modes:
//   barrier  no arithmetic (phases.cu's)
//   twice    exp(x - max) on the SFU for the sum, again for the output (phases.cu's softmax)
//   once     exp on the SFU once; the exponentials, rounded to fp16, replace the packs
//   poly     twice, every exp on the FMA pipe: 2^t = 2^n * p(f), n = round(t), p of degree 5
//   mixed    twice, the even packs' exps on the SFU and the odd ones' on the FMA pipe
// beside cudaMemcpyAsync of the same bytes; the rest as phases.cu (flush, 30 iterations, median,
// ROUNDS rounds, the check against a double reference first).
// Build: nvcc -O3 -arch=sm_90 -std=c++17 exp.cu -o exp; run: ./exp [rounds]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <vector>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { std::printf("CUDA %s line %d\n", cudaGetErrorString(e), __LINE__); std::exit(1); } } while (0)

enum Mode { kCopy, kBarrier, kTwice, kOnce, kPoly, kMixed };
constexpr int kSoftmax = kTwice;  // modes from here on are softmax
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

// A block's reduction of one float per thread (max or sum), every thread gets the result.
template <int TPR, bool MAX>
__device__ __forceinline__ float block_reduce(float v, float* red) {
  for (int o = 16; o > 0; o /= 2) { float w = __shfl_xor_sync(0xffffffff, v, o); v = MAX ? fmaxf(v, w) : v + w; }
  if (threadIdx.x % 32 == 0) red[threadIdx.x / 32] = v;
  __syncthreads();
  v = red[0];
  for (int j = 1; j < TPR / 32; ++j) v = MAX ? fmaxf(v, red[j]) : v + red[j];
  __syncthreads();
  return v;
}

// exp(x) for x <= 0 on the FMA pipe: t = x log2(e) = n + f, n = round(t) by the 1.5 * 2^23 trick,
// 2^f (|f| <= 1/2) by its Taylor polynomial of degree 5 (error under 3e-6), 2^n added to the
// exponent bits. t is clamped at -125, so exp of very negative x is about 2^-125, not 0.
__device__ __forceinline__ float exp_fma(float x) {
  const float t = fmaxf(x * 1.4426950409f, -125.0f);
  const float r = t + 12582912.0f;
  const float f = t - (r - 12582912.0f);
  float p = 1.3333558e-3f;
  p = fmaf(p, f, 9.6181291e-3f);
  p = fmaf(p, f, 5.5504109e-2f);
  p = fmaf(p, f, 2.4022651e-1f);
  p = fmaf(p, f, 6.9314718e-1f);
  p = fmaf(p, f, 1.0f);
  return __int_as_float(__float_as_int(p) + (__float_as_int(r) << 23));
}
template <Mode MODE>
__device__ __forceinline__ float ex(float x, int pack) {
  if constexpr (MODE == kPoly) return exp_fma(x);
  else if constexpr (MODE == kMixed) return pack % 2 ? exp_fma(x) : __expf(x);
  else return __expf(x);
}

// One fp16 row's softmax from the P packs a thread holds.
template <int TPR, int P, Mode MODE>
__device__ __forceinline__ void softmax_row(uint4 (&r)[P], uint4* yr, float* red) {
  const int t = threadIdx.x;
  float m = -INFINITY;
#pragma unroll
  for (int i = 0; i < P; ++i) { float f[8]; unpack(r[i], f); for (int j = 0; j < 8; ++j) m = fmaxf(m, f[j]); }
  m = block_reduce<TPR, true>(m, red);
  float s = 0;
#pragma unroll
  for (int i = 0; i < P; ++i) {
    float f[8]; unpack(r[i], f);
    for (int j = 0; j < 8; ++j) { f[j] = ex<MODE>(f[j] - m, i); s += f[j]; }
    if constexpr (MODE == kOnce) r[i] = pack(f);
  }
  const float inv = 1.0f / block_reduce<TPR, false>(s, red);
#pragma unroll
  for (int i = 0; i < P; ++i) {
    float f[8]; unpack(r[i], f);
    if constexpr (MODE == kOnce) for (int j = 0; j < 8; ++j) f[j] *= inv;
    else for (int j = 0; j < 8; ++j) f[j] = ex<MODE>(f[j] - m, i) * inv;
    yr[t + TPR * i] = pack(f);
  }
}

template <int TPR, int P, Mode MODE>
__global__ __launch_bounds__(TPR) void k(const __half* __restrict__ x, __half* __restrict__ y, long M) {
  __shared__ float red[TPR / 32];
  const long n = long(TPR) * P * 8;
  const int t = threadIdx.x;
  const uint4* xr = reinterpret_cast<const uint4*>(x + blockIdx.x * n);
  uint4* yr = reinterpret_cast<uint4*>(y + blockIdx.x * n);
  uint4 r[P];
#pragma unroll
  for (int i = 0; i < P; ++i) r[i] = __ldg(xr + t + TPR * i);
  if constexpr (MODE == kBarrier) {
    // The first barrier votes on a bit of every pack, so every load has landed before it.
    unsigned any = 0;
#pragma unroll
    for (int i = 0; i < P; ++i) any |= r[i].x ^ r[i].y ^ r[i].z ^ r[i].w;
    if (__syncthreads_or(any == 0x7fc00001u)) r[0].x = 0;
    __syncthreads();
#pragma unroll
    for (int i = 0; i < P; ++i) yr[t + TPR * i] = r[i];
  } else {
    softmax_row<TPR, P, MODE>(r, yr, red);
  }
}

struct Var { int bytes, tpr, p, dtype, mode; void (*f)(const void*, void*, long); const void* kern; };
template <int TPR, int P, Mode MODE> void launch(const void* x, void* y, long M) {
  k<TPR, P, MODE><<<M, TPR>>>(static_cast<const __half*>(x), static_cast<__half*>(y), M);
}
template <int TPR, int P, Mode MODE> Var make() {
  return Var{TPR * P * 16, TPR, P, 1, MODE, launch<TPR, P, MODE>, reinterpret_cast<const void*>(k<TPR, P, MODE>)};
}
#define GEOM(TPR, P) make<TPR, P, kBarrier>(), make<TPR, P, kTwice>(), make<TPR, P, kOnce>(), \
                     make<TPR, P, kPoly>(), make<TPR, P, kMixed>()
static const Var vars[] = {
    GEOM(256, 4), GEOM(512, 2), GEOM(1024, 1),      // rows of 16 KB
    GEOM(256, 8), GEOM(512, 4), GEOM(1024, 2),      // 32 KB
    GEOM(256, 16), GEOM(512, 8), GEOM(1024, 4),     // 64 KB
    GEOM(512, 16), GEOM(1024, 8),                   // 128 KB
};
static const char* mode_name[] = {"copy", "barrier", "twice", "once", "poly", "mixed"};

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 3;
  const long M = 2048;
  const size_t maxb = size_t(M) * (128 << 10);
  int l2 = 0, sms = 0;
  CK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, 0));
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  cudaDeviceProp prop; CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("%s, %d SMs, L2 %d MB\n", prop.name, sms, l2 >> 20);
  const size_t fb = std::max<size_t>(2 * size_t(l2), 64u << 20);
  void *x, *y, *c, *fl;
  CK(cudaMalloc(&x, maxb)); CK(cudaMalloc(&y, maxb)); CK(cudaMalloc(&c, maxb)); CK(cudaMalloc(&fl, fb));
  // Inputs in [-4, 4): the same draws for fp32 and (scaled by 0.999) fp16.
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
  // Check: every copy/barrier variant returns x; every softmax variant matches a double reference
  // on a sample of 4099 rows (2048 of 128 KB), y poisoned first: fp32 to 1e-5 relative, fp16 to
  // 1e-3 relative plus 6e-8 (twice the rounding of fp16's subnormals, where long rows' outputs fall).
  for (int v = 0; v < nv; ++v) {
    const Var& w = vars[v];
    const int dt = w.dtype, n = w.bytes / (dt ? 2 : 4);
    const long Mc = std::min<long>(4099, maxb / w.bytes);  // past a persistent grid's first lap
    if (dt) CK(cudaMemcpy(x, hh.data(), Mc * w.bytes, cudaMemcpyHostToDevice));
    else CK(cudaMemcpy(x, hf.data(), Mc * w.bytes, cudaMemcpyHostToDevice));
    CK(cudaMemset(y, 0xff, Mc * w.bytes));
    w.f(x, y, Mc); CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
    std::vector<float> got(size_t(Mc) * n); std::vector<__half> goth(got.size());
    if (dt) { CK(cudaMemcpy(goth.data(), y, got.size() * 2, cudaMemcpyDeviceToHost)); for (size_t i = 0; i < got.size(); ++i) got[i] = __half2float(goth[i]); }
    else CK(cudaMemcpy(got.data(), y, got.size() * 4, cudaMemcpyDeviceToHost));
    bool ok = true;
    for (long r = 0; r < Mc && ok; r += (r < 8 || r >= Mc - 8) ? 1 : 97) {
      auto in = [&](int j) { return dt ? double(__half2float(hh[r * n + j])) : double(hf[r * n + j]); };
      double mx = -1e30, sum = 0;
      for (int j = 0; j < n; ++j) mx = std::max(mx, in(j));
      for (int j = 0; j < n; ++j) sum += std::exp(in(j) - mx);
      for (int j = 0; j < n && ok; ++j) {
        const double ref = w.mode >= kSoftmax ? std::exp(in(j) - mx) / sum : in(j);
        const double err = std::fabs(got[r * n + j] - ref), tol = w.mode < kSoftmax ? 0 : (dt ? 1e-3 * ref + 6e-8 : 1e-5 * ref + 1e-12);
        ok = err <= tol;
      }
    }
    if (!ok) { std::printf("FAIL %s %s rows of %d KB, %d threads x %d packs\n", dt ? "f16" : "f32", mode_name[w.mode], w.bytes >> 10, w.tpr, w.p); return 1; }
  }
  std::printf("checks passed (%d variants)\n", nv);
  CK(cudaMemcpy(x, hh.data(), maxb, cudaMemcpyHostToDevice));
  for (int bytes : {16 << 10, 32 << 10, 64 << 10, 128 << 10}) {
    const size_t mbytes = size_t(M) * bytes;
    std::vector<int> vs;
    for (int v = 0; v < nv; ++v) if (vars[v].bytes == bytes) vs.push_back(v);
    std::vector<std::vector<double>> us(vs.size() + 1);
    for (int r = 0; r < rounds; ++r) {
      us[0].push_back(time([&] { CK(cudaMemcpyAsync(c, x, mbytes, cudaMemcpyDeviceToDevice)); }));
      for (size_t i = 0; i < vs.size(); ++i) us[i + 1].push_back(time([&] { vars[vs[i]].f(x, y, M); }));
      CK(cudaGetLastError());
    }
    auto mean = [](const std::vector<double>& u) { double t = 0; for (double e : u) t += e; return t / u.size(); };
    const double copy = mean(us[0]);
    std::printf("\nM = %ld rows of %d KB (%zu MB): copy %.2f us (%.0f GB/s)\n", M, bytes >> 10, mbytes >> 20, copy, 2e-3 * mbytes / copy);
    std::printf("  threads x packs  mode     dtype  blocks/SM  KB/SM       us   %% of copy\n");
    for (size_t i = 0; i < vs.size(); ++i) {
      const Var& w = vars[vs[i]];
      int bps = 0; CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&bps, w.kern, w.tpr, 0));
      const double t = mean(us[i + 1]);
      std::printf("  %4d x %2d        %-8s %-5s  %9d  %5d  %8.2f  %8.1f%%\n", w.tpr, w.p, mode_name[w.mode], w.dtype ? "f16" : "f32",
                  bps, bps * (bytes >> 10), t, 100.0 * copy / t);
    }
  }
  return 0;
}
