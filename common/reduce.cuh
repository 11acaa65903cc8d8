// reduce.cuh — warp and block all-reductions, introduced in stage 02 and shared from then on.
//
//   float m = block_allreduce(v, MaxOp{});   // every thread gets the block's max
//   float s = block_allreduce(e, SumOp{});   // safe to call again right away
#pragma once

#include <cmath>

struct MaxOp {
  static constexpr float identity = -INFINITY;
  __device__ __forceinline__ float operator()(float a, float b) const { return fmaxf(a, b); }
};
struct SumOp {
  static constexpr float identity = 0.0f;
  __device__ __forceinline__ float operator()(float a, float b) const { return a + b; }
};

// Contract: all 32 lanes of the warp call it; every lane returns op over the 32 values
// (butterfly exchange with __shfl_xor_sync, 5 steps, no shared memory).
template <class Op>
__device__ __forceinline__ float warp_allreduce(float v, Op op) {
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2) v = op(v, __shfl_xor_sync(0xffffffffu, v, offset));
  return v;
}

// Contract: every thread of the block calls it, blockDim.x is a multiple of 32 and at most 1024;
// every thread returns op over the block's values. Each warp reduces in registers, warp leaders
// publish to shared memory, then every warp reduces the (up to 32) partials itself, so no
// broadcast step is needed. Two barriers; the second lets the next call reuse the shared slots.
template <class Op>
__device__ __forceinline__ float block_allreduce(float v, Op op) {
  __shared__ float partial[32];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32, warps = blockDim.x / 32;
  v = warp_allreduce(v, op);
  if (lane == 0) partial[warp] = v;
  __syncthreads();
  v = warp_allreduce(lane < warps ? partial[lane] : Op::identity, op);
  __syncthreads();
  return v;
}

// Contract: the block is made of teams of TW consecutive warps (TW a power of two, 1 to 32; or
// TW == 0, kBlockTeam: the whole block is one team, blockDim.x / 32 warps of any count up to 32)
// and every thread of a team calls it; every thread returns op over its team's values. TW == 1 is
// warp_allreduce. Otherwise every thread of the block calls it (one barrier), and `slots` holds
// one float per warp of the block that no other call uses before the block's next barrier (give
// each call site its own slots). Introduced in stage 08 (a team of warps per row; teams of any
// number of warps in its thirty-eighth session).
// SHORT_CHAIN (TW a power of two, 2 to 32; fortieth session): the second level in log2(TW)
// shuffle steps instead of 5. Lane l reads its team's partial l % TW, so every TW lanes hold all
// of them, and a butterfly over TW lanes gives each lane the team's result (the same bits in
// every lane: each step combines the same two operands on both sides). Stage 08 takes it where
// the grid has at most one block an SM, and its reductions are the kernel's critical path.
constexpr int kBlockTeam = 0;
template <int TW, bool SHORT_CHAIN = false, class Op>
__device__ __forceinline__ float team_allreduce(float v, Op op, float* slots) {
  static_assert(!SHORT_CHAIN || (TW >= 2 && TW <= 32), "SHORT_CHAIN: a team of 2-32 warps, a power of two");
  v = warp_allreduce(v, op);
  if constexpr (TW != 1) {
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (lane == 0) slots[warp] = v;
    __syncthreads();
    if constexpr (TW == kBlockTeam) {
      v = warp_allreduce(lane < static_cast<int>(blockDim.x / 32) ? slots[lane] : Op::identity, op);
    } else if constexpr (SHORT_CHAIN) {
      v = slots[warp / TW * TW + lane % TW];
#pragma unroll
      for (int offset = TW / 2; offset > 0; offset /= 2) v = op(v, __shfl_xor_sync(0xffffffffu, v, offset));
    } else {
      v = warp_allreduce(lane < TW ? slots[warp / TW * TW + lane] : Op::identity, op);
    }
  }
  return v;
}

