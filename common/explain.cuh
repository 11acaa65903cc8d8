// explain.cuh — the register / shared-memory / occupancy arithmetic of a stage's kernels on the GPU
// at hand: the compiler's figures (cudaFuncGetAttributes), our calculator (occupancy.h) and the
// runtime's answer (cudaOccupancyMaxActiveBlocksPerMultiprocessor), side by side.
#pragma once

#include <cstdio>
#include <vector>

#include "occupancy.h"
#include "stage.h"

struct ExplainRow {
  KernelConfig config;
  int regs = 0;             // registers per thread, from the compiler
  int64_t local_bytes = 0;  // local memory per thread (spills, stack): should be 0
  int64_t static_smem = 0;
  Occupancy calc;           // our calculator
  int api_blocks = 0;       // the CUDA runtime's answer
};

// The rows for every kernel configuration the stage lists (none when it has no explain hook).
std::vector<ExplainRow> explain_rows(const Stage& s, const DeviceInfo& d, DType t);
void print_explain(const Stage& s, const DeviceInfo& d, DType t, FILE* out);
