// row_cache.cuh — a block holds a stretch of a row on chip, in registers and shared memory, so the
// stretch is read from memory once: introduced by stage 08's one-pass kernels (docs/08_half.md);
// stage 10's wide clusters hold each CTA's part of a row the same way (docs/10_cluster.md).
//
// Layout: the stretch is nvec 16-byte packs; thread t owns packs t, t + THREADS, t + 2 THREADS, ...
// The first REG of them are held in the thread's registers (reg[i]); the next SMEM in shared memory,
// pack REG + j at cache[j * THREADS + t], so a warp's accesses are consecutive.
//
// Contracts (for every thread of a block of THREADS threads, all with the same arguments):
//   * nvec <= THREADS * (REG + SMEM); src and dst 16-byte aligned (or, for load() and store(),
//     ShiftedRows of a row off the boundary: packs.cuh); cache has SMEM * THREADS packs wherever
//     the stretch reaches into shared memory.
//   * load() issues every load of the thread's packs before any is used: the shared part by
//     cp.async (no registers; a group per slice where they are summed as they land), then the
//     register part; for a ShiftedRow, its partial first and last pack after all of those, element
//     by element. Packs past nvec hold -inf.
//   * summary() is this thread's (max, sum) of exp(x - max) over its packs; it waits for its own
//     cp.async copies, and a thread reads back only what it copied: no block barrier is needed.
//     In fp32 blocks of up to 8 slices it leaves exp(x - max) in the register packs in place of x
//     (kKeepExps), so store() takes no second exponential for them; call summary() once between
//     load() and store() (or store_then_load()).
//   * store() writes exp(x - row.m) / row.l for the thread's packs to dst (a ShiftedRow with the
//     source's misalignment, if the source was one); store_then_load() does too, for rows in whole
//     packs, and loads the next stretch of a persistent block (same nvec) into the packs it frees,
//     as load() would: summary() then applies to that stretch.
//   * Every exponential is fast_exp.cuh's exp_ftz (since the forty-ninth session): outputs under
//     2^-126 are 0.
//   * BULK (sm_90, rows in whole packs; seventy-first session): load() has thread 0 start one bulk
//     copy a slice, each on its own mbarrier (static shared memory), then a block barrier;
//     summary() waits on slice i's mbarrier where it would wait for its cp.async group. A block
//     barrier must separate summary() from store() / store_then_load(): store() retires the
//     mbarriers, and store_then_load() writes every slice, then (a block barrier) has thread 0
//     copy the next stretch's slices, so the refill waits for the whole block, not one thread.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "bulk_copy.cuh"  // bulk_load and the mbarriers (SOFTMAX_BULK_SLICES)
#include "fast_exp.cuh"  // exp_ftz
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
// The wider block (eighteenth session): the same 1024 threads and registers, with up to 13 slices
// (208 KB) of shared memory, a stretch of up to 336 KB; still one block per SM, which its registers
// decide. Where a GPU lets a block opt in to less (an A100: 163 KB, 10 slices), the launcher sizes
// the stretch to what it has (wider_slices).
constexpr int kWiderSmem = 13;
// Slices of kWideThreads packs the wider block may have when a block opts in to `optin_bytes` of
// shared memory, `reserved` of them taken by the kernel's own static shared memory.
constexpr int wider_slices(int64_t optin_bytes, int64_t reserved) {
  const int64_t s = (optin_bytes - reserved) / (int64_t{kWideThreads} * 16);
  return static_cast<int>(s < kWiderSmem ? (s < 0 ? 0 : s) : kWiderSmem);
}

// Bulk slices (seventy-first session): RowCache<..., BULK = true> loads its slices by the copy
// engine, one bulk copy a slice, each with its mbarrier, instead of cp.async (rows in whole packs,
// sm_90; elsewhere BULK is ignored). A cp.async passes through the L1, which an SM holding a
// 13-slice block (208 KB of shared memory) has 28 KB of (60 KB at 12 slices): there, stages 08 and
// 10 launch their bulk kernels (kBulkSlices; `make BULK_SLICES=0` never does, to compare).
#ifndef SOFTMAX_BULK_SLICES
#define SOFTMAX_BULK_SLICES 1
#endif
constexpr bool kBulkSlices = SOFTMAX_BULK_SLICES != 0;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define ROW_CACHE_BULK_ARCH 1
#else
#define ROW_CACHE_BULK_ARCH 0
#endif

