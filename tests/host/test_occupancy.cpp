// The occupancy calculator against CUDA's own host-side calculator (cuda_occupancy.h, shipped with
// the toolkit) over a grid of kernels, and against hand-worked examples from the docs.
#include <doctest/doctest.h>

#include <cuda_occupancy.h>

#include "occupancy.h"

static int cuda_blocks(const GpuLimits& g, int cc_major, int regs, int threads, int64_t smem) {
  cudaOccDeviceProp p;
  p.computeMajor = cc_major;
  p.computeMinor = 0;
  p.maxThreadsPerBlock = g.max_threads_per_block;
  p.maxThreadsPerMultiprocessor = g.max_warps_per_sm * 32;
  p.regsPerBlock = g.regs_per_block;
  p.regsPerMultiprocessor = g.regs_per_sm;
  p.warpSize = 32;
  p.sharedMemPerBlock = 48 * 1024;
  p.sharedMemPerMultiprocessor = static_cast<size_t>(g.smem_per_sm);
  p.numSms = g.sm_count;
  p.sharedMemPerBlockOptin = static_cast<size_t>(g.smem_per_block_optin);
  p.reservedSharedMemPerBlock = static_cast<size_t>(g.smem_reserved_per_block);
  cudaOccFuncAttributes a;
  a.maxThreadsPerBlock = g.max_threads_per_block;
  a.numRegs = regs;
  a.sharedSizeBytes = 0;
  a.partitionedGCConfig = PARTITIONED_GC_OFF;
  a.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
  a.maxDynamicSharedSizeBytes = static_cast<size_t>(g.smem_per_block_optin);
  a.numBlockBarriers = 1;
  cudaOccDeviceState s;
  cudaOccResult r;
  if (cudaOccMaxActiveBlocksPerMultiprocessor(&r, &p, &a, &s, threads, static_cast<size_t>(smem)) !=
      CUDA_OCC_SUCCESS)
    return -1;
  return r.activeBlocksPerMultiprocessor;
}

TEST_CASE("the calculator agrees with cuda_occupancy.h on A100 and H100") {
  int compared = 0;
  for (const auto& [g, cc] : {std::pair{a100_limits(), 8}, std::pair{h100_limits(), 9}})
    for (int regs : {16, 24, 32, 40, 48, 64, 72, 96, 128, 168, 200, 255})
      for (int threads : {32, 64, 96, 128, 256, 384, 512, 640, 1024})
        for (int64_t smem : {int64_t{0}, int64_t{256}, int64_t{4096}, int64_t{33000}, int64_t{65536},
                             int64_t{100000}, g.smem_per_block_optin}) {
          CAPTURE(g.name);
          CAPTURE(regs);
          CAPTURE(threads);
          CAPTURE(smem);
          CHECK(occupancy(g, {regs, threads, smem}).blocks_per_sm == cuda_blocks(g, cc, regs, threads, smem));
          ++compared;
        }
  CHECK(compared == 2 * 12 * 9 * 7);
}

TEST_CASE("worked examples from the docs") {
  // Stage 02 at N = 16384: 512 threads, 64 KB of row + 256 B of reduction scratch.
  const Occupancy h = occupancy(h100_limits(), {20, 512, 65536 + 256});
  CHECK(h.blocks_per_sm == 3);
  CHECK(h.limiter == Limiter::shared_memory);
  CHECK(h.fraction == doctest::Approx(0.75));
  CHECK(occupancy(a100_limits(), {20, 512, 65536 + 256}).blocks_per_sm == 2);
  // A 1024-thread block at 64 registers needs the whole register file: one block, 50% occupancy.
  const Occupancy r = occupancy(h100_limits(), {64, 1024, 0});
  CHECK(r.blocks_per_sm == 1);
  CHECK(r.limiter == Limiter::registers);
  CHECK(r.fraction == doctest::Approx(0.5));
  // At 65 registers the same block no longer fits at all.
  CHECK(occupancy(h100_limits(), {65, 1024, 0}).limiter == Limiter::does_not_fit);
  // Small blocks hit the 32-blocks-per-SM limit before the 64-warp limit.
  CHECK(occupancy(h100_limits(), {16, 32, 0}).limiter == Limiter::blocks);
}

// Every "occupancy stage ..." line of the committed H100 GPU-test record holds a stage kernel's
// registers, block size and shared memory, and the CUDA runtime's blocks per SM for it
// (cudaOccupancyMaxActiveBlocksPerMultiprocessor). The calculator must give the same answer.
#include <fstream>
#include <regex>
#include <string>

TEST_CASE("the calculator matches cudaOccupancyMaxActiveBlocksPerMultiprocessor recorded on the H100") {
  std::ifstream record("results/h100/test-gpu.txt");
  REQUIRE_MESSAGE(record.good(), "results/h100/test-gpu.txt missing (run from the repository root)");
  const std::regex line(R"(^occupancy stage (\S+) +\S+ +(.*?) +regs=(\d+) threads=(\d+) smem=(\d+) calc=\d+ api=(\d+))");
  int compared = 0;
  for (std::string text; std::getline(record, text);) {
    std::smatch m;
    if (!std::regex_search(text, m, line)) continue;
    CAPTURE(text);
    const Occupancy o = occupancy(h100_limits(), {std::stoi(m[3]), std::stoi(m[4]), std::stoll(m[5])});
    CHECK(o.blocks_per_sm == std::stoi(m[6]));
    ++compared;
  }
  CHECK(compared >= 80);  // every stage kernel the stages list: 89 in the run of commit dba470d
}
