// validate.cuh — run a stage once and compare its output with the double-precision reference.
#pragma once

#include <cstdint>

#include "check.h"
#include "inputs.cuh"
#include "stage.h"

// Launch the stage's launcher for dtype t (which the stage must have), then check the launch.
void launch_stage(const Stage& s, DType t, const void* x, void* y, int64_t M, int64_t N,
                  cudaStream_t stream);
// The same through the stage's strided launcher (which it must have): rows `ld` elements apart.
void launch_stage_strided(const Stage& s, DType t, const void* x, void* y, int64_t M, int64_t N,
                          int64_t ld, cudaStream_t stream);

// Compare y (device) with the reference computed from x (device). Up to 2^24 elements, or with
// every_row (inputs whose rows may rightly end NaN, which a scan would fail), every row is
// compared; above that, 64 rows spread over the matrix (first and last included) are compared
// and every other row is scanned (written, finite, in [0, 1], sums to 1).
CheckResult check_output(const void* x, const void* y, DType t, int64_t M, int64_t N, bool every_row = false);

// Allocate, fill with `kind`, poison the output, run the stage once, check (every row of the
// special input, whose NaN and +inf rows end NaN by convention). The caller has
// already made sure the stage takes this shape. `offset` > 0 moves x and y that many elements
// past the allocation's (256-byte aligned) start: the stage then sees misaligned pointers.
CheckResult validate_stage(const Stage& s, DType t, int64_t M, int64_t N, InputKind kind,
                           uint64_t seed, int64_t offset = 0);

// check_output for rows `ld` elements apart (ld >= N): the first N columns of x and y are
// gathered into contiguous device copies and compared as above, and every gap element of y
// (columns N..ld-1 of each row) must still hold the 0xFF poison; a written one fails the result,
// sets first_bad_row and is named (row, column) in one line on stderr. Needs row pitches of at
// most the device's largest copy pitch (cudaDevAttrMaxPitch, 2^31 - 1 bytes on current GPUs).
CheckResult check_output_strided(const void* x, const void* y, DType t, int64_t M, int64_t N,
                                 int64_t ld);

// validate_stage through the stage's strided launcher (s.strided must be set): x is filled as an
// M x ld matrix (so the gaps hold data the kernel must ignore), all of y is poisoned, then the
// stage runs once and check_output_strided judges it. The caller has checked the stage takes M x N.
CheckResult validate_stage_strided(const Stage& s, DType t, int64_t M, int64_t N, int64_t ld,
                                   InputKind kind, uint64_t seed);
