// Stage 09 — cooperative split-K: a split-K softmax in one launch, with a grid-wide barrier where
// the second kernel used to start.
//
// New here: cudaLaunchCooperativeKernel with a grid no larger than what the GPU holds at once (the
// occupancy API times the SM count), which makes cooperative_groups' grid.sync() a legal barrier.
// Each block reduces its chunks to (max, sum) summaries, the grid syncs, then each block merges its
// row's summaries and normalises its chunks; blocks loop when there are more chunks than blocks, so
// any M and N work. The blocks outlive the barrier: the chunk a block summarised last is still in
// its registers and is normalised without a second read, so when every block has a single chunk
// (the whole matrix fits in the grid's registers) the input is read once.
// STEP09_MODE=two-launch runs the same two phases as two ordinary kernels (the classic split-K) for
// the comparison in docs/09_cooperative.md. fp16 and bf16 hold their chunks as 16-byte packs of
// stage 08 (common/packs.cuh): twice the elements per chunk in the same registers.
// When the matrix is larger than the grid's registers hold, each chunk grows by kSlices slices of
// shared memory (filled by cp.async, as stage 08's caches): 2.6x the elements held across the
// barrier (about 44 MB on an H100 instead of 16.5), and the rows are taken in rounds of as many
// whole rows as that holds, one barrier per round, so each of them is read once. STEP09_SMEM=0
// keeps the registers-only chunks, STEP09_ROUNDS=0 takes every row in one round.
// A timeline of each phase (docs/09_cooperative.md) showed where a round lost its time, and two
// changes took it back: each slice is its own cp.async group, summarised as it lands (online)
// instead of after the last one; and the (max, sum) reductions take two cheap steps (max, then
// sums rescaled once: block_allreduce_two_step) instead of ten exact-expf merges in a chain.
// Last, two pipelines of rounds: when a row fits half the grid and the matrix takes three rounds or
// more, the grid's alternate blocks form two pipelines that take the rounds in turns, each with a
// barrier of its own (pipeline_sync), the second starting when the first has all arrived at its
// first barrier: one pipeline loads while the other waits at its barrier, merges and writes, so
// memory is not left idle between rounds. STEP09_PIPELINES=0 keeps the whole grid on every round.
// Since the fifty-first session two pipelines launch with only the shared memory their chunks
// reach, which leaves the SM more L1 (slices_bytes); since the fifty-third their chunks are no
// larger than 16 packs a thread (fewer rows a round instead), and rows longer than the grid holds
// take two pipelines of one row a round from 6 rows; since the fifty-fourth they start from two
// rounds in fp32 (and where the whole grid's chunks pass 16 packs), and the half grid's rows a
// round are those of the least cost, counting each round's barrier and merge (plan()).
// Then fewer instructions, found with Nsight Compute's counts per instruction
// (docs/09_cooperative.md, "Instructions"): the exponentials flush results below 2^-126 to 0
// (exp_ftz, half of __expf's instructions), the slice loops stop at the last slice a chunk
// reaches, and a chunk's two loads are pinned in a loop of two steps: fp32 8 x 2^21 6.6% faster
// on an H200, fp16 and bf16 8 x 2^22 12%.
// Rows off the 16-byte boundary (N not in whole packs, or x or y misaligned) are taken in shifted
// packs, counted from the boundary before each chunk (packs.cuh's ShiftedRow, as stage 08's
// caches): 16-byte loads, cp.asyncs and stores, the partial first and last pack element by element,
// in kernels of their own (SHIFTED), so the kernels for rows in packs carry no code for them.
#include <cooperative_groups.h>

#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "cuda_check.cuh"
#include "fast_exp.cuh"  // exp_ftz
#include "packs.cuh"
#include "reduce.cuh"
#include "scratch.h"
#include "stage.h"

namespace cg = cooperative_groups;

