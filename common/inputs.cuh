// inputs.cuh — test and benchmark inputs, generated on the GPU from a counter-based hash so any
// size is quick to make and the same seed always gives the same matrix.
#pragma once

#include <cstdint>
#include <string>

#include <cuda_runtime.h>

#include "dtype.h"
#include "inputs_hash.h"

enum class InputKind {
  random,     // normal(0, 1), one element in 256 scaled by 40 (outliers up to about +-200)
  huge,       // normal scaled to the dtype's large end: +-1e30 (f32), +-6e4 (f16), +-1e30 (bf16)
  neg_inf,    // random, with about a third of the entries -inf (never the middle one of a row)
  all_equal,  // every entry of a row the same value (a different value per row)
  special,    // by row, cycling: all -inf; one +inf; one NaN; +-1e30 (f16: +-65504) mixed with
              // ordinary values; ordinary values with some -inf (the conventions' test)
};

const char* input_kind_name(InputKind k);

// x[i] for i < M*N, of element type t, on `stream`.
void fill_input(void* x, DType t, int64_t M, int64_t N, InputKind kind, uint64_t seed,
                cudaStream_t stream);
// Every byte of y set to 0xFF: an element left like this was never written.
void poison_output(void* y, int64_t bytes, cudaStream_t stream);
