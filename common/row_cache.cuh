// row_cache.cuh — a block holds a stretch of a row on chip, in registers and shared memory, so the
// stretch is read from memory once: introduced by stage 08's one-pass kernels (docs/08_half.md);
// stage 10's wide clusters hold each CTA's part of a row the same way (docs/10_cluster.md).
//
// Layout: the stretch is nvec 16-byte packs; thread t owns packs t, t + THREADS, t + 2 THREADS, ...
// The first REG of them are held in the thread's registers (reg[i]); the next SMEM in shared memory,
// pack REG + j at cache[j * THREADS + t], so a warp's accesses are consecutive.
//
// Contracts (for every thread of a block of THREADS threads, all with the same arguments):
//   * nvec <= THREADS * (REG + SMEM); src and dst 16-byte aligned; cache has SMEM * THREADS packs
//     wherever the stretch reaches into shared memory.
//   * load() issues every load of the thread's packs before any is used: the shared part by
//     cp.async (no registers; up to 8 groups of slices), then the register part. Packs past nvec
//     hold -inf.
//   * summary() is this thread's (max, sum) of exp(x - max) over its packs; it waits for its own
//     cp.async copies, and a thread reads back only what it copied: no block barrier is needed.
//   * store() writes exp(x - row.m) / row.l for the thread's packs to dst.
#pragma once

#include <cmath>
#include <cstdint>

#include "packs.cuh"
#include "softmax_math.h"

// A thread's (max, sum) as the merges of common/softmax_math.h expect it. fmaxf skips NaN, so a
// NaN entry shows up only as a NaN sum; a summary (-inf, NaN) would be dropped by maxsum_merge as
// empty, so a NaN sum gets max +inf, which no merge can drop: the row ends NaN, as torch's does
// (docs/special_values.md). A row with +inf gets (+inf, NaN) by itself.
__device__ __forceinline__ MaxSum thread_summary(float m, float l) {
  return MaxSum{l != l ? INFINITY : m, l};
}

// Dynamic shared memory, in bytes, for a stretch of nvec packs in RowCache<T, THREADS, REG, SMEM>:
// the slices past the register part, at most SMEM of them.
inline int64_t row_cache_smem_bytes(int threads, int reg, int smem, int64_t nvec) {
  int64_t slices = (nvec + threads - 1) / threads - reg;
  slices = slices < 0 ? 0 : (slices > smem ? smem : slices);
  return slices * threads * 16;
}

// The wide block (twelfth session): 1024 threads, 8 packs each in registers and 8 slices of shared
// memory, a stretch of up to 256 KB; 64 registers x 1024 threads fill an SM's register file, so one
// block per SM. Stage 08 runs it for a row (and at 512 threads, two blocks per SM, for rows of up to
// 128 KB); stage 10 runs it as a cluster's CTA for a part of a row.
constexpr int kWideThreads = 1024, kWideReg = 8, kWideSmem = 8;
// Packs a wide block of `threads` threads holds.
constexpr int64_t wide_packs(int threads) { return int64_t{threads} * (kWideReg + kWideSmem); }

template <class T, int THREADS, int REG, int SMEM>
struct RowCache {
  uint4 reg[REG];
  uint4* cache;
  // The slices' cp.async groups: one per slice, at most 8 (the extreme kernel's 56 slices in 56
  // groups took 38% longer, explore/session13/landed2.txt); kPerGroup slices each.
  static constexpr int kPerGroup = SMEM <= 8 ? 1 : (SMEM + 7) / 8;
  static constexpr int kGroups = SMEM == 0 ? 0 : (SMEM + kPerGroup - 1) / kPerGroup;

  __device__ __forceinline__ explicit RowCache(uint4* shared) : cache(shared) {}

  // 1. Start the shared-memory part (asynchronous copies, kGroups groups), then the register part.
  __device__ __forceinline__ void load(const uint4* src, int nvec) {
    const int tid = threadIdx.x;
#pragma unroll
    for (int i = 0; i < SMEM; ++i) {
      const int v = tid + (REG + i) * THREADS;
      if (v < nvec) cp_async16(&cache[i * THREADS + tid], src + v);
      if ((i + 1) % kPerGroup == 0 || i == SMEM - 1) cp_async_commit();
    }
#pragma unroll
    for (int i = 0; i < REG; ++i) {
      const int v = tid + i * THREADS;
      reg[i] = v < nvec ? src[v] : neg_inf_pack<T>();
    }
  }