namespace {

// A chunk is at most kThreads x kPacks 16-byte packs, held in registers (32 per thread): 16384
// floats or 32768 halves; in the shared-memory form kSlices x kThreads packs more: 13 slices of
// 8 KB, so that two blocks of 104 KB still share an SM (228 KB, less 1 KB reserved per block).
constexpr int kThreads = 512, kPacks = 8, kSlices = 13;
constexpr int64_t kSliceBytes = int64_t{kThreads} * 16;
constexpr int64_t max_chunk(int vec, int slices = 0) { return int64_t{kThreads} * (kPacks + slices) * vec; }
constexpr int64_t min_chunk_of(int vec) { return int64_t{kThreads} * vec; }  // one pack per thread

enum Phases : int { kSummarise = 1, kNormalise = 2, kBoth = 3 };

// Work item w: chunk w % cpr of row w / cpr, elements [begin, end) of that row. refuse() keeps the
// number of items M * cpr below 2^30, so item and row numbers are 32-bit (fewer registers).
struct Item {
  int row;
  int64_t begin, end;
};
__device__ __forceinline__ Item item_of(int w, int64_t N, int64_t chunk, int cpr) {
  const int row = w / cpr;
  const int64_t begin = (w % cpr) * chunk;
  return {row, begin, begin + chunk < N ? begin + chunk : N};
}

// Thread t's slot i is pack v = t + i * kThreads of its chunk, the packs counted from the 16-byte
// boundary at or before the chunk's first element: h elements before it (0 for rows in packs), so
// pack v covers the chunk's elements [v V - h, v V - h + V), V = kVec<T>. Chunks are multiples of
// V, so h is the row's misalignment and the same for each of its chunks; a chunk of n elements
// takes ceil((h + n) / V) packs, which plan() keeps within the slots (n + V - 1 elements of room
// when rows are shifted). Every pack is one 16-byte load (or cp.async) except a partial first or
// last one, loaded element by element; elements outside the chunk read as -inf, which drops out of
// max and sum. Offsets are from p, the thread's first pack: slot i at p + o, o = V * i * kThreads
// (a constant), holding the chunk's elements p[o + k] for lo <= o + k < left.
// (A chunk holds at most 512 x 21 packs, so 32-bit offsets.)
struct Slots {
  int lo, left;  // p[e] is in the chunk for lo <= e < left: a slot exists while o < left
};
template <class T>
__device__ __forceinline__ Slots slots_of(const T* chunk, int64_t n, bool aligned) {
  const int h = aligned ? 0 : pack_misalignment(chunk), t = kVec<T> * static_cast<int>(threadIdx.x);
  return {h - t, static_cast<int>(n) + h - t};
}
template <class T>
__device__ __forceinline__ bool whole_slot(int o, const Slots& s) { return o >= s.lo && o + kVec<T> <= s.left; }

// A partial pack: the V elements from p + o, -inf outside the chunk (exact: every value came from a T).
template <class T>
__device__ __forceinline__ uint4 load_edge(const T* p, int o, const Slots& s) {
  float f[kVec<T>];
#pragma unroll
  for (int k = 0; k < kVec<T>; ++k) f[k] = o + k >= s.lo && o + k < s.left ? static_cast<float>(p[o + k]) : -INFINITY;
  return pack<T>(f);
}

// The register slots: whole packs by __ldg, then the partial ones (their element loads in a branch).
template <class T, int P>
__device__ __forceinline__ void load_registers(const T* p, const Slots& s, bool aligned, uint4 (&r)[P]) {
  constexpr int V = kVec<T>;
#pragma unroll
  for (int i = 0; i < P; ++i) {
    const int o = V * i * kThreads;
    const bool whole = aligned ? o < s.left : whole_slot<T>(o, s);
    r[i] = load_x_pack_if(whole, p + o, neg_inf_pack<T>());
  }
  if (!aligned) {
#pragma unroll
    for (int i = 0; i < P; ++i) {
      const int o = V * i * kThreads;
      if (o < s.left && !whole_slot<T>(o, s)) r[i] = load_edge(p, o, s);
    }
  }
}

// Slots kPacks .. kPacks + SLICES - 1 live in shared memory, slot kPacks + j of thread t at
// cache[j * kThreads + t] (a warp's accesses consecutive), valid while o < left (never written
// otherwise): one cp.async group per slice (a partial pack stored from registers).
template <class T, int SLICES, int P>
__device__ __forceinline__ void issue_slices(const T* p, const Slots& s, bool aligned, uint4* cache) {
  constexpr int V = kVec<T>;
#pragma unroll
  for (int j = 0; j < SLICES; ++j) {
    const int o = V * (P + j) * kThreads;
    if (o < s.left) {
      uint4* slot = &cache[j * kThreads + threadIdx.x];
      if (aligned || whole_slot<T>(o, s)) {
        cp_async16(slot, p + o);
      } else {
        *slot = load_edge(p, o, s);
      }
    }
    cp_async_commit();  // one group per slice, empty or not: slice j is group j
  }
}

// A chunk into the thread's slots: the register loads first, then the slices, and nothing waits
// here: thread_summary takes each slice as its group lands. A thread reads back only its own
// slots: no barrier. For rows in packs the two halves are the two steps of a loop, which ptxas
// cannot reorder or interleave. In straight-line code it chose their order, and what went between
// them, anew with each change to the kernel: 7 of 13 cp.asyncs first with exps between them (fp32
// 3-5% slower than in order, docs/09_cooperative.md); pinned by __syncwarp, in order but with 3-5%
// more instructions executed than in the loop, whose halves ran 2-4% faster on few rows
// (H200). Shifted rows keep the straight-line form: in the loop the halves' kernels spilled.
template <class T, int SLICES, int P>
__device__ __forceinline__ void load_chunk(const T* chunk, const Slots& s, bool aligned, uint4 (&r)[P],
                                           uint4* cache) {
  const T* p = chunk - s.lo;  // 16-byte aligned
  if (SLICES > 0 && aligned) {  // (`aligned` is a constant of the kernel)
#pragma unroll 1
    for (int step = 0; step < 2; ++step) {
      if (step == 0) load_registers<T, P>(p, s, aligned, r);
      else issue_slices<T, SLICES, P>(p, s, aligned, cache);
    }
  } else {
    load_registers<T, P>(p, s, aligned, r);
    __syncwarp();  // (nothing is scheduled across it)
    issue_slices<T, SLICES, P>(p, s, aligned, cache);
  }
  __syncwarp();
}

// How many of the slices a thread's chunk reaches (slice j while V (P + j) kThreads < left):
// the slice loops stop there instead of testing all SLICES.
template <class T, int SLICES, int P>
__device__ __forceinline__ int live_slices(int64_t left) {
  constexpr int first = kVec<T> * P * kThreads, step = kVec<T> * kThreads;
  if (left <= first) return 0;
  const int n = static_cast<int>((left - first + step - 1) / step);
  return n < SLICES ? n : SLICES;
}

template <class T>
__device__ __forceinline__ float sum_exp(const uint4& r, float m) {
  float f[kVec<T>], l = 0.0f;
  unpack<T>(r, f);
#pragma unroll
  for (int k = 0; k < kVec<T>; ++k) l += exp_ftz(f[k] - m);
  return l;
}

// Add the slices to the thread's running (m, l), each as soon as its cp.async group has landed
// (the later ones still in flight): online, the sum rescaled when the max grows. A loop, not
// unrolled: shared memory needs no constant index, and the registers stay free. It stops at the
// last slice the chunk reaches (the empty groups after it are never waited for).
template <class T, int SLICES, int P>
__device__ __forceinline__ void summarise_slices(const uint4* cache, int64_t left, float& m, float& l) {
  const int live = live_slices<T, SLICES, P>(left);
#pragma unroll 1
  for (int j = 0; j < live; ++j) {
    cp_async_wait_pending(SLICES - 1 - j);
    const uint4 v = cache[j * kThreads + threadIdx.x];
    const float vm = pack_max<T>(v);
    if (vm > m) {
      l = m == -INFINITY ? 0.0f : l * exp_ftz(m - vm);
      m = vm;
    }
    l += sum_exp<T>(v, m == -INFINITY ? 0.0f : m);
  }
}

// This thread's (max, sum) over its slots; `left` as in load_chunk. The registers first (max, then
// sum), then the slices as they land; on return every slice has landed.
template <class T, int SLICES, int P>
__device__ __forceinline__ MaxSum thread_summary(uint4 (&r)[P], const uint4* cache, int64_t left) {
  float m = -INFINITY;
#pragma unroll
  for (int i = 0; i < P; ++i) m = fmaxf(m, pack_max<T>(r[i]));
  const float ms = m == -INFINITY ? 0.0f : m;  // only -inf (or nothing): sum 0, no NaN
  float l = 0.0f;
#pragma unroll
  for (int i = 0; i < P; ++i) {
    opaque(r[i]);  // convert again here rather than keep the max phase's floats alive
    l += sum_exp<T>(r[i], ms);
  }
  summarise_slices<T, SLICES, P>(cache, left, m, l);
  // fmaxf skips NaN, so a NaN entry shows only in the sum; (-inf, NaN) would be merged away as
  // empty, so a NaN sum gets max +inf: the row ends NaN, as torch's does (docs/special_values.md).
  return {l != l ? INFINITY : m, l};
}

// y = exp(x - m) / l for slot o of the thread's first pack p (y's, at the offsets of x's). Rows in
// packs: one 16-byte store. Shifted: one 16-byte store for a whole pack when y lies as far past a
// boundary as x (`in_phase`; PTX, so the compiler cannot split it, as packs.cuh's put_pack says),
// else the chunk's elements one by one.
template <class T>
__device__ __forceinline__ void store_slot(T* p, int o, const Slots& s, bool aligned, bool in_phase, const uint4& r,
                                           MaxSum row, float inv) {
  constexpr int V = kVec<T>;
  float f[V];
  unpack<T>(r, f);
#pragma unroll
  for (int k = 0; k < V; ++k) f[k] = exp_ftz(f[k] - row.m) * inv;
  if (aligned) {
    if (o < s.left) *reinterpret_cast<uint4*>(p + o) = pack<T>(f);
  } else if (in_phase && whole_slot<T>(o, s)) {
    store_pack16(p + o, pack<T>(f));
  } else {
#pragma unroll
    for (int k = 0; k < V; ++k)
      if (o + k >= s.lo && o + k < s.left) p[o + k] = static_cast<T>(f[k]);
  }
}

template <class T, int SLICES, int P>
__device__ __forceinline__ void normalise_chunk(T* chunk, const Slots& s, bool aligned, bool in_phase, uint4 (&r)[P],
                                                const uint4* cache, MaxSum row) {
  constexpr int V = kVec<T>;
  const float inv = 1.0f / row.l;
  T* p = chunk - s.lo;
#pragma unroll
  for (int i = 0; i < P; ++i) {
    opaque(r[i]);
    store_slot(p, V * i * kThreads, s, aligned, in_phase, r[i], row, inv);
  }
  const int live = live_slices<T, SLICES, P>(s.left);
#pragma unroll 1
  for (int j = 0; j < live; ++j)
    store_slot(p, V * (P + j) * kThreads, s, aligned, in_phase, cache[j * kThreads + threadIdx.x], row, inv);
}

// The barrier of one pipeline's blocks, cooperative_groups' grid.sync() scheme on a counter of its
// own: every block adds 1 and the pipeline's first block 2^31 - (blocks - 1), so the top bit flips
// when the last one arrives and the rest returns to what it was (no reset between barriers or
// launches). Legal only when every block of the pipeline is resident: a cooperative launch.
__device__ __forceinline__ void pipeline_sync(unsigned* counter, unsigned blocks, bool first) {
  __syncthreads();
  if (threadIdx.x == 0) {
    const unsigned add = first ? 0x80000000u - (blocks - 1) : 1u;
    __threadfence();  // this block's summaries are visible before it arrives
    const unsigned before = atomicAdd(counter, add);
    while (((before ^ *reinterpret_cast<volatile unsigned*>(counter)) & 0x80000000u) == 0) {
    }
    __threadfence();  // and the others' are read after the flip
  }
  __syncthreads();
}

// What the two pipelines share, in global memory: a barrier counter each, and the start flag,
// which pipeline 0 sets to the launch's number once it has all arrived at its first barrier. The
// flag only staggers the pipelines: a stale one starts pipeline 1 early, never wrongly.
struct PipelineSync {
  unsigned barrier[2], started;
};

__device__ __forceinline__ void wait_for_start(const PipelineSync* sync, unsigned launch) {
  if (threadIdx.x == 0)
    while (*reinterpret_cast<const volatile unsigned*>(&sync->started) != launch) {
    }
  __syncthreads();
}

// PHASES = kBoth: the cooperative kernel (grid <= co-resident blocks). kSummarise / kNormalise:
// the two kernels of the two-launch split-K, one block per item. A row that fits one chunk
// (cpr == 1) needs no merge: phase 1 normalises it at once from registers, and there is no phase 2.
// Rows are taken in rounds of R whole rows (the two-launch form: R = M, one round), each round
// with its own barrier, so a round's chunks can all stay on chip until they are normalised. With
// `pipelines` = 2 the grid is two pipelines of half its blocks: pipeline k takes rounds k, k + 2, ...
// and meets at its own barrier; otherwise the whole grid takes every round.
// SHIFTED: rows off the 16-byte boundary (N not in whole packs, or x or y misaligned), taken as
// shifted packs; otherwise every row is in whole packs and the kernel has no code for partial ones.
template <class T, int PHASES, int SLICES = 0, int P = kPacks, bool SHIFTED = false>
__global__ void __launch_bounds__(kThreads, 2)
    softmax_split(const T* __restrict__ x, T* __restrict__ y, int M, int64_t N, int64_t chunk, int cpr, int R,
                  MaxSum* ws, int pipelines, PipelineSync* sync, unsigned launch) {
  extern __shared__ uint4 cache[];  // SLICES x kThreads slots (none when SLICES = 0)
  constexpr bool aligned = !SHIFTED;
  const bool in_phase = (reinterpret_cast<uintptr_t>(x) - reinterpret_cast<uintptr_t>(y)) % 16 == 0;
  uint4 r[P];
  int held = -1;  // the item whose chunk r[] (and the cache) holds

  if constexpr (SLICES == 0) R = M, pipelines = 1;  // (the plan's choice too: registers-only chunks take one round)
  // Pipeline and block number in it: alternate blocks (measured faster than the grid's halves and
  // than one block of each pipeline per SM, docs/09_cooperative.md).
  const bool two = pipelines == 2 && cpr > 1;  // (rows of one chunk never meet a barrier)
  const int blocks = gridDim.x >> two;
  const struct {
    int pipe, b;
  } me = {two ? static_cast<int>(blockIdx.x & 1) : 0, static_cast<int>(blockIdx.x >> two)};
  if (me.pipe == 1) wait_for_start(sync, launch);
  for (int row0 = me.pipe * R; row0 < M; row0 += pipelines * R) {
    const int first = row0 * cpr, end = (row0 + R < M ? row0 + R : M) * cpr;  // this round's items

    // Phase 1: every chunk -> its (max, sum), in the workspace.
    if constexpr ((PHASES & kSummarise) != 0) {
      for (int w = first + me.b; w < end; w += blocks) {
        const Item it = item_of(w, N, chunk, cpr);
        const int64_t at = it.row * N + it.begin;  // the chunk's first element
        const Slots sl = slots_of(x + at, it.end - it.begin, aligned);
        load_chunk<T, SLICES, P>(x + at, sl, aligned, r, cache);
        const MaxSum s = block_allreduce_two_step(thread_summary<T, SLICES, P>(r, cache, sl.left));
        if (cpr == 1) {
          normalise_chunk<T, SLICES, P>(y + at, sl, aligned, in_phase, r, cache, s);
          continue;
        }
        if (threadIdx.x == 0) ws[w] = s;
        held = w;
      }
    }
    if (cpr == 1) return;  // (the same for every block; the plan makes it one round)

    // The barrier: every block's summaries are written and visible before any block reads them.
    if constexpr (PHASES == kBoth) {
      if (!two) {
        cg::this_grid().sync();
      } else {
        pipeline_sync(&sync->barrier[me.pipe], blocks, me.b == 0);
        if (me.pipe == 0 && row0 == 0 && me.b == 0 && threadIdx.x == 0) atomicExch(&sync->started, launch);
      }
    }

    // Phase 2: merge the row's summaries, normalise the chunk. Newest chunk first: the block's last
    // chunk is still on chip, the ones read just before it are the likeliest to be in L2. (In the
    // two-launch form block b takes item items-1-b, so the first blocks to start re-read what the
    // first kernel read last.)
    if constexpr ((PHASES & kNormalise) != 0) {
      const int g = blocks, b = first + (PHASES == kBoth ? me.b : g - 1 - me.b);
      int merged_row = -1;
      MaxSum total = maxsum_identity();
      for (int w = b < end ? b + (end - 1 - b) / g * g : b - g; w >= b; w -= g) {
        const Item it = item_of(w, N, chunk, cpr);
        if (it.row != merged_row) {
          MaxSum t = maxsum_identity();
          for (int j = threadIdx.x; j < cpr; j += kThreads) {
            // __ldcg: from L2, where the other blocks' writes are, never a stale L1 line.
            const float2 p = __ldcg(reinterpret_cast<const float2*>(ws + int64_t{it.row} * cpr + j));
            t = maxsum_merge(t, MaxSum{p.x, p.y});
          }
          total = block_allreduce_two_step(t);
          merged_row = it.row;
        }
        const int64_t at = it.row * N + it.begin;
        const Slots sl = slots_of(x + at, it.end - it.begin, aligned);
        if (w != held) {
          load_chunk<T, SLICES, P>(x + at, sl, aligned, r, cache);
          if constexpr (SLICES > 0) cp_async_wait_all();
        }
        normalise_chunk<T, SLICES, P>(y + at, sl, aligned, in_phase, r, cache, total);
        held = w;
      }
    }
  }
}

// ---- launcher ------------------------------------------------------------------------------

// STEP09_MODE: "" or "cooperative" (default), or "two-launch". Read once.
bool two_launch() {
  static const bool t = [] {
    const char* e = std::getenv("STEP09_MODE");
    if (!e || !*e || std::strcmp(e, "cooperative") == 0) return false;
    if (std::strcmp(e, "two-launch") == 0) return true;
    std::fprintf(stderr, "error: STEP09_MODE=%s: expected cooperative or two-launch\n", e);
    std::exit(kExitUsage);
  }();
  return t;
}

// A switch of the comparisons in docs/09_cooperative.md: NAME=0 turns a part of the plan off; unset,
// empty or 1 leaves it on; anything else is a usage error.
bool env_switch(const char* name) {
  const char* e = std::getenv(name);
  if (!e || !*e || std::strcmp(e, "1") == 0) return true;
  if (std::strcmp(e, "0") == 0) return false;
  std::fprintf(stderr, "error: %s=%s: expected 0 or 1\n", name, e);
  std::exit(kExitUsage);
}

// STEP09_SMEM=0: registers-only chunks whatever the size; otherwise the shared-memory form for
// matrices larger than the grid's registers hold. Read once.
bool smem_allowed() {
  static const bool a = env_switch("STEP09_SMEM");
  return a;
}

// Dynamic shared memory for a launch of the shared-memory form whose chunks need `slots` packs
// a thread at most. One pipeline: all kSlices. Two: only the slices those reach past the
// registers (at least one), so that the rest of the SM's L1 and shared memory stays L1, while
// one pipeline loads through it and the other writes: 3.7-15.1% less time on the H200 at three
// rounds and more, where one pipeline was level or up to 2.4% slower so (fifty-first session; the
// kernel touches no slice past its chunk). STEP09_SMEM_FIT=0 asks for all of them, =all fits
// both. Read once.
size_t slices_bytes(int64_t slots, int64_t pipelines) {
  static const int fit = [] {  // 0, 1 (two pipelines) or 2 (all)
    const char* e = std::getenv("STEP09_SMEM_FIT");
    if (!e || !*e || std::strcmp(e, "1") == 0) return 1;
    if (std::strcmp(e, "0") == 0) return 0;
    if (std::strcmp(e, "all") == 0) return 2;
    std::fprintf(stderr, "error: STEP09_SMEM_FIT=%s: expected 0, 1 or all\n", e);
    std::exit(kExitUsage);
  }();
  const int64_t used = slots - kPacks;
  const bool fitted = fit == 2 || (fit == 1 && pipelines == 2);
  return static_cast<size_t>((!fitted || used > kSlices ? kSlices : (used < 1 ? 1 : used)) * kSliceBytes);
}

// The cooperative kernel of T, registers only or with kSlices of shared memory; the latter asks
// for 104 KB of dynamic shared memory and opts in once. Registers only: `packs` (1, 2, 4 or 8) per
// thread, so that a small chunk runs a small kernel (docs/09_cooperative.md, "Few rows: a kernel
// the size of the chunk"). Each in two forms: rows in whole packs, or shifted (SHIFTED).
template <class T, bool SHIFTED>
const void* coop_kernel_of(bool smem, int packs) {
  static const void* const with_smem = [] {
    const auto k = softmax_split<T, kBoth, kSlices, kPacks, SHIFTED>;
    CUDA_CHECK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    static_cast<int>(kSlices * kSliceBytes)));
    return reinterpret_cast<const void*>(k);
  }();
  if (smem) return with_smem;
  switch (packs) {
    case 1: return reinterpret_cast<const void*>(softmax_split<T, kBoth, 0, 1, SHIFTED>);
    case 2: return reinterpret_cast<const void*>(softmax_split<T, kBoth, 0, 2, SHIFTED>);
    case 4: return reinterpret_cast<const void*>(softmax_split<T, kBoth, 0, 4, SHIFTED>);
    default: return reinterpret_cast<const void*>(softmax_split<T, kBoth, 0, kPacks, SHIFTED>);
  }
}
template <class T>
const void* coop_kernel(bool smem, int packs = kPacks, bool shifted = false) {
  return shifted ? coop_kernel_of<T, true>(smem, packs) : coop_kernel_of<T, false>(smem, packs);
}

