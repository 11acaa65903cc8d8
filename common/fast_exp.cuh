// fast_exp.cuh — e^x in the fewest instructions a softmax can use: stage 09 took it first (the
// forty-eighth session, docs/09_cooperative.md), stages 08, 10 and 12 since the forty-ninth
// (docs/08_half.md, "The exponential"). Stages 03-07 keep __expf.
//
// Contracts:
//   * exp_ftz(x) is ex2.approx.ftz.f32 of x log2(e): one multiply and one MUFU.EX2. __expf is
//     the same without .ftz, and sm_90 spends three more instructions on it (a compare and two
//     predicated multiplies) to keep results below 2^-126 as denormals. Here they are 0. A
//     softmax sums and scales values of at most 1, so a term under 1.2e-38 changes no sum, and an
//     output that small is 0 (off by less than 1.2e-38; fp16 cannot hold it, bf16 holds it as a
//     subnormal).
//     -inf gives 0, +inf gives +inf, NaN stays NaN; otherwise the same approximation as __expf.
//   * ExpApprox and ExpFtz are the two as function objects, for code shared by stages that use
//     either (online_stats.cuh's fold).
#pragma once

__device__ __forceinline__ float exp_ftz(float x) {
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x * 1.4426950408889634f));
  return y;
}

struct ExpApprox {
  __device__ __forceinline__ float operator()(float x) const { return __expf(x); }
};
struct ExpFtz {
  __device__ __forceinline__ float operator()(float x) const { return exp_ftz(x); }
};
