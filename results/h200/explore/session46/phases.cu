// Forty-sixth session probe: what the phase order of an exact one-read softmax costs, per row size.
// Such a kernel must read a whole row before it writes any of it, so the first row it finishes is
// read with nothing to write beside it, and the last row is written with nothing left to read.
// Between them the memory can read one row while it writes another, as a copy does. The eighth
// session's probe (results/h100/explore/session8/phases.cu) timed reading alone and writing alone
// on the H100 at 16-256 MB; this one times them on more sizes, 4 MB to 1 GB, with the harness's own
// flush (common/timing.cuh: a memset of 0 over max(2 x L2, 64 MB) before each timed call), so that
// a few-row shape of R-byte rows and X bytes can be given
//   phase cost(R) = read alone(R) + write alone(R) - memcpy(R)
//   phase bound(X, R) = memcpy(X) / (memcpy(X) + phase cost(R))
// the fraction of the copy left when the copy's own overlap holds everywhere but the first row's
// read and the last row's write (docs/11_dispatch.md, "Issue 7's targets, as measured").
// read/write: a grid-stride kernel of 4 blocks of 512 threads an SM, 8 loads (or stores) of 16 B
// in flight a thread; memcpy: cudaMemcpyAsync of the same bytes. Median of 30 calls after one
// warm-up; ROUNDS rounds (default 2), each printed, with the time of an empty kernel of the same
// grid (each phase is a launch of its own: phase cost(R) holds one launch more than one kernel has).
// Build: nvcc -O3 -arch=sm_90 -std=c++17 phases.cu -o phases; run: ./phases [rounds]
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { std::printf("CUDA %s at line %d\n", cudaGetErrorString(e_), __LINE__); std::exit(1); } } while (0)

__device__ float sink;
constexpr int kUnroll = 8;

__global__ void read_alone(const float4* x, int64_t n) {
  const int64_t stride = int64_t{gridDim.x} * blockDim.x;
  float acc = 0.0f;
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n; i += kUnroll * stride) {
    float4 v[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) v[u] = i + u * stride < n ? __ldg(x + i + u * stride) : float4{};
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) acc += (v[u].x + v[u].y) + (v[u].z + v[u].w);
  }
  if (acc == 1234.5f) sink = acc;  // keeps the loads
}
__global__ void empty() {}
__global__ void write_alone(float4* y, int64_t n) {
  const int64_t stride = int64_t{gridDim.x} * blockDim.x;
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n; i += stride)
    y[i] = make_float4(1.0f, 2.0f, 3.0f, float(i & 7));
}

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 2;
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, 0));
  const int64_t MB = 1 << 20, big = 1024 * MB;
  const int64_t fbytes = std::max<int64_t>(2 * int64_t{p.l2CacheSize}, 64 * MB);
  std::printf("%s, %d SMs, L2 %d MB; flush: a memset of 0 over %lld MB before each call; median of 30, µs\n",
              p.name, p.multiProcessorCount, p.l2CacheSize >> 20, (long long)(fbytes / MB));
  char *x, *y, *flush;
  CK(cudaMalloc(&x, big));
  CK(cudaMalloc(&y, big));
  CK(cudaMalloc(&flush, fbytes));
  CK(cudaMemset(x, 1, big));
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  const int grid = p.multiProcessorCount * 4, threads = 512;
  auto timed = [&](auto f) {
    std::vector<float> t;
    for (int r = 0; r < 31; ++r) {
      CK(cudaMemsetAsync(flush, 0, fbytes));
      CK(cudaEventRecord(a));
      f();
      CK(cudaEventRecord(b));
      CK(cudaEventSynchronize(b));
      float ms;
      CK(cudaEventElapsedTime(&ms, a, b));
      if (r > 0) t.push_back(ms * 1000.0f);
    }
    std::sort(t.begin(), t.end());
    return 0.5f * (t[t.size() / 2 - 1] + t[t.size() / 2]);
  };
  for (int round = 1; round <= rounds; ++round) {
    std::printf("\nround %d: an empty kernel %.2f\n%6s %10s %10s %10s %10s %12s\n", round, timed([&] { empty<<<grid, threads>>>(); }), "MB", "read", "write", "memcpy", "read+write",
                "phase cost");
    for (int64_t mb : {4, 8, 16, 32, 44, 64, 128, 256, 512, 1024}) {
      const int64_t n = mb * MB / 16;
      const float r = timed([&] { read_alone<<<grid, threads>>>(reinterpret_cast<const float4*>(x), n); });
      const float w = timed([&] { write_alone<<<grid, threads>>>(reinterpret_cast<float4*>(y), n); });
      const float m = timed([&] { CK(cudaMemcpyAsync(y, x, mb * MB, cudaMemcpyDeviceToDevice)); });
      CK(cudaGetLastError());
      std::printf("%6lld %10.2f %10.2f %10.2f %10.2f %12.2f\n", (long long)mb, r, w, m, r + w, r + w - m);
    }
  }
  return 0;
}
