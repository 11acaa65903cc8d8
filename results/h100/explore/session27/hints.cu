// Probe (twenty-seventh session): does an L2 eviction hint change how fast the H100 reads alone,
// writes alone and copies after the harness's kind of L2 flush?
// The eighth session's probe (explore/session8/phases.cu) read 64 MB alone in 33 µs (2.0 TB/s)
// after a memset flush, and put the likely cause on the flush: it leaves L2 full of dirty lines,
// and every line a read brings in may evict one that must be written back first. If so, loads
// marked evict_first (which then evict each other, clean, before any dirty line) should read
// faster, and reading after a "clean" flush (a memset, then a read of another buffer) faster still.
// Build: nvcc -O3 -arch=sm_90 -o hints hints.cu
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

#define CK(x)                                                                         \
  do {                                                                                \
    cudaError_t e = (x);                                                              \
    if (e != cudaSuccess) {                                                           \
      std::printf("error %s at line %d: %s\n", #x, __LINE__, cudaGetErrorString(e)); \
      return 1;                                                                       \
    }                                                                                 \
  } while (0)

__device__ float sink;

// Load / store flavours: 0 plain (ld.global.nc / st.global), 1 .cs (__ldcs / __stcs), 2 an
// L2::cache_hint of a createpolicy evict_first, 3 the same with evict_last (the opposite, a check).
__device__ __forceinline__ uint64_t policy(int kind) {
  uint64_t p;
  if (kind == 3) asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(p));
  else asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(p));
  return p;
}
__device__ __forceinline__ float4 load(const float4* p, int kind, uint64_t pol) {
  if (kind == 1) return __ldcs(p);
  if (kind >= 2) {
    float4 v;
    asm volatile("ld.global.nc.L2::cache_hint.v4.f32 {%0, %1, %2, %3}, [%4], %5;"
                 : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p), "l"(pol));
    return v;
  }
  return __ldg(p);
}
__device__ __forceinline__ void store(float4* p, float4 v, int kind, uint64_t pol) {
  if (kind == 1) {
    __stcs(p, v);
  } else if (kind >= 2) {
    asm volatile("st.global.L2::cache_hint.v4.f32 [%0], {%1, %2, %3, %4}, %5;"
                 ::"l"(p), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w), "l"(pol) : "memory");
  } else {
    *p = v;
  }
}

// Grid-stride, 4 loads in flight per thread, as the eighth session's probe.
__global__ void read_only(const float4* x, int64_t n, int kind) {
  const uint64_t pol = policy(kind);
  float acc = 0.0f;
  const int64_t stride = int64_t{gridDim.x} * blockDim.x;
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n; i += 4 * stride) {
    float4 v[4];
#pragma unroll
    for (int u = 0; u < 4; ++u) v[u] = i + u * stride < n ? load(x + i + u * stride, kind, pol) : float4{};
#pragma unroll
    for (int u = 0; u < 4; ++u) acc += v[u].x + v[u].y + v[u].z + v[u].w;
  }
  if (acc == 1234.5f) sink = acc;
}
__global__ void write_only(float4* y, int64_t n, int kind) {
  const uint64_t pol = policy(kind);
  const int64_t stride = int64_t{gridDim.x} * blockDim.x;
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n; i += stride)
    store(y + i, make_float4(1.0f, 2.0f, 3.0f, float(i & 7)), kind, pol);
}
__global__ void copy(const float4* x, float4* y, int64_t n, int lkind, int skind) {
  const uint64_t lp = policy(lkind), sp = policy(skind);
  const int64_t stride = int64_t{gridDim.x} * blockDim.x;
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n; i += 4 * stride) {
    float4 v[4];
#pragma unroll
    for (int u = 0; u < 4; ++u) v[u] = i + u * stride < n ? load(x + i + u * stride, lkind, lp) : float4{};
#pragma unroll
    for (int u = 0; u < 4; ++u)
      if (i + u * stride < n) store(y + i + u * stride, v[u], skind, sp);
  }
}

int main() {
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, 0));
  std::printf("%s, %d SMs, L2 %d MB\n", p.name, p.multiProcessorCount, p.l2CacheSize >> 20);
  const int64_t MB = 1 << 20, big = 128 * MB, fbytes = std::max<int64_t>(2 * int64_t{p.l2CacheSize}, 64 * MB);
  char *x, *y, *flush, *other;
  CK(cudaMalloc(&x, big));
  CK(cudaMalloc(&y, big));
  CK(cudaMalloc(&flush, fbytes));
  CK(cudaMalloc(&other, fbytes));
  std::vector<float> h(big / 4);
  for (size_t i = 0; i < h.size(); ++i) h[i] = float(i % 1000) * 0.001f;  // not zeros
  CK(cudaMemcpy(x, h.data(), big, cudaMemcpyHostToDevice));
  CK(cudaMemset(other, 1, fbytes));
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  const int grid = p.multiProcessorCount * 4, threads = 512;
  int salt = 0;
  // dirty: the harness's flush (common/timing.cuh: a memset of max(2 x L2, 64 MB)); clean: the
  // same memset, then a read of another buffer as large, so that L2 holds clean lines.
  auto flush_l2 = [&](bool clean) {
    cudaMemsetAsync(flush, ++salt & 0xff, fbytes);
    if (clean) read_only<<<grid, threads>>>((const float4*)other, fbytes / 16, 0);
  };
  auto timed = [&](bool clean, auto f) {
    std::vector<float> t;
    for (int r = 0; r < 21; ++r) {
      flush_l2(clean);
      cudaEventRecord(a);
      f();
      cudaEventRecord(b);
      cudaEventSynchronize(b);
      float ms;
      cudaEventElapsedTime(&ms, a, b);
      t.push_back(ms * 1000.0f);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
  };
  const char* names[] = {"plain", "cs", "evict_first", "evict_last"};
  for (int clean : {0, 1}) {
    std::printf("\nflush: %s (memset of %lld MB%s); median of 21, µs\n", clean ? "clean" : "dirty",
                (long long)(fbytes / MB), clean ? ", then a read of another buffer as large" : "");
    std::printf("%5s %-12s %9s %9s %9s %9s\n", "MB", "hint", "read", "write", "copy", "memcpy");
    for (int64_t mb : {16, 32, 64, 128}) {
      const int64_t n = mb * MB / 16;
      const float m = timed(clean, [&] { cudaMemcpyAsync(y, x, mb * MB, cudaMemcpyDeviceToDevice); });
      for (int k = 0; k < 4; ++k) {
        const float r = timed(clean, [&] { read_only<<<grid, threads>>>((const float4*)x, n, k); });
        const float w = timed(clean, [&] { write_only<<<grid, threads>>>((float4*)y, n, k); });
        const float c = timed(clean, [&] { copy<<<grid, threads>>>((const float4*)x, (float4*)y, n, k, k); });
        std::printf("%5lld %-12s %9.2f %9.2f %9.2f %9.2f\n", (long long)mb, names[k], r, w, c, m);
      }
      // Loads hinted, stores plain: what a one-read softmax could take without touching its stores.
      const float c2 = timed(clean, [&] { copy<<<grid, threads>>>((const float4*)x, (float4*)y, n, 2, 0); });
      std::printf("%5lld %-12s %9s %9s %9.2f\n", (long long)mb, "ld ef, st -", "", "", c2);
    }
  }
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  return 0;
}
