// Probe (eighth session): how fast does the H100 read alone, write alone and copy, at the sizes of
// stage 09's single rounds, and does an L2 evict_last policy keep 20 MB in L2 while 44 MB are read
// and 64 MB written after it? Build: nvcc -O3 -arch=sm_90 -o phases phases.cu
// Each timed kernel is preceded by an L2 flush (a 128 MB memset) unless the line says "no flush".
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

__device__ __forceinline__ uint64_t policy(int keep) {
  uint64_t p;
  if (keep) asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(p));
  else asm volatile("createpolicy.fractional.L2::evict_normal.b64 %0, 1.0;" : "=l"(p));
  return p;
}
__device__ __forceinline__ float4 ld_policy(const float4* p, uint64_t pol) {
  float4 v;
  asm volatile("ld.global.nc.L2::cache_hint.v4.f32 {%0, %1, %2, %3}, [%4], %5;"
               : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p), "l"(pol));
  return v;
}

// Read n float4 (grid-stride, 4 loads in flight per thread), keep = 1: with evict_last.
__global__ void read_only(const float4* x, int64_t n, int keep) {
  const uint64_t pol = policy(keep);
  float acc = 0.0f;
  const int64_t stride = int64_t{gridDim.x} * blockDim.x;
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n; i += 4 * stride) {
    float4 v[4];
#pragma unroll
    for (int u = 0; u < 4; ++u) v[u] = i + u * stride < n ? ld_policy(x + i + u * stride, pol) : float4{};
#pragma unroll
    for (int u = 0; u < 4; ++u) acc += v[u].x + v[u].y + v[u].z + v[u].w;
  }
  if (acc == 1234.5f) sink = acc;
}
__global__ void write_only(float4* y, int64_t n) {
  const int64_t stride = int64_t{gridDim.x} * blockDim.x;
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n; i += stride)
    y[i] = make_float4(1.0f, 2.0f, 3.0f, float(i & 7));
}
__global__ void copy(const float4* x, float4* y, int64_t n) {
  const int64_t stride = int64_t{gridDim.x} * blockDim.x;
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n; i += 4 * stride) {
    float4 v[4];
#pragma unroll
    for (int u = 0; u < 4; ++u) v[u] = i + u * stride < n ? __ldg(x + i + u * stride) : float4{};
#pragma unroll
    for (int u = 0; u < 4; ++u)
      if (i + u * stride < n) y[i + u * stride] = v[u];
  }
}

int main() {
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, 0));
  std::printf("%s, %d SMs, L2 %d MB\n", p.name, p.multiProcessorCount, p.l2CacheSize >> 20);
  const int64_t MB = 1 << 20, big = 256 * MB;
  char *x, *y, *flush;
  CK(cudaMalloc(&x, big));
  CK(cudaMalloc(&y, big));
  CK(cudaMalloc(&flush, 128 * MB));
  CK(cudaMemset(x, 0, big));
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  const int grid = p.multiProcessorCount * 4, threads = 512;
  // Median time in us of `reps` runs of f, each after `pre` (the flush, or a setup of its own).
  auto timed = [&](auto pre, auto f) {
    std::vector<float> t;
    for (int r = 0; r < 21; ++r) {
      pre();
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
  int salt = 0;
  auto flush_l2 = [&] { cudaMemsetAsync(flush, ++salt & 0xff, 128 * MB); };
  std::printf("\n%8s %12s %12s %12s %12s %14s %14s\n", "MB", "read us", "write us", "copy us", "memcpy us",
              "read+write us", "copy/(r+w)");
  for (int64_t mb : {16, 32, 44, 64, 128, 256}) {
    const int64_t n = mb * MB / 16;
    const float r = timed(flush_l2, [&] { read_only<<<grid, threads>>>((const float4*)x, n, 0); });
    const float w = timed(flush_l2, [&] { write_only<<<grid, threads>>>((float4*)y, n); });
    const float c = timed(flush_l2, [&] { copy<<<grid, threads>>>((const float4*)x, (float4*)y, n); });
    const float m = timed(flush_l2, [&] { cudaMemcpyAsync(y, x, mb * MB, cudaMemcpyDeviceToDevice); });
    std::printf("%8lld %12.2f %12.2f %12.2f %12.2f %14.2f %14.3f\n", (long long)mb, r, w, c, m, r + w, c / (r + w));
  }
  CK(cudaGetLastError());
  // L2 retention: 20 MB A read (evict_last or normal), then 44 MB B read and 64 MB C written, then A
  // read again (timed, no flush), against A read after a flush.
  const int64_t nA = 20 * MB / 16, nB = 44 * MB / 16, nC = 64 * MB / 16;
  const float4* A = (const float4*)x;
  const float4* B = (const float4*)(x + 32 * MB);
  float4* C = (float4*)y;
  std::printf("\nre-read of 20 MB after 44 MB read and 64 MB written:\n");
  std::printf("  after a flush:        %.2f us\n", timed(flush_l2, [&] { read_only<<<grid, threads>>>(A, nA, 0); }));
  std::printf("  20 MB read twice, no flush between: %.2f us\n",
              timed([&] { flush_l2(); read_only<<<grid, threads>>>(A, nA, 0); }, [&] { read_only<<<grid, threads>>>(A, nA, 0); }));
  for (int keep : {0, 1}) {  // evict_last last: its lines outlive the flushes
    const float t = timed([&] {
      flush_l2();
      read_only<<<grid, threads>>>(A, nA, keep);
      read_only<<<grid, threads>>>(B, nB, 0);
      write_only<<<grid, threads>>>(C, nC);
    }, [&] { read_only<<<grid, threads>>>(A, nA, 0); });
    std::printf("  first read %s: %.2f us\n", keep ? "evict_last" : "normal    ", t);
  }
  CK(cudaGetLastError());
  return 0;
}
