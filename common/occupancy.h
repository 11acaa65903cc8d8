// occupancy.h — how many blocks of a kernel fit on one SM, and which resource runs out first.
// Host-only, so the docs and the host tests can use it without a GPU. docs/occupancy.md explains
// the model; the host tests compare it with CUDA's own calculator (cuda_occupancy.h), and the GPU
// tests with cudaOccupancyMaxActiveBlocksPerMultiprocessor for every stage kernel.
//
//   Occupancy o = occupancy(kH100, {/*regs*/ 40, /*threads*/ 1024, /*smem bytes*/ 0});
//   o.blocks_per_sm == 1, o.limiter == Limiter::registers
#pragma once

#include <algorithm>
#include <cstdint>

// The per-SM limits that decide occupancy. Values for the A100 and H100 are below; on a live GPU
// limits_of(DeviceInfo) in device_info.cuh reads them off the device.
struct GpuLimits {
  const char* name;
  int sm_count;
  int regs_per_sm = 65536;
  int regs_per_block = 65536;
  int max_regs_per_thread = 255;
  int reg_alloc_unit = 256;   // a warp's registers are handed out in units of 256 (8 per thread)
  int sub_partitions = 4;     // 4 schedulers per SM, each owning a quarter of the register file
  int max_warps_per_sm = 64;  // 2048 threads
  int max_blocks_per_sm = 32;
  int max_threads_per_block = 1024;
  int64_t smem_per_sm = 0;           // shared memory the SM can give to blocks (largest carveout)
  int64_t smem_per_block_optin = 0;  // the most one block may use after cudaFuncSetAttribute
  int smem_reserved_per_block = 1024;  // sm_80 and later keep 1 KB of each block's share
  int smem_alloc_unit = 128;           // a block's shared memory is rounded up to this
};

// NVIDIA's published figures (CUDA C++ Programming Guide, compute capabilities 8.0 and 9.0).
inline GpuLimits a100_limits() {
  GpuLimits g{"A100 (sm_80)", 108};
  g.smem_per_sm = 164 * 1024;
  g.smem_per_block_optin = 163 * 1024;
  return g;
}
inline GpuLimits h100_limits() {
  GpuLimits g{"H100 (sm_90)", 132};
  g.smem_per_sm = 228 * 1024;
  g.smem_per_block_optin = 227 * 1024;
  return g;
}

// What one block of a kernel asks for.
struct KernelUse {
  int regs_per_thread;    // from the compiler's report or cudaFuncGetAttributes
  int threads_per_block;
  int64_t smem_per_block; // static + dynamic shared memory, bytes
};

enum class Limiter { warps, registers, shared_memory, blocks, does_not_fit };

inline const char* limiter_name(Limiter l) {
  switch (l) {
    case Limiter::warps: return "warps";
    case Limiter::registers: return "registers";
    case Limiter::shared_memory: return "shared memory";
    case Limiter::blocks: return "blocks per SM";
    case Limiter::does_not_fit: return "does not fit";
  }
  return "?";
}

struct Occupancy {
  int blocks_per_sm = 0;
  int by_warps = 0, by_regs = 0, by_smem = 0, by_blocks = 0;  // each limit on its own
  int warps_per_sm = 0;
  double fraction = 0;  // resident warps / the SM's maximum
  Limiter limiter = Limiter::does_not_fit;
};

inline int64_t round_up(int64_t v, int64_t unit) { return (v + unit - 1) / unit * unit; }

// Blocks per SM allowed by the register file. Registers go to warps, 256 at a time, and each of
// the 4 sub-partitions holds whole warps in its quarter of the file; a block must also fit the
// per-block limit with its warps spread evenly over the 4 sub-partitions.
inline int blocks_by_registers(const GpuLimits& g, int regs, int warps_per_block) {
  if (regs <= 0) return g.max_blocks_per_sm;
  if (regs > g.max_regs_per_thread) return 0;
  const int64_t per_warp = round_up(int64_t{regs} * 32, g.reg_alloc_unit);
  if (per_warp * round_up(warps_per_block, g.sub_partitions) > g.regs_per_block) return 0;
  const int64_t warps_per_sub = (g.regs_per_sm / g.sub_partitions) / per_warp;
  return static_cast<int>(warps_per_sub * g.sub_partitions / warps_per_block);
}

// Blocks per SM allowed by shared memory: each block takes its bytes plus the reserved 1 KB,
// rounded up to 128 bytes, out of the SM's shared memory.
inline int blocks_by_shared_memory(const GpuLimits& g, int64_t smem) {
  const int64_t per_block = round_up(smem + g.smem_reserved_per_block, g.smem_alloc_unit);
  if (smem > g.smem_per_block_optin) return 0;
  return static_cast<int>(g.smem_per_sm / per_block);
}

inline Occupancy occupancy(const GpuLimits& g, const KernelUse& k) {
  Occupancy o;
  if (k.threads_per_block <= 0 || k.threads_per_block > g.max_threads_per_block) return o;
  const int warps_per_block = (k.threads_per_block + 31) / 32;
  o.by_warps = g.max_warps_per_sm / warps_per_block;
  o.by_regs = blocks_by_registers(g, k.regs_per_thread, warps_per_block);
  o.by_smem = blocks_by_shared_memory(g, k.smem_per_block);
  o.by_blocks = g.max_blocks_per_sm;
  // The tightest limit wins; ties name the first in this order.
  const std::pair<int, Limiter> limits[] = {{o.by_warps, Limiter::warps},
                                            {o.by_regs, Limiter::registers},
                                            {o.by_smem, Limiter::shared_memory},
                                            {o.by_blocks, Limiter::blocks}};
  o.blocks_per_sm = o.by_blocks;
  o.limiter = Limiter::blocks;
  for (const auto& [blocks, why] : limits)
    if (blocks < o.blocks_per_sm || (blocks == o.blocks_per_sm && why < o.limiter)) {
      o.blocks_per_sm = blocks;
      o.limiter = why;
    }
  if (o.blocks_per_sm == 0) o.limiter = Limiter::does_not_fit;
  o.warps_per_sm = o.blocks_per_sm * warps_per_block;
  o.fraction = static_cast<double>(o.warps_per_sm) / g.max_warps_per_sm;
  return o;
}
