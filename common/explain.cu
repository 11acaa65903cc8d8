#include "explain.cuh"

#include "cuda_check.cuh"

std::vector<ExplainRow> explain_rows(const Stage& s, const DeviceInfo& d, DType t) {
  std::vector<ExplainRow> rows;
  if (!s.explain) return rows;
  const GpuLimits limits = limits_of(d);
  for (const KernelConfig& k : s.explain(d, t)) {
    ExplainRow r;
    r.config = k;
    cudaFuncAttributes a{};
    CUDA_CHECK(cudaFuncGetAttributes(&a, k.func));
    r.regs = a.numRegs;
    r.local_bytes = static_cast<int64_t>(a.localSizeBytes);
    r.static_smem = static_cast<int64_t>(a.sharedSizeBytes);
    r.calc = occupancy(limits, {r.regs, k.threads, r.static_smem + k.dynamic_smem});
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&r.api_blocks, k.func, k.threads,
                                                             static_cast<size_t>(k.dynamic_smem)));
    rows.push_back(r);
  }
  return rows;
}

void print_explain(const Stage& s, const DeviceInfo& d, DType t, FILE* out) {
  const std::vector<ExplainRow> rows = explain_rows(s, d, t);
  if (rows.empty()) {
    std::fprintf(out, "stage %s lists no kernel configurations to explain\n", s.id);
    return;
  }
  std::fprintf(out,
               "%s: %d registers/SM (%d per block), %d warps/SM, %d blocks/SM, %lld KB shared memory/SM, "
               "%lld KB/block opt-in, %lld B reserved/block\n\n",
               d.name.c_str(), d.regs_per_sm, d.regs_per_block, d.max_threads_per_sm / 32,
               d.max_blocks_per_sm, static_cast<long long>(d.smem_per_sm / 1024),
               static_cast<long long>(d.smem_per_block_optin / 1024),
               static_cast<long long>(d.smem_reserved_per_block));
  std::fprintf(out, "%-34s %7s %9s %5s %6s %9s %6s %6s %6s  %s\n", "kernel / instantiation", "threads",
               "elem/thr", "regs", "local", "smem", "blk/SM", "(API)", "occ", "limited by");
  for (const ExplainRow& r : rows)
    std::fprintf(out, "%-34s %7d %9lld %5d %6lld %9lld %6d %6d %5.0f%%  %s%s\n", r.config.label.c_str(),
                 r.config.threads, static_cast<long long>(r.config.elems_per_thread), r.regs,
                 static_cast<long long>(r.local_bytes),
                 static_cast<long long>(r.static_smem + r.config.dynamic_smem), r.calc.blocks_per_sm,
                 r.api_blocks, 100.0 * r.calc.fraction, limiter_name(r.calc.limiter),
                 r.calc.blocks_per_sm == r.api_blocks ? "" : "  (calculator and API disagree)");
  std::fprintf(out,
               "\nblocks/SM = min(warps: %d / warps per block, registers: whole warps of regs x 32 "
               "rounded to 256 in each quarter of the register file, shared memory: %lld KB / "
               "(smem + 1 KB reserved), %d blocks). docs/occupancy.md explains each limit.\n",
               d.max_threads_per_sm / 32, static_cast<long long>(d.smem_per_sm / 1024),
               d.max_blocks_per_sm);
}
