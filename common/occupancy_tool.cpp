// occupancy_tool — the calculator of occupancy.h on the command line, for docs/tables.py:
//   build/occupancy_tool sm_90 REGS THREADS SMEM_BYTES
// prints: blocks_per_sm warps_per_sm occupancy_percent limiter
#include <cstdio>
#include <cstdlib>
#include <string>

#include "occupancy.h"

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: %s sm_80|sm_90 REGS THREADS SMEM_BYTES\n", argv[0]);
    return 2;
  }
  const std::string arch = argv[1];
  if (arch != "sm_80" && arch != "sm_90") {
    std::fprintf(stderr, "error: limits are known for sm_80 (A100) and sm_90 (H100) only\n");
    return 2;
  }
  const GpuLimits g = arch == "sm_80" ? a100_limits() : h100_limits();
  const Occupancy o = occupancy(g, {std::atoi(argv[2]), std::atoi(argv[3]), std::atoll(argv[4])});
  std::printf("%d %d %.1f %s\n", o.blocks_per_sm, o.warps_per_sm, 100.0 * o.fraction, limiter_name(o.limiter));
  return 0;
}
