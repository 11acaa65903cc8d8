// dispatch.h — softmax(x, y, M, N, ld, dtype, stream): one call that runs the stage chosen for the
// shape, dtype and GPU among the stages linked into the program (stage_registry()). The choice is
// common/dispatch_rules.h's: a tuned table when SOFTMAX_DISPATCH_TABLE names one, else the rule
// table. Stage 11 (steps/11_dispatch.cu) is this call behind the stage interface.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "stage.h"

struct DispatchChoice {
  const Stage* stage = nullptr;          // nullptr: no linked stage takes the call
  std::string reason;                    // why this stage (or why none), one line
  std::vector<std::string> passed_over;  // "10: <why not>" for each candidate tried before it
  bool tuned = false;                    // chosen by the tuned table
};

// The stage for M rows of N elements, `ld` apart (ld == N: contiguous), of dtype t on GPU d.
// `aligned16`: x and y are 16-byte aligned (softmax() looks; stages 03-05 need 3 elements more
// of their capacity otherwise). Never stage 11 itself. Pure host work: nothing is launched.
DispatchChoice dispatch_choose(const DeviceInfo& d, DType t, int64_t M, int64_t N, int64_t ld,
                               bool aligned16 = true);

// "" when some linked stage takes contiguous M x N of dtype t on d; otherwise why none does.
std::string dispatch_refusal(const DeviceInfo& d, DType t, int64_t M, int64_t N);

// y = softmax(x) row-wise for M rows of N elements, row r at x + r * ld (ld >= N; elements N..ld-1
// of each y row untouched), on `stream`; returns the stage that ran. Enqueues only, never
// synchronises. A malformed call, or one no stage takes: one line on stderr, exit 2.
// Calls on several streams may run at once: what stages 07-10 keep between launches (chunk
// summaries, barrier counters, row tickets) is one buffer per stream in flight (common/scratch.h).
// The first call on a stream that runs beside another allocates that stream's buffer (cudaMalloc).
// Calls come from one host thread at a time (the stages' lookups are unguarded statics). Not for
// stream capture (CUDA graphs).
const Stage& softmax(const void* x, void* y, int64_t M, int64_t N, int64_t ld, DType t, cudaStream_t stream);

// The registered stage with this id, or nullptr.
const Stage* find_stage(const std::string& id);

// One line: which table the dispatcher uses on d (the rule table, or the tuned table and its file).
std::string dispatch_table_note(const DeviceInfo& d);