// The fewest packs per thread (1, 2, 4 or kPacks) that hold a chunk of `chunk` elements.
int packs_for(int64_t chunk, int vec) {
  int packs = 1;
  while (packs < kPacks && int64_t{packs} * kThreads * vec < chunk) packs *= 2;
  return packs;
}

// Blocks of the cooperative kernel one SM holds at once (registers decide: 2 of 512 threads; the
// shared-memory form is sized to keep 2 on an H100).
template <class T>
int coop_blocks_per_sm(bool smem) {
  static const int n[2] = {[] {
                             int b = 0;
                             CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, coop_kernel<T>(false),
                                                                                      kThreads, 0));
                             return b;
                           }(),
                           [] {
                             int b = 0;
                             CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                                 &b, coop_kernel<T>(true), kThreads, static_cast<size_t>(kSlices * kSliceBytes)));
                             return b;
                           }()};
  return n[smem ? 1 : 0];
}
int coop_blocks_per_sm(DType t, bool smem) {
  return with_element_type(t, [smem](auto tag) { return coop_blocks_per_sm<decltype(tag)>(smem); });
}

// STEP09_MIN_CHUNK=k: the smallest chunk, in elements (a multiple of the pack from a quarter of a
// pack per thread to the largest chunk: 512 .. 16384 floats, 1024 .. 32768 halves; threads past the
// chunk's end hold -inf); the default is min_chunk_of. For the comparison of grid sizes in
// docs/09_cooperative.md.
int64_t min_chunk(int vec) {
  const char* e = std::getenv("STEP09_MIN_CHUNK");
  if (!e || !*e) return min_chunk_of(vec);
  const int64_t v = std::atoll(e);
  const int64_t lowest = int64_t{kThreads} * vec / 4;
  if (v < lowest || v > max_chunk(vec) || v % vec != 0) {
    std::fprintf(stderr, "error: STEP09_MIN_CHUNK=%s: expected a multiple of %d from %lld to %lld\n", e, vec,
                 static_cast<long long>(lowest), static_cast<long long>(max_chunk(vec)));
    std::exit(kExitUsage);
  }
  return v;
}