template <class T, int THREADS, int REG, int SMEM, bool BULK = false>
struct RowCache {
  uint4 reg[REG];
  uint4* cache;
  // fp32 (twenty-third session): summary() overwrites the register packs with exp(x - reg_max), and
  // store() scales them by exp(reg_max - row max) / row sum: one exponential per register element,
  // as Triton's fused kernel and stage 08's team_rows take, instead of two. A pack of floats holds
  // its exponentials in the same registers; a pack of halves would need twice as many, so halves
  // convert and exponentiate again in store(). The slices in shared memory are not rewritten.
  // Blocks of more than 8 slices keep the two exponentials: stage 08's 13-slice block was 0.9-1.6%
  // slower with one (results/h100/explore/session23/keep8-f25bdfa.txt; docs/08_half.md has the rest).
  static constexpr bool kKeepExps = std::is_same_v<T, float> && SMEM <= kWideSmem;
  float reg_max = -INFINITY;  // kKeepExps: the max the register packs' exponentials are taken against
  // The slices are summed as they land when there are at most 13 (the wide, wider and medium
  // kernels). The extreme kernel's 56 took 38% longer so, and 34% with its cp.async groups capped at
  // 8 (results/h100/explore/session13/landed2.txt, landed3.txt); it sums them after the last load.
  static constexpr bool kSlicesAsLanded = SMEM > 0 && SMEM <= kWiderSmem;
  // BULK: a block barrier must separate summary() from store() or store_then_load().
  static constexpr bool kBulk = BULK && ROW_CACHE_BULK_ARCH && kSlicesAsLanded;
  bool bulk = false;   // this stretch's slices come by bulk copy (load() decides; a constant once inlined)
  uint32_t phase = 0;  // bulk: the parity of the slices' mbarriers for the stretch in flight

  __device__ __forceinline__ explicit RowCache(uint4* shared) : cache(shared) {}

  // 1. Start the shared-memory part (asynchronous copies), then the register part.
  //    src: the stretch's packs, a `const uint4*` or a ShiftedRow<const T> (packs.cuh).
  template <class Src>
  __device__ __forceinline__ void load(const Src& src, int nvec) {
    const int tid = threadIdx.x;
    if constexpr (kBulk && std::is_pointer_v<Src>) {
      bulk = true;
      if (tid == 0) init_bars(), start_bulk_slices(src, nvec);
    }
    if (!bulk) {
#pragma unroll
      for (int i = 0; i < SMEM; ++i) {
        const int v = tid + (REG + i) * THREADS;
        if (v < nvec) fetch_pack_async(&cache[i * THREADS + tid], src, v);
        if constexpr (kSlicesAsLanded) cp_async_commit();  // a group per slice
      }
    }
#pragma unroll
    for (int i = 0; i < REG; ++i) {
      const int v = tid + i * THREADS;
      reg[i] = fetch_pack_if<T>(v < nvec, src, v);
    }
    if (bulk) __syncthreads();  // the mbarriers initialised before any thread waits on them
    if constexpr (!std::is_pointer_v<Src>) {  // a ShiftedRow: its partial packs once all else is in flight
#pragma unroll
      for (int i = 0; i < SMEM; ++i) {
        const int v = tid + (REG + i) * THREADS;
        if (v < nvec && edge_pack(src, v)) cache[i * THREADS + tid] = fetch_edge_pack(src, v);
      }
#pragma unroll
      for (int i = 0; i < REG; ++i) {
        const int v = tid + i * THREADS;
        if (v < nvec && edge_pack(src, v)) reg[i] = fetch_edge_pack(src, v);
      }
    }
  }

