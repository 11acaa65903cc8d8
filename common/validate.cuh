// validate.cuh — run a stage once and compare its output with the double-precision reference.
#pragma once

#include <cstdint>

#include "check.h"
#include "inputs.cuh"
#include "stage.h"

// Launch the stage's launcher for dtype t (which the stage must have), then check the launch.
void launch_stage(const Stage& s, DType t, const void* x, void* y, int64_t M, int64_t N,
                  cudaStream_t stream);

// Compare y (device) with the reference computed from x (device). Up to 2^24 elements every row
// is compared; above that, 64 rows spread over the matrix (first and last included) are compared
// and every other row is scanned (written, finite, in [0, 1], sums to 1).
CheckResult check_output(const void* x, const void* y, DType t, int64_t M, int64_t N);

// Allocate, fill with `kind`, poison the output, run the stage once, check. The caller has
// already made sure the stage takes this shape. `offset` > 0 moves x and y that many elements
// past the allocation's (256-byte aligned) start: the stage then sees misaligned pointers.
CheckResult validate_stage(const Stage& s, DType t, int64_t M, int64_t N, InputKind kind,
                           uint64_t seed, int64_t offset = 0);