struct Plan {
  int64_t chunk, cpr, grid;  // grid: the co-resident blocks, the most a cooperative launch may have
  int64_t rows_per_round;    // R: rows summarised, synchronised and normalised together (M: one round)
  bool smem;                 // chunks extended into shared memory (kSlices slices)
  int64_t pipelines = 1;     // 2: the grid's alternate blocks take the rounds in turns
};

// STEP09_ROUNDS=0: the shared-memory form takes every row in one round (one barrier), as the
// registers-only form does; otherwise rounds of whole rows. Read once.
bool rounds_allowed() {
  static const bool a = env_switch("STEP09_ROUNDS");
  return a;
}

// STEP09_PIPELINES=0: the whole grid takes every round; otherwise two pipelines when a row fits
// half the grid and the matrix takes enough rounds (STEP09_PIPE_ROUNDS). Read once.
bool pipelines_allowed() {
  static const bool a = env_switch("STEP09_PIPELINES");
  return a;
}

// STEP09_LONG: rows longer than the whole grid holds. "registers": the registers-only plan, every
// row in one round, each block's chunks re-read newest first (the likeliest in L2). "hybrid": one
// row a round in chunks as large as a block holds, so that a block keeps its last chunk on chip
// and reads only the others twice. "pipes": the same on two pipelines of half the grid each.
// Unset or "auto": pipes from 6 rows of at most 1.5x what the grid holds, registers otherwise
// (H200, fifty-third session: pipes 2.2-7.1% faster at 8-16 rows of 64 MB, level or 2.2% at 6,
// 1.6-6.7% slower at 4; 6.1% slower at 8 rows of 128 MB; hybrid 5-21% slower everywhere).
enum class LongRows { registers, hybrid, pipes, automatic };
LongRows long_rows() {
  static const LongRows v = [] {
    const char* e = std::getenv("STEP09_LONG");
    if (!e || !*e || std::strcmp(e, "auto") == 0) return LongRows::automatic;
    if (std::strcmp(e, "registers") == 0) return LongRows::registers;
    if (std::strcmp(e, "hybrid") == 0) return LongRows::hybrid;
    if (std::strcmp(e, "pipes") == 0) return LongRows::pipes;
    std::fprintf(stderr, "error: STEP09_LONG=%s: expected auto, registers, hybrid or pipes\n", e);
    std::exit(kExitUsage);
  }();
  return v;
}