  // 2. This thread's (max, sum of exp(x - max)).
  //    kSlicesAsLanded: the slices first, in the order they were issued, each folded in as soon as
  //    its cp.async group has landed (a slice that raises the max rescales the sum), while the
  //    register loads are still in flight; then the registers' max and sum. Only the registers'
  //    exponentials wait for the last load: it matters when the block has the SM to itself
  //    (docs/08_half.md, "Summing the slices as they land").
  //    Otherwise: the max of everything once all has landed, then the sum.
  //    The registers are never folded one by one: ptxas then sinks some of their loads past the
  //    arithmetic, and fewer loads are in flight (landed1.txt).
  __device__ __forceinline__ MaxSum summary(int nvec) {
    const int tid = threadIdx.x;
    float m = -INFINITY, l = 0.0f;
    if constexpr (kSlicesAsLanded) {
#pragma unroll
      for (int i = 0; i < SMEM; ++i) {
        if (bulk) wait_bulk_slice(i);
        else cp_async_wait_pending(SMEM - 1 - i);  // slice i has landed (a constant once unrolled)
        if (in_row(i, nvec)) fold_pack(m, l, cache[i * THREADS + tid]);
      }
      phase ^= bulk ? 1u : 0u;
    }
    float rm = -INFINITY;  // the max of what is not yet summed
#pragma unroll
    for (int i = 0; i < REG; ++i) rm = fmaxf(rm, pack_max<T>(reg[i]));
#pragma unroll
    for (int i = 0; i < REG; ++i) opaque(reg[i]);  // convert again below, rather than keep floats alive
    if constexpr (!kSlicesAsLanded && SMEM > 0) {
      cp_async_wait_all();
#pragma unroll
      for (int i = 0; i < SMEM; ++i)
        if (in_row(i, nvec)) rm = fmaxf(rm, pack_max<T>(cache[i * THREADS + tid]));
    }
    if constexpr (kSlicesAsLanded) {
      if (rm > m) l *= exp_ftz(m - rm);  // the registers raise the max: rescale the slices' sum
      m = fmaxf(m, rm);
    } else {
      m = rm;
    }
    const float ms = m == -INFINITY ? 0.0f : m;  // all -inf (or no data): sum 0, no NaN
    if constexpr (kKeepExps) {
      reg_max = m;  // -inf: every register pack is -inf, its exponentials 0, and so its outputs
#pragma unroll
      for (int i = 0; i < REG; ++i) reg[i] = exps_added(l, reg[i], ms);
    } else {
#pragma unroll
      for (int i = 0; i < REG; ++i) add_exps(l, reg[i], ms);
    }
    if constexpr (!kSlicesAsLanded) {
#pragma unroll
      for (int i = 0; i < SMEM; ++i)
        if (in_row(i, nvec)) add_exps(l, cache[i * THREADS + tid], ms);
    }
#pragma unroll
    for (int i = 0; i < REG; ++i) opaque(reg[i]);  // store() converts again
    return thread_summary(m, l);
  }

  // Whether this thread's pack of slice i is part of the stretch.
  __device__ __forceinline__ static bool in_row(int i, int nvec) {
    return static_cast<int>(threadIdx.x) + (REG + i) * THREADS < nvec;
  }
  // l += exp(x - shift) over a pack.
  __device__ __forceinline__ static void add_exps(float& l, const uint4& p, float shift) {
    constexpr int V = kVec<T>;
    float f[V];
    unpack<T>(p, f);
#pragma unroll
    for (int k = 0; k < V; ++k) l += exp_ftz(f[k] - shift);
  }

  // l += exp(x - shift) over a pack of floats; returns the pack of those exponentials.
  __device__ __forceinline__ static uint4 exps_added(float& l, const uint4& p, float shift) {
    float f[kVec<float>];
    unpack<float>(p, f);
#pragma unroll
    for (int k = 0; k < kVec<float>; ++k) {
      f[k] = exp_ftz(f[k] - shift);
      l += f[k];
    }
    return pack<float>(f);
  }

  // Fold one pack into this thread's running (m, l); a pack of -inf adds 0. Unlike online_stats.cuh's
  // fold, no exponential is taken while the max does not rise, which after the first slices it
  // seldom does.
  __device__ __forceinline__ static void fold_pack(float& m, float& l, const uint4& p) {
    const float pm = pack_max<T>(p);
    if (pm > m) {  // a new max (never NaN): rescale the sum so far; from -inf, exp(-inf) = 0
      l *= exp_ftz(m - pm);
      m = pm;
    }
    add_exps(l, p, m == -INFINITY ? 0.0f : m);  // all -inf so far: sum 0, no NaN
  }

  // 3. Normalise with the row's (max, sum) and write; 16-byte stores. dst: a `uint4*` or a
  //    ShiftedRow<T> with the source's misalignment.
  template <class Dst>
  __device__ __forceinline__ void store(const Dst& dst, int nvec, MaxSum row) const {
    const int tid = threadIdx.x;
    if (bulk && tid == 0) retire_bars();  // every thread waited before the block barrier
    const float inv = 1.0f / row.l, scale = register_scale(row, inv);
#pragma unroll
    for (int i = 0; i < REG; ++i) {
      const int v = tid + i * THREADS;
      if (v < nvec) put_pack(dst, v, register_output(reg[i], row.m, inv, scale));
    }
#pragma unroll
    for (int i = 0; i < SMEM; ++i) {
      const int v = tid + (REG + i) * THREADS;
      if (v < nvec) put_pack(dst, v, normalised(cache[i * THREADS + tid], row.m, inv));
    }
  }

