// sync_repro.cu — is compute-sanitizer's synccheck report on stage 10's parts form the kernel's or
// the tool's? (twentieth session; docs/10_cluster.md, "synccheck and the parts form")
//
// A kernel with nothing but stage 10's synchronisation skeleton: 256 threads a CTA, clusters of C
// CTAs (16 is non-portable), one CTA per SM (200 KB of dynamic shared memory), G clusters. Modes:
//   plain       __syncthreads(); cluster.sync(); a store; cluster.sync()
//   mbar        thread 0 initialises an mbarrier, __syncthreads(), bulk-copies 4 KB into shared
//               memory on it, every thread waits for phase 0, then as plain; the barrier is left valid
//   mbar_inval  as mbar, and thread 0 invalidates the barrier (mbarrier.inval) before the CTA exits
// Build: nvcc -std=c++17 -O3 -arch=sm_90 -lineinfo -o sync_repro sync_repro.cu
// Run:   compute-sanitizer --tool synccheck ./sync_repro MODE C G
#include <cooperative_groups.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace cg = cooperative_groups;

#define CHECK(call)                                                                      \
  do {                                                                                   \
    cudaError_t e_ = (call);                                                             \
    if (e_ != cudaSuccess) {                                                             \
      std::fprintf(stderr, "error: %s: %s\n", #call, cudaGetErrorString(e_));          \
      std::exit(1);                                                                      \
    }                                                                                    \
  } while (0)

constexpr int kThreads = 256, kSmem = 200 * 1024, kCopy = 4096;

__device__ uint32_t saddr(const void* p) { return static_cast<uint32_t>(__cvta_generic_to_shared(p)); }

template <int MODE>  // 0 plain, 1 mbar, 2 mbar_inval
__global__ void __launch_bounds__(kThreads) skeleton(const uint4* x, uint32_t* out) {
  extern __shared__ uint4 buf[];
  __shared__ uint64_t bar;
  const cg::cluster_group cluster = cg::this_cluster();
  if (MODE > 0 && threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(saddr(&bar)) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  if (MODE > 0) {
    if (threadIdx.x == 0) {
      asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(saddr(&bar)), "r"(kCopy) : "memory");
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                       saddr(buf)), "l"(x), "r"(kCopy), "r"(saddr(&bar)) : "memory");
    }
    uint32_t done = 0;
    do {
      asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                   : "=r"(done) : "r"(saddr(&bar)), "r"(0u) : "memory");
    } while (!done);
  }
  cluster.sync();
  if (threadIdx.x == 0) out[blockIdx.x] = cluster.block_rank() + (MODE > 0 ? buf[0].x : 0u);
  cluster.sync();
  if (MODE == 2 && threadIdx.x == 0) asm volatile("mbarrier.inval.shared::cta.b64 [%0];" ::"r"(saddr(&bar)) : "memory");
}

template <int MODE>
int run(int C, int G, const uint4* x, uint32_t* out) {
  auto k = skeleton<MODE>;
  CHECK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, kSmem));
  if (C > 8) CHECK(cudaFuncSetAttribute(k, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  cudaLaunchConfig_t cfg = {};
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeClusterDimension;
  attr[0].val.clusterDim.x = C, attr[0].val.clusterDim.y = 1, attr[0].val.clusterDim.z = 1;
  cfg.gridDim = dim3(C * G), cfg.blockDim = dim3(kThreads), cfg.dynamicSmemBytes = kSmem;
  cfg.attrs = attr, cfg.numAttrs = 1;
  int at_once = 0;
  CHECK(cudaOccupancyMaxActiveClusters(&at_once, k, &cfg));
  CHECK(cudaLaunchKernelEx(&cfg, k, x, out));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  return at_once;
}

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s plain|mbar|mbar_inval CLUSTER CLUSTERS\n", argv[0]);
    return 2;
  }
  const int C = std::atoi(argv[2]), G = std::atoi(argv[3]);
  uint4* x;
  uint32_t* out;
  CHECK(cudaMalloc(&x, kCopy));
  CHECK(cudaMemset(x, 0, kCopy));
  CHECK(cudaMalloc(&out, sizeof(uint32_t) * C * G));
  int at_once = 0;
  if (!std::strcmp(argv[1], "plain")) at_once = run<0>(C, G, x, out);
  else if (!std::strcmp(argv[1], "mbar")) at_once = run<1>(C, G, x, out);
  else if (!std::strcmp(argv[1], "mbar_inval")) at_once = run<2>(C, G, x, out);
  else {
    std::fprintf(stderr, "error: mode %s: expected plain, mbar or mbar_inval\n", argv[1]);
    return 2;
  }
  std::printf("%s C=%d G=%d: ran; the GPU holds %d such clusters at once\n", argv[1], C, G, at_once);
  return 0;
}