// STEP09_PIPE_ROUNDS: the fewest rounds of the whole grid at which two pipelines take over, where a
// row fits half the grid. Unset or "auto": 3, and 2 in fp32 or where the whole grid's chunks pass
// 16 packs a thread (H200, fifty-fourth session, two rounds on two pipelines against one: fp32
// 1.8-2.9% less time at 48-64 MB, 2.2-15.0% at 72-80 MB; halves whose whole-grid chunks pass 16
// packs 4.7-14.3% less at 72-80 MB, 1.8% more at fp16 18 x 2^21; the other halves at 48-64 MB
// within 0.7%, 2.4% more at fp16 32 x 2^20). "2" or "3" forces the count; 0 is auto. Read once.
int64_t pipe_rounds() {
  static const int64_t k = [] {
    const char* e = std::getenv("STEP09_PIPE_ROUNDS");
    if (!e || !*e || std::strcmp(e, "auto") == 0) return int64_t{0};
    if (std::strcmp(e, "2") == 0) return int64_t{2};
    if (std::strcmp(e, "3") == 0) return int64_t{3};
    std::fprintf(stderr, "error: STEP09_PIPE_ROUNDS=%s: expected auto, 2 or 3\n", e);
    std::exit(kExitUsage);
  }();
  return k;
}

