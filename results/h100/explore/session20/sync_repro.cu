// sync_repro.cu — is compute-sanitizer's synccheck report on stage 10's parts form the kernel's or
// the tool's? (twentieth session; docs/10_cluster.md, "synccheck and the parts form")
//
// A kernel with nothing but stage 10's synchronisation skeleton: 256 threads a CTA, clusters of C
// CTAs (16 is non-portable), one CTA per SM (200 KB of dynamic shared memory), G clusters. Modes:
//   plain       __syncthreads(); cluster.sync(); a store; cluster.sync()
//   mbar        thread 0 initialises an mbarrier, __syncthreads(), bulk-copies BYTES (4 KB unless given) into
//               shared memory on it, every thread waits for phase 0, then as plain; the barrier is left valid
//   mbar_inval  as mbar, and thread 0 invalidates the barrier (mbarrier.inval) before the CTA exits
//   phases      as mbar, then a second copy into the same buffer on the same barrier (parity 1),
//               as stage 10 does for a part of several tiles
//   zero        as mbar, with a second barrier armed for 0 bytes (an empty piece: the phase
//               completes at the arrival) and waited on
//   four        as mbar with stage 10's four barriers, each a quarter of the bytes
// Build: nvcc -std=c++17 -O3 -arch=sm_90 -lineinfo -o sync_repro sync_repro.cu
// Run:   compute-sanitizer --tool synccheck ./sync_repro MODE C G [BYTES [LAUNCHES]]
#include <cooperative_groups.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace cg = cooperative_groups;

#define CHECK(call)                                                                      \
  do {                                                                                   \
    cudaError_t e_ = (call);                                                             \
    if (e_ != cudaSuccess) {                                                             \
      std::fprintf(stderr, "error: %s: %s\n", #call, cudaGetErrorString(e_));          \
      std::exit(1);                                                                      \
    }                                                                                    \
  } while (0)

constexpr int kThreads = 256, kSmem = 200 * 1024;

__device__ uint32_t saddr(const void* p) { return static_cast<uint32_t>(__cvta_generic_to_shared(p)); }

enum Mode { kPlain, kMbar, kMbarInval, kPhases, kZero, kFour };

__device__ void arm_and_copy(uint64_t* bar, uint4* dst, const uint4* src, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(saddr(bar)), "r"(bytes) : "memory");
  if (bytes > 0)
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                     saddr(dst)), "l"(src), "r"(bytes), "r"(saddr(bar)) : "memory");
}
__device__ void wait_parity(uint64_t* bar, uint32_t parity) {
  uint32_t done = 0;
  do {
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done) : "r"(saddr(bar)), "r"(parity) : "memory");
  } while (!done);
}

template <int MODE>
__global__ void __launch_bounds__(kThreads) skeleton(const uint4* x, uint32_t* out, uint32_t bytes) {
  extern __shared__ uint4 buf[];
  __shared__ uint64_t bars[4];
  const cg::cluster_group cluster = cg::this_cluster();
  constexpr int nbars = MODE == kFour ? 4 : MODE == kZero ? 2 : 1;
  if (MODE != kPlain && threadIdx.x == 0) {
    for (int k = 0; k < nbars; ++k) asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(saddr(&bars[k])) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  if (MODE != kPlain) {
    const uint32_t piece = MODE == kFour ? bytes / 4 : bytes;
    if (threadIdx.x == 0) {
      if (MODE == kFour)
        for (int k = 0; k < 4; ++k) arm_and_copy(&bars[k], buf + k * piece / 16, x + k * piece / 16, piece);
      else arm_and_copy(&bars[0], buf, x, piece);
      if (MODE == kZero) arm_and_copy(&bars[1], buf, x, 0);
    }
    for (int k = 0; k < nbars; ++k) wait_parity(&bars[k], 0);
    if (MODE == kPhases) {
      __syncthreads();  // everyone has read the first copy
      if (threadIdx.x == 0) arm_and_copy(&bars[0], buf, x, piece);
      wait_parity(&bars[0], 1);
    }
  }
  cluster.sync();
  if (threadIdx.x == 0) out[blockIdx.x] = cluster.block_rank() + (MODE != kPlain ? buf[0].x : 0u);
  cluster.sync();
  if (MODE == kMbarInval && threadIdx.x == 0)
    asm volatile("mbarrier.inval.shared::cta.b64 [%0];" ::"r"(saddr(&bars[0])) : "memory");
}

template <int MODE>
int run(int C, int G, const uint4* x, uint32_t* out, uint32_t bytes, int launches) {
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
  for (int launch = 0; launch < launches; ++launch) {  // a later launch's CTAs get shared memory an earlier one left
    CHECK(cudaLaunchKernelEx(&cfg, k, x, out, bytes));
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
  }
  return at_once;
}

int main(int argc, char** argv) {
  if (argc < 4 || argc > 6) {
    std::fprintf(stderr, "usage: %s plain|mbar|mbar_inval|phases|zero|four CLUSTER CLUSTERS [BYTES [LAUNCHES]]\n", argv[0]);
    return 2;
  }
  const int C = std::atoi(argv[2]), G = std::atoi(argv[3]);
  const int launches = argc == 6 ? std::atoi(argv[5]) : 1;
  const uint32_t bytes = argc >= 5 ? static_cast<uint32_t>(std::atoi(argv[4])) : 4096;  // copied, a multiple of 64, at most 200 KB
  uint4* x;
  uint32_t* out;
  CHECK(cudaMalloc(&x, bytes));
  CHECK(cudaMemset(x, 0, bytes));
  CHECK(cudaMalloc(&out, sizeof(uint32_t) * C * G));
  int at_once = 0;
  const std::string mode = argv[1];
  if (mode == "plain") at_once = run<kPlain>(C, G, x, out, bytes, launches);
  else if (mode == "mbar") at_once = run<kMbar>(C, G, x, out, bytes, launches);
  else if (mode == "mbar_inval") at_once = run<kMbarInval>(C, G, x, out, bytes, launches);
  else if (mode == "phases") at_once = run<kPhases>(C, G, x, out, bytes, launches);
  else if (mode == "zero") at_once = run<kZero>(C, G, x, out, bytes, launches);
  else if (mode == "four") at_once = run<kFour>(C, G, x, out, bytes, launches);
  else {
    std::fprintf(stderr, "error: mode %s: expected plain, mbar, mbar_inval, phases, zero or four\n", argv[1]);
    return 2;
  }
  std::printf("%s C=%d G=%d, %u bytes, %d launch(es): ran; the GPU holds %d such clusters at once\n", argv[1], C, G, bytes, launches, at_once);
  return 0;
}
