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
//   * exp_sum(v, m) sets v[e] = e^(v[e] - m) for each e and returns their sum, m being the row's
//     max (0 for a row of -inf). For |m| < 1e7 it takes each as ex2(v[e] log2(e) - m log2(e)),
//     one FFMA and one MUFU.EX2, an instruction an element fewer than exp_ftz(v[e] - m). The
//     shift m log2(e) (under 2^24) is rounded once, by at most 0.5, and is the same for the whole
//     row: it scales every exponential of the row by one factor of at most 2^0.5, which the
//     division by their sum cancels. For larger |m| (or +inf, NaN) that factor could overflow,
//     and it takes exp_ftz(v[e] - m).
//   * rcp_approx(x) is rcp.approx.ftz.f32, one MUFU.RCP (fifty-ninth session): within one ulp
//     of 1 / x, where 1.0f / x (IEEE, round to nearest) takes a refinement of it and a branch to
//     a slow path. A softmax takes one a row; in rows of a few elements that is a large part of
//     the work (stage 08's pack_rows).
//     1 / 0 = +inf, 1 / +inf = 0, NaN stays NaN, as 1.0f / x; a subnormal x gives +inf (a
//     softmax's sum is at least 2^-0.5, or 0 for a row of -inf).
//   * ExpApprox and ExpFtz are the two as function objects, for code shared by stages that use
//     either (online_stats.cuh's fold).
#pragma once

__device__ __forceinline__ float exp_ftz(float x) {
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x * 1.4426950408889634f));
  return y;
}

// The fused form's limit: m log2(e) under 2^24, so that it rounds by at most 0.5.
constexpr float kExpShiftMax = 1.0e7f;

template <int E>
__device__ __forceinline__ float exp_sum(float (&v)[E], float m) {
  float l = 0.0f;
  if (fabsf(m) < kExpShiftMax) {
    const float shift = m * 1.4426950408889634f;
#pragma unroll
    for (int e = 0; e < E; ++e) {
      asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(v[e]) : "f"(fmaf(v[e], 1.4426950408889634f, -shift)));
      l += v[e];
    }
  } else {  // the subtraction first: a max of 1e7 or more (or +inf, NaN)
#pragma unroll
    for (int e = 0; e < E; ++e) l += v[e] = exp_ftz(v[e] - m);
  }
  return l;
}

__device__ __forceinline__ float rcp_approx(float x) {
  float y;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}

struct ExpApprox {
  __device__ __forceinline__ float operator()(float x) const { return __expf(x); }
};
struct ExpFtz {
  __device__ __forceinline__ float operator()(float x) const { return exp_ftz(x); }
};