// STEP09_PIPE_CAP: the half grid's rows a round, and so its chunks, on two pipelines. Unset or
// "cost": of the rows a round whose chunks keep within 16 packs a thread, those of the fewest
// rounds x (kRoundCost + a chunk's bytes), the most rows where two cost the same (H200,
// fifty-fourth session: 2.3-7.1% less time than "16" on 11 of 18 matrices of 72-125 MB, within
// 1.2% on 6, 2.1% more on one where both ran the same plan; at 96-300 MB 0.3-4.4% less on 6 of
// 10, 0.3-3.0% more on 3). "16": the most rows a round whose chunks are no larger than the whole
// grid's and 16 packs a thread (the fifty-third session's: 4.6-17.6% less time than "0" on the
// matrices of 96-256 MB it changed). "whole": the first bound only; "packs": the second only;
// "0": chunks as large as a block holds (the plan before). Read once.
enum class PipeCap { none, whole, sixteen, packs, cost };
PipeCap pipe_cap() {
  static const PipeCap v = [] {
    const char* e = std::getenv("STEP09_PIPE_CAP");
    if (!e || !*e || std::strcmp(e, "cost") == 0) return PipeCap::cost;
    if (std::strcmp(e, "16") == 0) return PipeCap::sixteen;
    if (std::strcmp(e, "whole") == 0) return PipeCap::whole;
    if (std::strcmp(e, "packs") == 0) return PipeCap::packs;
    if (std::strcmp(e, "0") == 0) return PipeCap::none;
    std::fprintf(stderr, "error: STEP09_PIPE_CAP=%s: expected cost, 16, whole, packs or 0\n", e);
    std::exit(kExitUsage);
  }();
  return v;
}

// What a round costs two pipelines beyond its chunks' bytes (the barrier, the merge, the tail of
// the loads), as bytes of a chunk, for STEP09_PIPE_CAP=cost. Any value from 28 to 64 KB picks
// the faster plan on the twelve shapes where "16" and "packs" differed in the fifty-fourth
// session's second call; 48 KB is near the middle (docs/09_cooperative.md, "Rows a round by cost").
constexpr int64_t kRoundCost = 48 << 10;

