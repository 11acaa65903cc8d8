// softmax_math.h — the (max, sum) summary of a set of values, usable on host and device.
//
// A row's softmax needs two numbers: m = max(x) and l = sum(exp(x - m)). The pair can be built
// one element at a time (the "online" recurrence) and two pairs can be merged, so any split of a
// row — per thread, per warp, per block, per chunk of a split-K kernel — reduces to merging pairs.
//
// Contract of maxsum_merge:
//   * identity: maxsum_identity() = (-inf, 0); merge(identity, a) == a exactly.
//   * commutative exactly, associative up to float rounding.
//   * a side with m == -inf (empty, or every element -inf) contributes nothing; merging two such
//     sides gives the identity instead of the NaN that exp(-inf - -inf) would produce.
#pragma once

#include <cmath>

#if defined(__CUDACC__)
#define SOFTMAX_HD __host__ __device__ __forceinline__
#else
#define SOFTMAX_HD inline
#endif

struct MaxSum {
  float m;  // running maximum
  float l;  // sum of exp(x - m) over the elements seen so far
};

SOFTMAX_HD MaxSum maxsum_identity() { return MaxSum{-INFINITY, 0.0f}; }

// Merge two summaries: rescale each sum to the larger maximum, then add.
SOFTMAX_HD MaxSum maxsum_merge(MaxSum a, MaxSum b) {
  const float m = fmaxf(a.m, b.m);
  if (m == -INFINITY) return maxsum_identity();
  const float la = (a.m == -INFINITY) ? 0.0f : a.l * expf(a.m - m);
  const float lb = (b.m == -INFINITY) ? 0.0f : b.l * expf(b.m - m);
  return MaxSum{m, la + lb};
}

// Add one element: the online softmax recurrence.
SOFTMAX_HD MaxSum maxsum_push(MaxSum s, float x) { return maxsum_merge(s, MaxSum{x, 1.0f}); }
