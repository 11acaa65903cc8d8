// online_stats.cuh — streaming a row with a running (max, sum), for the stages whose rows do not
// fit on chip: introduced in stage 06 (docs/06_twopass.md), used by 06 and 07.
//
// Contracts: split16(p, n) splits n floats at p into a scalar head up to the first 16-byte
// boundary, whole float4s, and a scalar tail. fold(s, v) adds K values to the running summary s
// with one rescale per call. keep_nan(s) makes a summary that saw only NaN and -inf survive the
// (max, sum) merge, so the NaN reaches the row (docs/special_values.md).
#pragma once

#include <cmath>
#include <cstdint>

#include "fast_exp.cuh"  // ExpApprox
#include "softmax_math.h"

struct Span {
  int head;      // scalars before the first 16-byte boundary (0..3)
  int64_t nvec;  // float4s after it
  int tail;      // scalars after the last whole float4 (0..3)
};
__device__ __forceinline__ Span split16(const float* p, int64_t n) {
  const int mis = static_cast<int>((reinterpret_cast<uintptr_t>(p) / sizeof(float)) % 4);
  const int head = static_cast<int>(mis == 0 ? 0 : (4 - mis < n ? 4 - mis : n));
  const int64_t nvec = (n - head) / 4;
  return {head, nvec, static_cast<int>(n - head - 4 * nvec)};
}

// ---- the online (max, sum) of one thread ----------------------------------------------------
// Fold K values into a running (m, l): one rescale of l per group, one exponential per value
// (Exp: __expf, or fast_exp.cuh's ExpFtz for stages 10 and 12). `shift` stays finite while every
// value seen is -inf, so exp(-inf - -inf) = NaN never happens.
template <class Exp = ExpApprox, int K>
__device__ __forceinline__ void fold(MaxSum& s, const float (&v)[K]) {
  const Exp exp_of{};
  float gm = v[0];
#pragma unroll
  for (int i = 1; i < K; ++i) gm = fmaxf(gm, v[i]);
  const float m = fmaxf(s.m, gm);
  const float shift = (m == -INFINITY) ? 0.0f : m;
  float l = s.l * exp_of(s.m - shift);
#pragma unroll
  for (int i = 0; i < K; ++i) l += exp_of(v[i] - shift);
  s = MaxSum{m, l};
}

// A thread whose values were only NaN and -inf ends as (-inf, NaN); the merge drops a side whose
// max is -inf as empty, so give it a finite max and the NaN reaches the row's sum (torch.softmax's
// convention: a row holding NaN is NaN; docs/special_values.md).
__device__ __forceinline__ MaxSum keep_nan(MaxSum s) {
  return (s.m == -INFINITY && s.l != s.l) ? MaxSum{0.0f, s.l} : s;
}

__device__ __forceinline__ void set4(float* v, float4 q) { v[0] = q.x; v[1] = q.y; v[2] = q.z; v[3] = q.w; }