// Chunks per row: one when the row fits a chunk (a block per row, no barrier: the barrier and the
// merge cost more than a 64 KB row takes to read). Longer rows: about one chunk per SM (each block
// keeps its chunk in registers across the barrier, and 128 blocks meet at it faster than 256,
// docs/09_cooperative.md), within [min_chunk, max_chunk] elements; longer rows loop.
// A matrix larger than the grid's registers hold (more than grid x max_chunk elements) takes the
// shared-memory form instead, in rounds: as many whole rows as the grid holds at once (each block
// one chunk of up to max_chunk(vec, kSlices) elements), the rounds as even as M allows, so every
// element is read once. Rows longer than the whole grid holds keep the registers-only plan, or
// from 6 rows take one row a round on two pipelines (STEP09_LONG). From three rounds on (two in
// fp32, or where the whole grid's chunks pass 16 packs a thread: STEP09_PIPE_ROUNDS), rows that
// fit half the grid are planned for half of it, two pipelines, in chunks of at most 16 packs a
// thread where a row fits those, as many rows a round as a round's cost advises (STEP09_PIPE_CAP).
// Shifted rows (off the 16-byte boundary: `shifted`) need vec - 1 slots more than their length,
// so their chunks hold vec elements fewer, and a row is one chunk while N + vec - 1 fit.
Plan plan(const DeviceInfo& d, DType t, int64_t M, int64_t N, bool shifted) {
  const int vec = 16 / static_cast<int>(dtype_size(t)), room = shifted ? vec : 0;  // chunks' room for a shift
  const int64_t grid = int64_t{coop_blocks_per_sm(t, false)} * d.sm_count;
  const int64_t fit = d.sm_count / M > 1 ? d.sm_count / M : 1;
  const int64_t lo = min_chunk(vec), hi = max_chunk(vec) - room;
  int64_t chunk = ceil_div(ceil_div(N, fit), vec) * vec;
  chunk = chunk < lo ? lo : (chunk > hi ? hi : chunk);
  if (N + (shifted ? vec - 1 : 0) <= max_chunk(vec)) chunk = ceil_div(N, vec) * vec;  // one block, no barrier
  const bool beyond_registers = N > hi && M * N > grid * hi;
  const Plan registers_only = {chunk, ceil_div(N, chunk), grid, M, false};
  if (!beyond_registers || !smem_allowed() || two_launch()) return registers_only;
  const int64_t g = int64_t{coop_blocks_per_sm(t, true)} * d.sm_count, most = max_chunk(vec, kSlices) - room;
  const auto chunk_for = [&](int64_t pieces) { return ceil_div(ceil_div(N, pieces), vec) * vec; };
  if (!rounds_allowed()) {  // every row at once: grid / M blocks per row
    chunk = chunk_for(g / M > 1 ? g / M : 1);
    chunk = chunk < hi ? hi : (chunk > most ? most : chunk);
    return {chunk, ceil_div(N, chunk), g, M, true};
  }
  // The most rows one round of `blocks` blocks holds, then rounds as even as M allows (0 rows: a
  // row does not fit). A row longer than the grid holds is read twice whatever the plan; the
  // registers-only chunks do that faster (more, smaller chunks: the re-read ones are likelier in
  // L2), 1-4% on the H100 (docs/09_cooperative.md).
  const auto rounds_of = [&](int64_t blocks, int64_t largest) -> Plan {
    int64_t fits = M < blocks ? M : blocks;
    while (fits > 0 && chunk_for(blocks / fits) > largest) --fits;
    if (fits == 0) return {0, 0, blocks, 0, true};
    const int64_t R = ceil_div(M, ceil_div(M, fits)), c = chunk_for(blocks / R), cpr = ceil_div(N, c);
    return {c, cpr, blocks, cpr == 1 ? M : R, true};  // rows of one chunk: one round, no barrier
  };
  const Plan whole = rounds_of(g, most);
  if (whole.rows_per_round == 0) {  // a row longer than the grid holds: registers, or rounds of one row
    const LongRows how = long_rows() != LongRows::automatic      ? long_rows()
                         : M >= 6 && 2 * N <= 3 * g * most && pipelines_allowed() ? LongRows::pipes
                                                                 : LongRows::registers;
    if (how == LongRows::registers) return registers_only;
    const bool two = how == LongRows::pipes && M > 1;
    const int64_t c = chunk_for(ceil_div(N, most));  // the largest chunks, as even as N allows
    return {c, ceil_div(N, c), two ? g / 2 * 2 : g, 1, true, two ? 2 : 1};
  }
  // From three rounds, or two in fp32 or where the whole grid's chunks pass 16 packs a thread
  // (STEP09_PIPE_ROUNDS): two pipelines of half the grid each, if a row fits half of it.
  const int64_t sixteen = int64_t{kThreads} * 16 * vec - room;  // 16 packs a thread
  const int64_t from = pipe_rounds() ? pipe_rounds() : (vec == 4 || whole.chunk > sixteen ? 2 : 3);
  if (whole.cpr == 1 || ceil_div(M, whole.rows_per_round) < from || !pipelines_allowed()) return whole;
  const int64_t cap = pipe_cap() == PipeCap::none    ? most
                      : pipe_cap() == PipeCap::packs ? sixteen
                      : pipe_cap() == PipeCap::whole || whole.chunk < sixteen ? whole.chunk
                                                                              : sixteen;
  // STEP09_PIPE_CAP=cost: of the rows a round whose chunks keep within 16 packs, the fewest
  // rounds x (kRoundCost + a chunk's bytes); the most rows a round where two cost the same.
  const auto cheapest = [&](int64_t blocks) -> Plan {
    Plan best = {0, 0, blocks, 0, true};
    int64_t lowest = INT64_MAX;
    for (int64_t fits = M < blocks ? M : blocks; fits > 0; --fits) {
      const int64_t R = ceil_div(M, ceil_div(M, fits)), c = chunk_for(blocks / R);
      const int64_t cost = ceil_div(M, R) * (kRoundCost + c * (16 / vec));
      if (c <= sixteen && cost < lowest) lowest = cost, best = {c, ceil_div(N, c), blocks, R, true};
    }
    return best;
  };
  Plan halves = pipe_cap() == PipeCap::cost ? cheapest(g / 2) : rounds_of(g / 2, cap);
  if (halves.rows_per_round == 0) halves = rounds_of(g / 2, most);  // a row over the cap: as before
  if (halves.rows_per_round == 0 || halves.cpr == 1) return whole;
  halves.grid = g / 2 * 2;
  halves.pipelines = 2;
  return halves;
}

// The (max, sum) of every chunk, then the two pipelines' counters and flag: one buffer per stream
// in flight (common/scratch.h), zeroed when allocated by the stage's first launch on a stream and
// kept, so later launches allocate nothing (the barriers leave their counters as they found them).
// Rows longer than one chunk have chunks of at least N / 2 elements when M is large, so 2^20
// chunks cover matrices of 2^33 elements and more; larger ones are refused.
constexpr int64_t kWorkspaceItems = int64_t{1} << 20;
constexpr size_t kSummaryBytes = static_cast<size_t>(kWorkspaceItems) * sizeof(MaxSum);  // 8 MB

// A number for each launch, never 0 (the start flag's first value): the second pipeline waits for
// the flag to show its own launch's number.
unsigned next_launch() {
  static unsigned n = 0;
  if (++n == 0) ++n;
  return n;
}

// Why a plan of `cpr` chunks per row cannot run ("" if it can). Item numbers are 32-bit and a
// block steps through them by the grid size: keep them below 2^30; one summary per chunk.
std::string chunks_refusal(int64_t M, int64_t cpr) {
  if (M * cpr > INT_MAX / 2) return "more than 2^30 chunks (M x chunks per row)";
  if (cpr > 1 && M * cpr > kWorkspaceItems)
    return "more than " + std::to_string(kWorkspaceItems) + " chunk summaries (a matrix of over 2^33 elements)";
  return "";
}

// Whether rows are off the 16-byte boundary: N not in whole packs, or x or y not 16-byte aligned.
template <class T>
bool shifted_rows(const T* x, const T* y, int64_t N) {
  return N % kVec<T> != 0 || (reinterpret_cast<uintptr_t>(x) | reinterpret_cast<uintptr_t>(y)) % 16 != 0;
}