  // 2. This thread's (max, sum of exp(x - max)).
  //    With shared memory, the slices first, in the order they were issued, each folded in as
  //    soon as its cp.async group has landed (a slice that raises the max rescales the sum), while the
  //    register loads are still in flight; then the registers, as below. Their exponentials, not
  //    the slices' too, wait for the last load: it matters when the block has the SM to itself
  //    (docs/08_half.md, "Summing as the slices land").
  //    The registers: their max, then their sum. Their loads are not folded one by one: ptxas
  //    then sinks some of them past the arithmetic, and fewer loads are in flight.
  __device__ __forceinline__ MaxSum summary(int nvec) {
    constexpr int V = kVec<T>;
    const int tid = threadIdx.x;
    float m = -INFINITY, l = 0.0f;
#pragma unroll
    for (int i = 0; i < SMEM; ++i) {
      if (i % kPerGroup == 0) cp_async_wait_pending(kGroups - 1 - i / kPerGroup);  // its group has landed
      if (tid + (REG + i) * THREADS < nvec) fold_pack(m, l, cache[i * THREADS + tid]);
    }
    float rm = -INFINITY;
#pragma unroll
    for (int i = 0; i < REG; ++i) rm = fmaxf(rm, pack_max<T>(reg[i]));
#pragma unroll
    for (int i = 0; i < REG; ++i) opaque(reg[i]);  // convert again below, rather than keep floats alive
    if constexpr (SMEM > 0) {
      if (rm > m) l *= __expf(m - rm);  // the registers raise the max: rescale the slices' sum
      m = fmaxf(m, rm);
    } else {
      m = rm;
    }
    const float ms = m == -INFINITY ? 0.0f : m;  // all -inf (or no data): sum 0, no NaN
#pragma unroll
    for (int i = 0; i < REG; ++i) {
      float f[V];
      unpack<T>(reg[i], f);
#pragma unroll
      for (int k = 0; k < V; ++k) l += __expf(f[k] - ms);
    }
#pragma unroll
    for (int i = 0; i < REG; ++i) opaque(reg[i]);  // store() converts again
    return thread_summary(m, l);
  }

  // Fold one pack into this thread's running (m, l); a pack of -inf adds 0.
  __device__ __forceinline__ static void fold_pack(float& m, float& l, const uint4& p) {
    constexpr int V = kVec<T>;
    const float pm = pack_max<T>(p);
    if (pm > m) {  // a new max (never NaN): rescale the sum so far; from -inf, exp(-inf) = 0
      l *= __expf(m - pm);
      m = pm;
    }
    const float shift = m == -INFINITY ? 0.0f : m;  // all -inf so far: sum 0, no NaN
    float f[V];
    unpack<T>(p, f);
#pragma unroll
    for (int k = 0; k < V; ++k) l += __expf(f[k] - shift);
  }

  // 3. Normalise with the row's (max, sum) and write; 16-byte stores.
  __device__ __forceinline__ void store(uint4* dst, int nvec, MaxSum row) const {
    const int tid = threadIdx.x;
    const float inv = 1.0f / row.l;
#pragma unroll
    for (int i = 0; i < REG; ++i) {
      const int v = tid + i * THREADS;
      if (v < nvec) dst[v] = normalised(reg[i], row.m, inv);
    }
#pragma unroll
    for (int i = 0; i < SMEM; ++i) {
      const int v = tid + (REG + i) * THREADS;
      if (v < nvec) dst[v] = normalised(cache[i * THREADS + tid], row.m, inv);
    }
  }

  __device__ __forceinline__ static uint4 normalised(const uint4& p, float m, float inv) {
    constexpr int V = kVec<T>;
    float f[V];
    unpack<T>(p, f);
#pragma unroll
    for (int k = 0; k < V; ++k) f[k] = __expf(f[k] - m) * inv;
    return pack<T>(f);
  }
};