  // 3'. store() for a block that goes on to another stretch of the same length (a persistent
  //     block, next == nullptr: none): as each pack is written, the thread starts the same pack of
  //     the next stretch in its place, in load()'s order (the slices, a cp.async group each where
  //     they are summed as they land, then the registers). So the next stretch is in flight while
  //     this one is written. A slot is refilled only after the thread has read it (its store has
  //     used the value), and only the thread that reads a slot fills it: no block barrier.
  __device__ __forceinline__ void store_then_load(uint4* dst, int nvec, MaxSum row, const uint4* next) {
    const int tid = threadIdx.x;
    const float inv = 1.0f / row.l, scale = register_scale(row, inv);
    if (bulk) {  // every slice written, then (a block barrier: no thread still reads) the next copied
#pragma unroll
      for (int i = 0; i < SMEM; ++i) {
        const int v = tid + (REG + i) * THREADS;
        if (v < nvec) dst[v] = normalised(cache[i * THREADS + tid], row.m, inv);
      }
      if (next) __syncthreads();
      if (tid == 0) next ? (fence_async_smem(), start_bulk_slices(next, nvec)) : retire_bars();
    } else {
#pragma unroll
      for (int i = 0; i < SMEM; ++i) {
        const int v = tid + (REG + i) * THREADS;
        uint4* slot = &cache[i * THREADS + tid];
        if (v < nvec) {
          dst[v] = normalised(*slot, row.m, inv);
          if (next) cp_async16(slot, next + v);
        }
        if constexpr (kSlicesAsLanded) cp_async_commit();  // a group per slice, as load() has it
      }
    }
#pragma unroll
    for (int i = 0; i < REG; ++i) {
      const int v = tid + i * THREADS;
      if (v < nvec) dst[v] = register_output(reg[i], row.m, inv, scale);
      if (next) reg[i] = v < nvec ? next[v] : neg_inf_pack<T>();
    }
  }

  // Bulk slices: one mbarrier a slice, in static shared memory.
  __device__ __forceinline__ static uint64_t* slice_bars() {
    __shared__ uint64_t bars[SMEM > 0 ? SMEM : 1];
    return bars;
  }
  // Thread 0: the mbarriers, one arrival (thread 0's, with the bytes) a phase.
  __device__ __forceinline__ static void init_bars() {
#if ROW_CACHE_BULK_ARCH
    for (int i = 0; i < SMEM; ++i) mbar_init(&slice_bars()[i]);
    mbar_init_fence();
#endif
  }
  // Thread 0: slice i of the stretch at src (its packs in the stretch, 0-THREADS of them) as one
  // bulk copy on mbarrier i; a slice past the stretch completes its phase with no bytes.
  __device__ __forceinline__ void start_bulk_slices(const uint4* src, int nvec) const {
#if ROW_CACHE_BULK_ARCH
#pragma unroll
    for (int i = 0; i < SMEM; ++i) {
      const int first = (REG + i) * THREADS, left = nvec - first;
      const int packs = left < 0 ? 0 : (left < THREADS ? left : THREADS);
      bulk_load(cache + i * THREADS, src + first, static_cast<uint32_t>(packs) * 16u, &slice_bars()[i]);
    }
#else
    (void)src, (void)nvec;
#endif
  }
  __device__ __forceinline__ void wait_bulk_slice(int i) const {
#if ROW_CACHE_BULK_ARCH
    mbar_wait(&slice_bars()[i], phase);
#else
    (void)i;
#endif
  }
  // Thread 0, once every thread has waited on the last phase: the mbarriers retired.
  __device__ __forceinline__ static void retire_bars() {
#if ROW_CACHE_BULK_ARCH
    for (int i = 0; i < SMEM; ++i) mbar_inval(&slice_bars()[i]);
#endif
  }

  // kKeepExps: what turns the register packs' exponentials into outputs, exp(reg_max - row.m) / row.l.
  // Never NaN where the plain form is not: reg_max <= row.m, and reg_max = -inf gives 0 (a row all
  // -inf, or with a NaN or +inf, has row.l NaN and gives NaN, as normalised() does).
  __device__ __forceinline__ float register_scale(MaxSum row, float inv) const {
    return kKeepExps ? exp_ftz(reg_max - row.m) * inv : 0.0f;
  }
  // A register pack's output: its exponentials scaled (kKeepExps), or normalised from x.
  __device__ __forceinline__ static uint4 register_output(const uint4& p, float m, float inv, float scale) {
    if constexpr (kKeepExps) {
      float f[kVec<float>];
      unpack<float>(p, f);
#pragma unroll
      for (int k = 0; k < kVec<float>; ++k) f[k] *= scale;
      return pack<float>(f);
    } else {
      return normalised(p, m, inv);
    }
  }

  __device__ __forceinline__ static uint4 normalised(const uint4& p, float m, float inv) {
    constexpr int V = kVec<T>;
    float f[V];
    unpack<T>(p, f);
#pragma unroll
    for (int k = 0; k < V; ++k) f[k] = exp_ftz(f[k] - m) * inv;
    return pack<T>(f);
  }
};