template <class T>
void launch_t(const T* x, T* y, int64_t M, int64_t N, cudaStream_t stream) {
  const bool shifted = shifted_rows(x, y, N);
  const Plan p = plan(device_info(), dtype_of<T>(), M, N, shifted);
  // refuse() sees the shape, not the pointers: pointers off the boundary can make chunks smaller.
  if (const std::string why = chunks_refusal(M, p.cpr); !why.empty()) {
    std::fprintf(stderr, "error: stage 09 with x or y off the 16-byte boundary: %s\n", why.c_str());
    std::exit(kExitUsage);
  }
  int rows = static_cast<int>(M), cpr = static_cast<int>(p.cpr);  // M * cpr < 2^30: refuse()
  int64_t chunk = p.chunk;
  int R = static_cast<int>(p.rows_per_round);
  const int64_t items = M * p.cpr;
  const StreamScratch workspace("09 summaries and barriers", kSummaryBytes + sizeof(PipelineSync), stream);
  MaxSum* ws = static_cast<MaxSum*>(workspace.get());
  PipelineSync* sync = reinterpret_cast<PipelineSync*>(static_cast<char*>(workspace.get()) + kSummaryBytes);
  int pipelines = static_cast<int>(p.pipelines);
  unsigned launch = next_launch();
  if (two_launch()) {
    const auto summarise = shifted ? softmax_split<T, kSummarise, 0, kPacks, true> : softmax_split<T, kSummarise>;
    const auto normalise = shifted ? softmax_split<T, kNormalise, 0, kPacks, true> : softmax_split<T, kNormalise>;
    summarise<<<static_cast<unsigned>(items), kThreads, 0, stream>>>(x, y, rows, N, chunk, cpr, R, ws, 1, sync, launch);
    CUDA_CHECK_LAUNCH();
    if (cpr == 1) return;  // the first kernel normalised the rows already
    normalise<<<static_cast<unsigned>(items), kThreads, 0, stream>>>(x, y, rows, N, chunk, cpr, R, ws, 1, sync, launch);
    CUDA_CHECK_LAUNCH();
    return;
  }
  const int64_t per_round = p.rows_per_round * p.cpr, per_pipeline = p.grid / p.pipelines;
  const unsigned grid = static_cast<unsigned>((per_round < per_pipeline ? per_round : per_pipeline) * p.pipelines);
  const int64_t longest = (chunk < N ? chunk : N) + (shifted ? kVec<T> - 1 : 0);  // slots a chunk needs
  const void* kernel = coop_kernel<T>(p.smem, packs_for(longest, kVec<T>), shifted);
  const size_t smem = p.smem ? slices_bytes(ceil_div(longest, int64_t{kThreads} * kVec<T>), p.pipelines) : 0;
  void* args[] = {&x, &y, &rows, &N, &chunk, &cpr, &R, &ws, &pipelines, &sync, &launch};
  if (cpr == 1) {  // rows of one chunk never reach grid.sync(): an ordinary launch, cheaper to start
    CUDA_CHECK(cudaLaunchKernel(kernel, dim3(grid), dim3(kThreads), args, smem, stream));
    return;
  }
  CUDA_CHECK(cudaLaunchCooperativeKernel(kernel, dim3(grid), dim3(kThreads), args, smem, stream));
}

void launch_f32(const float* x, float* y, int64_t M, int64_t N, cudaStream_t s) { launch_t(x, y, M, N, s); }
void launch_f16(const __half* x, __half* y, int64_t M, int64_t N, cudaStream_t s) { launch_t(x, y, M, N, s); }
void launch_bf16(const __nv_bfloat16* x, __nv_bfloat16* y, int64_t M, int64_t N, cudaStream_t s) {
  launch_t(x, y, M, N, s);
}

// ---- what the stage takes ------------------------------------------------------------------

std::string refuse(const DeviceInfo& d, DType t, int64_t M, int64_t N) {
  if (!two_launch() && !d.cooperative_launch)
    return "this GPU cannot launch cooperative kernels (cudaDevAttrCooperativeLaunch = 0), which grid.sync() "
           "needs; stage 07 (or STEP09_MODE=two-launch) splits the same work over two launches";
  return chunks_refusal(M, plan(d, t, M, N, N % (16 / static_cast<int64_t>(dtype_size(t))) != 0).cpr);
}

int64_t max_cols(const DeviceInfo&, DType) { return 0; }  // any N

// --explain: the cooperative kernel and the two kernels of the two-launch form.
template <class T>
std::vector<KernelConfig> explain_t() {
  const int64_t per_thread = int64_t{kPacks} * kVec<T>;
  return {{"softmax_split cooperative (grid.sync)", reinterpret_cast<const void*>(softmax_split<T, kBoth>), kThreads,
           0, per_thread},
          {"softmax_split two-launch: summarise", reinterpret_cast<const void*>(softmax_split<T, kSummarise>),
           kThreads, 0, per_thread},
          {"softmax_split two-launch: normalise", reinterpret_cast<const void*>(softmax_split<T, kNormalise>),
           kThreads, 0, per_thread},
          {"softmax_split cooperative, + shared memory", coop_kernel<T>(true), kThreads, kSlices * kSliceBytes,
           int64_t{kPacks + kSlices} * kVec<T>},
          {"softmax_split cooperative, 1 pack", coop_kernel<T>(false, 1), kThreads, 0, int64_t{kVec<T>}},
          {"softmax_split cooperative, 2 packs", coop_kernel<T>(false, 2), kThreads, 0, int64_t{2} * kVec<T>},
          {"softmax_split cooperative, 4 packs", coop_kernel<T>(false, 4), kThreads, 0, int64_t{4} * kVec<T>},
          {"softmax_split cooperative, shifted rows", coop_kernel<T>(false, kPacks, true), kThreads, 0, per_thread},
          {"softmax_split cooperative, shifted rows, + shared memory", coop_kernel<T>(true, kPacks, true), kThreads,
           kSlices * kSliceBytes, int64_t{kPacks + kSlices} * kVec<T>}};
}
std::vector<KernelConfig> explain(const DeviceInfo&, DType t) {
  return with_element_type(t, [](auto tag) { return explain_t<decltype(tag)>(); });
}

// Few long rows (M = 1, 4, 8, the dispatcher's few-row shapes from 2^16 up, where a row is split),
// the single 2^26 vector, short rows (one block per row, no barrier) and long rows in many rows.
std::vector<Shape> sweep() {
  std::vector<Shape> s;
  for (int64_t m : {1, 4, 8})
    for (int64_t n = int64_t{1} << 16; n <= (int64_t{1} << 25); n *= 2) s.push_back({m, n});
  s.push_back({1, int64_t{1} << 26});                                          // one 256 MB row
  for (int64_t n = 1024; n <= 8192; n *= 2) s.push_back({2048, n});             // many short rows
  for (int64_t n = 65536; n <= 262144; n *= 2) s.push_back({2048, n});          // many long rows
  return s;
}

const Stage stage09 = {"09", "cooperative",
                       "split-K in one cooperative launch: chunk summaries, grid.sync(), merge, normalise",
                       launch_f32, launch_f16, launch_bf16, refuse, max_cols, sweep(), explain};

}  // namespace

SOFTMAX_STAGE(stage09)