// Contract: the block is made of teams of TL consecutive lanes (TL a power of two, 1 to 1024, or
// kBlockTeam: the block, a whole number of warps) and every thread of a team calls it; every
// thread returns op over its team's values. Under a warp (TL < 32) the team's lanes exchange by
// shuffles within the warp, and all 32 lanes of the warp must call it (a team past the last row
// too, on identities); from a warp up it is team_allreduce<TL / 32>. Introduced in stage 08's
// thirty-sixth session (teams smaller than a warp: several short rows per warp). SHORT_CHAIN: as
// team_allreduce's, for teams of 64-1024 lanes.
template <int TL, bool SHORT_CHAIN = false, class Op>
__device__ __forceinline__ float lanes_allreduce(float v, Op op, float* slots) {
  static_assert(TL == kBlockTeam || (TL >= 1 && TL <= 1024 && (TL & (TL - 1)) == 0),
                "TL: a power of two, 1 .. 1024, or kBlockTeam");
  if constexpr (TL == kBlockTeam) {
    return team_allreduce<kBlockTeam>(v, op, slots);
  } else if constexpr (TL < 32) {
#pragma unroll
    for (int offset = TL / 2; offset > 0; offset /= 2) v = op(v, __shfl_xor_sync(0xffffffffu, v, offset));
    return v;
  } else {
    return team_allreduce<TL / 32, SHORT_CHAIN>(v, op, slots);
  }
}

// ---- (max, sum) reductions, for the online stages -------------------------------------------
#include "softmax_math.h"

// Contract: all 32 lanes call it; every lane returns the merge of the warp's 32 summaries.
__device__ __forceinline__ MaxSum warp_allreduce(MaxSum v) {
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2) {
    const MaxSum other{__shfl_xor_sync(0xffffffffu, v.m, offset), __shfl_xor_sync(0xffffffffu, v.l, offset)};
    v = maxsum_merge(v, other);
  }
  return v;
}

// The block level of a (max, sum) all-reduction, with WARP_REDUCE (a warp all-reduction of
// summaries) at both levels: each warp reduces, warp leaders publish, every warp reduces the (up
// to 32) partials. Contract: as block_allreduce above, for (max, sum) summaries: every thread of
// the block calls it (blockDim.x a multiple of 32, at most 1024) and every thread returns the
// block's summary; two barriers, and the next call may reuse the slots.
template <MaxSum (*WARP_REDUCE)(MaxSum)>
__device__ __forceinline__ MaxSum block_allreduce_with(MaxSum v) {
  __shared__ MaxSum partial[32];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32, warps = blockDim.x / 32;
  v = WARP_REDUCE(v);
  if (lane == 0) partial[warp] = v;
  __syncthreads();
  v = WARP_REDUCE(lane < warps ? partial[lane] : maxsum_identity());
  __syncthreads();
  return v;
}

// Every thread returns the block's summary, merged by warp_allreduce(MaxSum).
__device__ __forceinline__ MaxSum block_allreduce(MaxSum v) { return block_allreduce_with<warp_allreduce>(v); }

// ---- (max, sum) reductions in two cheap steps ------------------------------------------------
// The same contract as warp_allreduce / block_allreduce(MaxSum) above, computed differently: the
// max first, by fmaxf shuffles, then every sum rescaled once to it (one __expf per lane) and added
// by shuffles. The merges above cost two exact expf per step and sit on the critical path ten
// times (five shuffle steps, two levels); this costs two __expf in all. Results agree with the
// merge up to float rounding (__expf: 2 ulp). A side with m == -inf adds nothing; a NaN sum (with
// m = +inf, as the stages that keep NaN make it) makes the result's sum NaN.
__device__ __forceinline__ MaxSum warp_allreduce_two_step(MaxSum v) {
  const float m = warp_allreduce(v.m, MaxOp{});
  const float l = warp_allreduce(v.m == -INFINITY ? 0.0f : v.l * __expf(v.m - m), SumOp{});
  return MaxSum{m, l};
}
// Contract: as block_allreduce(MaxSum).
__device__ __forceinline__ MaxSum block_allreduce_two_step(MaxSum v) {
  return block_allreduce_with<warp_allreduce_two_step>(v);
}
