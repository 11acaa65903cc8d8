// Stage 12 (probe, ninth version) — few long rows through a ring of shared-memory slots, read
// once, written once, rows pipelined with no grid barrier; the block's warps split by role.
//
// New here against the thirtieth session's ring (explore/session30/12_ring.cu, versions 1-4): there
// one block of 16 warps walked its tiles in step, every tile passing several block barriers, and
// while warp 0 waited on L2 for a row's parts the other 15 waited at the next barrier. Here no warp
// waits for another except through an mbarrier or a flag in shared memory:
//   * a producer warp (one lane) issues the bulk copies, refilling slot i % S once every compute
//     warp has released tile i - S (mbarriers `full` and `empty`, as in a TMA pipeline), with at
//     most `inflight` copies in flight;
//   * 16 compute warps each take a stripe of every tile: fold it into the warp's running (max,
//     sum) as it lands, and after the block's last tile of a row leave the warp's part in shared
//     memory (mbarrier `folded`); write a tile as soon as its row is published, then release the
//     slot. Folding runs ahead of writing by up to S tiles;
//   * filer warps (rows in turn) merge the 16 warp parts of a row and file the block's part in
//     global memory as one 64-bit word that is its own flag; in the summary protocol they then
//     count it in, and the last block to file merges every part into one word for the row;
//   * a poller warp reads that word (or, in the parts protocol, every part) for the next rows this
//     block has filed and publishes each row's (max, 1 / sum) to the compute warps.
// A block's share of any row fits its ring, so by induction on the rows none waits forever.
//
// The thirty-first session's versions (explore/README.md, "Thirty-first session", has each run):
// 5: roles split, one filer that also polled; 6: filer and poller apart; 7: + the summary protocol;
// 8: + 3 filer warps; 9: + the poller reads only rows this block has filed. This file is version 9,
// defaults: summary, 3 filers, 1 copy in flight (STEP12_PROTOCOL, STEP12_FILERS, STEP12_INFLIGHT,
// STEP12_GATE give the others' settings). STEP12_TRACE=FILE writes a timeline of each launch.
// What the timelines found: every trip through L2 (a part filed, a word read) took several us
// while the ring's copies were queued, and each row needs two or three of them in a row.
// Correct (every test-gpu case, versions 5-9). Against stage 11 (stage 09) in the same call:
// ahead by 6-8% on the 64 MB fp32 matrices of 16-64 rows of 1-4 MB, level at 8 x 2^21, behind on
// rows of 16 MB and more (the ring holds under two of a block's shares) and on few halves rows;
// ahead of stage 09 by 0.5-12% on halves at 64-128 rows of 2-8 MB (halves/halves.txt). Not adopted.
// Limits: sm_90 (bulk copies), a cooperative launch (every block resident), rows of at most
// S x 32 KB x G (about 29 MB on an H100), at most 4096 rows. Rows not in 16-byte packs or off a
// 16-byte boundary take a plain block-per-row kernel instead (correct, not fast).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "cuda_check.cuh"
#include "online_stats.cuh"  // fold, keep_nan (stage 06)
#include "packs.cuh"         // 16-byte packs of any dtype (stage 08)
#include "reduce.cuh"
#include "scratch.h"
#include "stage.h"

namespace {

constexpr int kComputeWarps = 16;
constexpr int kComputeThreads = 32 * kComputeWarps;
constexpr int kMaxFilerWarps = 3;
constexpr int kThreads = kComputeThreads + 64 + 32 * kMaxFilerWarps;  // + a producer, a poller and
                                                                     // filer warps; one block a SM
[[maybe_unused]] constexpr int kProducerWarp = kComputeWarps, kPollerWarp = kComputeWarps + 1,
                               kFilerWarp = kComputeWarps + 2;  // the first of them
[[maybe_unused]] constexpr int kPollRows = 4;  // rows the poller reads in one trip
constexpr int kTileBytes = 32768;                       // a slot
constexpr int kPacks = kTileBytes / 16 / kComputeThreads;  // 16-byte packs a compute thread takes of a tile: 4
constexpr int kMaxSlots = 8;
[[maybe_unused]] constexpr int kRowSlots = 16;                           // rows a block tracks at once (more than slots + 1)
constexpr int64_t kMaxRows = 4096;
constexpr int kMaxFilers = 256;                         // blocks in the grid, at most

// ---- bulk copies and flags (sm_90; stage 10's helpers) ----------------------------------------
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
__device__ __forceinline__ uint32_t smem_addr(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
__device__ __forceinline__ void mbar_init(uint64_t* bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem_addr(bar)), "r"(count) : "memory");
}
// One arrival (release at the block's scope: this thread's writes before it are seen by the waiter).
__device__ __forceinline__ void mbar_arrive(uint64_t* bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem_addr(bar)) : "memory");
}
// Has the phase of this parity completed? Never blocks. (Asked at most one phase early: see the
// kernel's comments on when each barrier is waited on.)
__device__ __forceinline__ bool mbar_test(uint64_t* bar, uint32_t parity) {
  uint32_t done;
  asm volatile(
      "{ .reg .pred p; mbarrier.test_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
      : "=r"(done)
      : "r"(smem_addr(bar)), "r"(parity)
      : "memory");
  return done != 0;
}
__device__ __forceinline__ unsigned load_acquire_smem(const unsigned* p) {
  unsigned v;
  asm volatile("ld.acquire.cta.shared.u32 %0, [%1];" : "=r"(v) : "r"(smem_addr(p)) : "memory");
  return v;
}
__device__ __forceinline__ void store_release_smem(unsigned* p, unsigned v) {
  asm volatile("st.release.cta.shared.u32 [%0], %1;" ::"r"(smem_addr(p)), "r"(v) : "memory");
}
__device__ __forceinline__ void mbar_init_fence() { asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory"); }
__device__ __forceinline__ void mbar_inval(uint64_t* bar) {
  asm volatile("mbarrier.inval.shared::cta.b64 [%0];" ::"r"(smem_addr(bar)) : "memory");
}
// Thread 0: announce `bytes` on `bar` and copy them (16-byte aligned, a multiple of 16, > 0).
__device__ __forceinline__ void bulk_load(void* dst, const void* src, uint32_t bytes, uint64_t* bar) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem_addr(bar)), "r"(bytes)
               : "memory");
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                   smem_addr(dst)),
               "l"(src), "r"(bytes), "r"(smem_addr(bar))
               : "memory");
}
__device__ __forceinline__ void mbar_wait(uint64_t* bar, uint32_t parity) {
  uint32_t done = 0;
  do {
    asm volatile(
        "{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
        : "=r"(done)
        : "r"(smem_addr(bar)), "r"(parity)
        : "memory");
  } while (!done);
}
// Order this block's reads of a slot (generic proxy) before the bulk copy that refills it.
__device__ __forceinline__ void fence_async_smem() { asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); }
__device__ __forceinline__ unsigned add_acq_rel(unsigned* p, unsigned v) {
  unsigned old;
  asm volatile("atom.acq_rel.gpu.global.add.u32 %0, [%1], %2;" : "=r"(old) : "l"(p), "r"(v) : "memory");
  return old;
}
#endif

// What the blocks share: zero between launches (the last block out zeroes it).
// STEP12_TRACE=FILE (a probe knob): every launch writes, per block and tile, the %globaltimer
// times of: the copy issued; tile landed, row published, tile written (as compute warp 0 saw
// them); the block's part filed and the row published (filer, on a row's last tile); then FILE.
constexpr int kTraceEvents = 6;
struct Ring {
  unsigned* finished;  // blocks that have left
  unsigned long long* trace;  // STEP12_TRACE: per tile, kTraceEvents times (ns), else null
  uint64_t* partial;   // per row and block: that block's (max, sum) of its part of the row as two
                       // floats; 0 until it files (a real part is never (+0, +0): a sum of 0 has
                       // max -inf, and keep_nan's (0, NaN) has a NaN sum)
  unsigned* count;     // STEP12_PROTOCOL=summary: per row (128 B apart), the parts filed
  uint64_t* summary;   // and per row (128 B apart), its (max, 1 / sum) once the last filer merged it
};
constexpr int kLineWords = 16;  // 64-bit words in 128 B

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
// A filed part is one 64-bit word holding its own data: plain (relaxed) loads and stores, no
// fences and no atomics, so no thread ever waits on a trip to L2 it did not need.
__device__ __forceinline__ uint64_t load_relaxed64(const uint64_t* p) {
  uint64_t v;
  asm volatile("ld.relaxed.gpu.global.b64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void store_relaxed64(uint64_t* p, uint64_t v) {
  asm volatile("st.relaxed.gpu.global.b64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}
__device__ __forceinline__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
__device__ __forceinline__ void mark(const Ring& q, int64_t b, int64_t nmax, int64_t i, int k) {
  if (q.trace) q.trace[(b * nmax + i) * kTraceEvents + k] = now_ns();
}
__device__ __forceinline__ uint64_t word_of(MaxSum s) {
  return (uint64_t{__float_as_uint(s.l)} << 32) | __float_as_uint(s.m);
}
__device__ __forceinline__ MaxSum maxsum_of(uint64_t w) {
  return MaxSum{__uint_as_float(static_cast<unsigned>(w)), __uint_as_float(static_cast<unsigned>(w >> 32))};
}
#endif

// Tile g of the matrix: row g / tpr, elements [begin, begin + len) of it.
struct TileAt {
  int64_t row, begin;
  int len;
};
template <class T>
__device__ __forceinline__ TileAt tile_at(int64_t g, int64_t N, int64_t tpr) {
  constexpr int64_t E = kTileBytes / sizeof(T);
  const int64_t r = g / tpr, begin = (g % tpr) * E;
  return {r, begin, static_cast<int>(min(E, N - begin))};
}

// Is tile i of block b (g = b + i G) the block's last tile of its row?
[[maybe_unused]] __device__ __forceinline__ bool last_of_row(int64_t i, int64_t b, int64_t G, int64_t tiles, int64_t tpr) {
  const int64_t g = b + i * G;
  return g + G >= tiles || (g + G) / tpr != g / tpr;
}
// The first of block b's tiles i, i + 1, ... (of n) that ends a row; n if none.
[[maybe_unused]] __device__ __forceinline__ int64_t next_row_end(int64_t i, int64_t b, int64_t G, int64_t n,
                                                                 int64_t tiles, int64_t tpr) {
  while (i < n && !last_of_row(i, b, G, tiles, tpr)) ++i;
  return i;
}

template <class T>
__global__ __launch_bounds__(kThreads, 1) void ring_rows(const T* __restrict__ x, T* __restrict__ y, int64_t M,
                                                         int64_t N, int64_t tpr, int slots, int inflight, int protocol, int filer_warps, int gate, Ring q) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  extern __shared__ __align__(128) unsigned char ring[];  // slots x kTileBytes
  __shared__ uint64_t full[kMaxSlots], empty[kMaxSlots], folded[kRowSlots];
  __shared__ MaxSum warp_part[kRowSlots][kComputeWarps];  // each compute warp's part of a row
  __shared__ MaxSum published_row[kRowSlots];              // a row's (max, 1 / sum)
  __shared__ unsigned filed[kRowSlots];                    // row j's slot holds j + 1 once it is filed
  __shared__ unsigned published;                           // rows (this block's, in order) published
  __shared__ bool s_last_out;
  constexpr int V = kVec<T>;
  const int64_t G = gridDim.x, b = blockIdx.x, tiles = M * tpr;
  const int64_t n = b < tiles ? (tiles - b + G - 1) / G : 0;  // this block's tiles: g = b + i G
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int64_t nmax = (tiles + G - 1) / G;  // (the trace's stride)
  auto slot = [&](int64_t i) { return reinterpret_cast<uint4*>(ring + (i % slots) * kTileBytes); };

  if (threadIdx.x == 0) {
    for (int i = 0; i < slots; ++i) mbar_init(&full[i], 1), mbar_init(&empty[i], kComputeWarps);
    for (int j = 0; j < kRowSlots; ++j) mbar_init(&folded[j], kComputeWarps);
    for (int j = 0; j < kRowSlots; ++j) filed[j] = 0;
    published = 0;
    mbar_init_fence();
  }
  __syncthreads();

  if (warp == kProducerWarp) {
    // ---- producer: tile i into slot i % S once every compute warp has released tile i - S ----
    // and, with at most `inflight` copies in flight, once tile i - inflight has landed
    if (lane == 0) {
      for (int64_t i = 0; i < n; ++i) {
        if (inflight < slots && i >= inflight)
          mbar_wait(&full[(i - inflight) % slots], static_cast<uint32_t>(((i - inflight) / slots) & 1));
        if (i >= slots) {
          mbar_wait(&empty[i % slots], static_cast<uint32_t>((i / slots - 1) & 1));
          fence_async_smem();
        }
        const TileAt t = tile_at<T>(b + i * G, N, tpr);
        bulk_load(slot(i), x + t.row * N + t.begin, static_cast<uint32_t>(t.len * sizeof(T)), &full[i % slots]);
        mark(q, b, nmax, i, 0);
      }
    }
    __syncwarp();
  } else if (warp >= kFilerWarp) {
    // ---- filers: once every compute warp has folded a row, merge their parts and file the block's
    //      (filer warp f takes rows j = f mod filer_warps: their trips to L2 overlap) ----
    unsigned j = 0;  // rows passed
    for (int64_t i = next_row_end(0, b, G, n, tiles, tpr); i < n; i = next_row_end(i + 1, b, G, n, tiles, tpr), ++j) {
      if (static_cast<int>(j % filer_warps) != warp - kFilerWarp) continue;
      mbar_wait(&folded[j % kRowSlots], (j / kRowSlots) & 1);
      const MaxSum part = warp_allreduce(lane < kComputeWarps ? warp_part[j % kRowSlots][lane] : maxsum_identity());
      const int64_t r = (b + i * G) / tpr;
      if (lane == 0) {
        store_relaxed64(q.partial + r * G + b, word_of(part)), mark(q, b, nmax, i, 4);
        store_release_smem(&filed[j % kRowSlots], j + 1);
      }
      if (protocol == 1) {  // summary: the last block to file merges every part and publishes the row
        const unsigned filers = static_cast<unsigned>(min(tpr, G));
        unsigned before = 0;
        if (lane == 0) before = add_acq_rel(q.count + r * 2 * kLineWords, 1u);
        if (__shfl_sync(0xffffffffu, before, 0) == filers - 1) {
          MaxSum s;
          for (;;) {  // (each part is its own flag: read again until every one is seen)
            s = maxsum_identity();
            bool in = true;
            for (unsigned jj = lane; jj < filers; jj += 32) {
              const uint64_t w = load_relaxed64(q.partial + r * G + (r * tpr + jj) % G);
              in = in && w != 0;
              s = maxsum_merge(s, maxsum_of(w));
            }
            if (__all_sync(0xffffffffu, in)) break;
          }
          s = warp_allreduce(s);
          if (lane == 0) store_relaxed64(q.summary + r * kLineWords, word_of(MaxSum{s.m, 1.0f / s.l}));
        }
      }
    }
  } else if (warp == kPollerWarp) {
    // ---- poller: read every block's part of the next kPollRows filed rows in one trip, and
    //      publish each row, in order, once all of its parts are in ----
    const unsigned filers = static_cast<unsigned>(min(tpr, G));  // blocks holding part of each row
    unsigned j_pub = 0;                                          // rows published
    int64_t i_pub = next_row_end(0, b, G, n, tiles, tpr);        // the tile that ends row j_pub
    while (i_pub < n) {
      // The rows from j_pub on that this block has filed (STEP12_GATE=0: every row not yet published)
      unsigned ready = j_pub;
      if (gate == 0) ready = ~0u;
      else while (ready < j_pub + kPollRows && load_acquire_smem(&filed[ready % kRowSlots]) == ready + 1) ++ready;
      ready = __shfl_sync(0xffffffffu, ready, 0);
      if (ready == j_pub) {
        __nanosleep(64);
        continue;
      }
      int64_t ends[kPollRows];
      uint64_t words[kPollRows][kMaxFilers / 32];
      int k_rows = 0;
      for (int64_t i = i_pub; i < n && k_rows < kPollRows && j_pub + k_rows < ready;
           i = next_row_end(i + 1, b, G, n, tiles, tpr))
        ends[k_rows++] = i;
      if (protocol == 1) {  // summary: lane k reads row j_pub + k's word; publish the leading ones
        uint64_t w = 0;
#pragma unroll
        for (int k = 0; k < kPollRows; ++k)
          if (lane == k && k < k_rows) w = load_relaxed64(q.summary + (b + ends[k] * G) / tpr * kLineWords);
        const unsigned got = __ballot_sync(0xffffffffu, w != 0);
        const int now = __ffs(~got) - 1;  // rows j_pub, j_pub + 1, ... whose words are in
        if (lane < now) published_row[(j_pub + lane) % kRowSlots] = maxsum_of(w);
        __syncwarp();
        if (lane == 0 && now > 0) {
          store_release_smem(&published, j_pub + now);
          for (int k = 0; k < now; ++k) mark(q, b, nmax, ends[k], 5);
        }
        for (int k = 0; k < now; ++k) ++j_pub, i_pub = next_row_end(i_pub + 1, b, G, n, tiles, tpr);
        if (now == 0) __nanosleep(64);
        continue;
      }
#pragma unroll
      for (int k = 0; k < kPollRows; ++k) {  // every load of the trip in flight at once
        const int64_t r = k < k_rows ? (b + ends[k] * G) / tpr : 0;
#pragma unroll
        for (int u = 0; u < kMaxFilers / 32; ++u) {
          const unsigned jj = lane + 32 * u;
          words[k][u] = k < k_rows && jj < filers ? load_relaxed64(q.partial + r * G + (r * tpr + jj) % G) : 1;
        }
      }
      int published_now = 0;
#pragma unroll
      for (int k = 0; k < kPollRows; ++k) {
        if (k != published_now || k >= k_rows) continue;
        bool in = true;
        MaxSum s = maxsum_identity();
#pragma unroll
        for (int u = 0; u < kMaxFilers / 32; ++u) {
          const unsigned jj = lane + 32 * u;
          in = in && words[k][u] != 0;
          if (jj < filers) s = maxsum_merge(s, maxsum_of(words[k][u]));
        }
        if (!__all_sync(0xffffffffu, in)) continue;
        s = warp_allreduce(s);
        if (lane == 0) {
          published_row[(j_pub + k) % kRowSlots] = MaxSum{s.m, 1.0f / s.l};
          store_release_smem(&published, j_pub + k + 1);
          mark(q, b, nmax, ends[k], 5);
        }
        ++published_now;
      }
      for (int k = 0; k < published_now; ++k) ++j_pub, i_pub = next_row_end(i_pub + 1, b, G, n, tiles, tpr);
      if (published_now == 0) __nanosleep(64);
    }
  } else {
    // ---- compute warps: fold tiles as they land, write them as their rows are published ----
    // Tile f is waited on only while f < w + S: its slot's previous phase (tile f - S) has then
    // landed, so the parity test cannot see that phase. Each warp's stripe of a tile: packs
    // u * kComputeThreads + threadIdx.x.
    MaxSum run = maxsum_identity();  // this thread's part of the row being folded
    int64_t f = 0, w = 0;            // the next tile to fold, to write
    unsigned jf = 0, jw = 0;         // the rows (this block's, in order) of tiles f and w
    while (w < n) {
      // (each lane reads the flag or tests the barrier itself, and the warp votes: one branch)
      if (w < f && __all_sync(0xffffffffu, jw < load_acquire_smem(&published))) {
        // (a) write tile w from its slot, then release the slot
        if (threadIdx.x == 0) mark(q, b, nmax, w, 2);
        const MaxSum mi = published_row[jw % kRowSlots];
        const TileAt t = tile_at<T>(b + w * G, N, tpr);
        const uint4* sl = slot(w);
        uint4* out = reinterpret_cast<uint4*>(y + t.row * N + t.begin);
#pragma unroll
        for (int u = 0; u < kPacks; ++u) {
          const int p = u * kComputeThreads + threadIdx.x;
          if (p < t.len / V) {
            float v[V];
            unpack<T>(sl[p], v);
#pragma unroll
            for (int k = 0; k < V; ++k) v[k] = __expf(v[k] - mi.m) * mi.l;
            out[p] = pack<T>(v);
          }
        }
        __syncwarp();
        if (lane == 0) mbar_arrive(&empty[w % slots]);
        if (threadIdx.x == 0) mark(q, b, nmax, w, 3);
        if (last_of_row(w, b, G, tiles, tpr)) ++jw;
        ++w;
        continue;
      }
      if (f < n && f < w + slots &&
          __all_sync(0xffffffffu, mbar_test(&full[f % slots], static_cast<uint32_t>((f / slots) & 1)))) {
        // (b) fold this warp's stripe of tile f; after the block's last tile of a row, leave the part
        if (threadIdx.x == 0) mark(q, b, nmax, f, 1);
        const TileAt t = tile_at<T>(b + f * G, N, tpr);
        const uint4* sl = slot(f);
        float v[kPacks * V];
#pragma unroll
        for (int u = 0; u < kPacks; ++u) {
          const int p = u * kComputeThreads + threadIdx.x;
          float e[V];
          unpack<T>(p < t.len / V ? sl[p] : neg_inf_pack<T>(), e);
#pragma unroll
          for (int k = 0; k < V; ++k) v[u * V + k] = e[k];
        }
        fold(run, v);
        if (last_of_row(f, b, G, tiles, tpr)) {
          const MaxSum part = warp_allreduce_two_step(keep_nan(run));
          if (lane == 0) {
            warp_part[jf % kRowSlots][warp] = part;
            mbar_arrive(&folded[jf % kRowSlots]);
          }
          run = maxsum_identity();
          ++jf;
        }
        ++f;
        continue;
      }
      __nanosleep(32);
    }
  }

  // The last block out leaves the parts zero for the next launch.
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int i = 0; i < slots; ++i) mbar_inval(&full[i]), mbar_inval(&empty[i]);
    for (int j = 0; j < kRowSlots; ++j) mbar_inval(&folded[j]);
    s_last_out = add_acq_rel(q.finished, 1u) == G - 1;
  }
  __syncthreads();
  if (!s_last_out) return;
  for (int64_t i = threadIdx.x; i < M * G; i += kThreads) q.partial[i] = 0;
  for (int64_t i = threadIdx.x; i < M; i += kThreads) q.count[i * 2 * kLineWords] = 0, q.summary[i * kLineWords] = 0;
  if (threadIdx.x == 0) *q.finished = 0;
#else
  __trap();
#endif
}

// Rows not in 16-byte packs or pointers off a 16-byte boundary: a block per row, two reads.
template <class T>
__global__ __launch_bounds__(kThreads) void plain_rows(const T* __restrict__ x, T* __restrict__ y, int64_t M,
                                                       int64_t N) {
  for (int64_t r = blockIdx.x; r < M; r += gridDim.x) {
    const T* xr = x + r * N;
    MaxSum s = maxsum_identity();
    for (int64_t i = threadIdx.x; i < N; i += kThreads) {
      const float v[1] = {static_cast<float>(xr[i])};
      fold(s, v);
    }
    s = block_allreduce_two_step(keep_nan(s));
    const float inv = 1.0f / s.l;
    for (int64_t i = threadIdx.x; i < N; i += kThreads)
      y[r * N + i] = static_cast<T>(__expf(static_cast<float>(xr[i]) - s.m) * inv);
  }
}

// ---- the launcher ------------------------------------------------------------------------------

struct Plan {
  int slots;     // ring slots a block has
  int per_sm;    // blocks a SM holds
  size_t smem;   // dynamic shared memory a block
};
template <class T>
const Plan& plan() {
  static const Plan p = [] {
    const DeviceInfo& d = device_info();
    if (d.cc_major < 9) return Plan{0, 0, 0};
    cudaFuncAttributes a{};
    CUDA_CHECK(cudaFuncGetAttributes(&a, ring_rows<T>));
    // STEP12_SLOTS=k (a probe knob): at most k slots.
    const char* e = std::getenv("STEP12_SLOTS");
    const int64_t most = e && *e ? std::clamp<int64_t>(std::atoll(e), 1, kMaxSlots) : kMaxSlots;
    int slots = static_cast<int>(std::min<int64_t>(
        most, (d.smem_per_block_optin - static_cast<int64_t>(a.sharedSizeBytes)) / kTileBytes));
    // One block a SM: fewer slots if the SM's own reserve leaves no room for that many.
    int per_sm = 0;
    for (; slots > 0; --slots) {
      CUDA_CHECK(cudaFuncSetAttribute(ring_rows<T>, cudaFuncAttributeMaxDynamicSharedMemorySize, slots * kTileBytes));
      CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, ring_rows<T>, kThreads,
                                                               static_cast<size_t>(slots) * kTileBytes));
      if (per_sm > 0) break;
    }
    const size_t smem = static_cast<size_t>(slots) * kTileBytes;
    per_sm = std::min(per_sm, kMaxFilers / d.sm_count);  // a row's parts are read by one warp
    return Plan{slots, per_sm, smem};
  }();
  return p;
}

int64_t tiles_per_row(int64_t N, size_t elem) { return ceil_div(N, kTileBytes / static_cast<int64_t>(elem)); }

size_t ring_bytes() {
  return 256 + static_cast<size_t>(kMaxRows) * (kMaxFilers + 2 * kLineWords) * sizeof(uint64_t);
}

template <class T>
void launch_t(const T* x, T* y, int64_t M, int64_t N, cudaStream_t stream) {
  if (N % kVec<T> != 0 || reinterpret_cast<uintptr_t>(x) % 16 || reinterpret_cast<uintptr_t>(y) % 16) {
    const int64_t grid = std::min<int64_t>(M, int64_t{8} * device_info().sm_count);
    plain_rows<T><<<static_cast<unsigned>(grid), kThreads, 0, stream>>>(x, y, M, N);
    CUDA_CHECK_LAUNCH();
    return;
  }
  const Plan& p = plan<T>();
  const DeviceInfo& d = device_info();
  const StreamScratch ws("12 ring", ring_bytes(), stream);
  char* base = static_cast<char*>(ws.get());
  char* counts = base + 256 + kMaxRows * kMaxFilers * sizeof(uint64_t);
  Ring q{reinterpret_cast<unsigned*>(base), nullptr, reinterpret_cast<uint64_t*>(base + 256),
         reinterpret_cast<unsigned*>(counts), reinterpret_cast<uint64_t*>(counts + kMaxRows * kLineWords * 8)};
  // STEP12_PROTOCOL=parts (a probe knob): every block reads every part of a row (else the last
  // block to file a row merges it, and the others read one word: summary).
  const char* pe = std::getenv("STEP12_PROTOCOL");
  int protocol = pe && std::string(pe) == "parts" ? 0 : 1;
  // STEP12_FILERS=k (a probe knob): k filer warps taking rows in turn (else 3).
  const char* fe = std::getenv("STEP12_FILERS");
  int filer_warps = fe && *fe ? std::clamp(std::atoi(fe), 1, kMaxFilerWarps) : kMaxFilerWarps;
  // STEP12_GATE=0 (a probe knob): the poller reads rows this block has not filed yet too.
  const char* ge = std::getenv("STEP12_GATE");
  int gate = ge && *ge ? std::atoi(ge) : 1;
  int64_t tpr = tiles_per_row(N, sizeof(T));
  int slots = p.slots;
  // STEP12_INFLIGHT=k (a probe knob): at most k bulk copies in flight a block (else 1; k = slots: one a slot).
  const char* e = std::getenv("STEP12_INFLIGHT");
  int inflight = e && *e ? std::clamp(std::atoi(e), 1, slots) : 1;
  const unsigned grid = static_cast<unsigned>(int64_t{p.per_sm} * d.sm_count);
  const char* trace_file = std::getenv("STEP12_TRACE");
  const int64_t nmax = ceil_div(M * tpr, int64_t{grid}), trace_words = int64_t{grid} * nmax * kTraceEvents;
  if (trace_file && *trace_file) {
    CUDA_CHECK(cudaMalloc(&q.trace, static_cast<size_t>(trace_words) * 8));
    CUDA_CHECK(cudaMemsetAsync(q.trace, 0, static_cast<size_t>(trace_words) * 8, stream));
  }
  void* args[] = {&x, &y, &M, &N, &tpr, &slots, &inflight, &protocol, &filer_warps, &gate, &q};
  CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(ring_rows<T>), dim3(grid), dim3(kThreads),
                                         args, p.smem, stream));
  CUDA_CHECK_LAUNCH();
  if (q.trace) {  // the trace of this launch replaces the last one's
    std::vector<unsigned long long> t(static_cast<size_t>(trace_words));
    CUDA_CHECK(cudaMemcpyAsync(t.data(), q.trace, t.size() * 8, cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
    CUDA_CHECK(cudaFree(q.trace));
    unsigned long long t0 = ~0ull;
    for (unsigned long long v : t) if (v != 0 && v < t0) t0 = v;
    if (FILE* f = std::fopen(trace_file, "w")) {
      std::fprintf(f, "# M %lld N %lld tpr %lld G %u nmax %lld slots %d; per tile: b i issue land pub written filed published (ns from the first event, -1 none)\n",
                   static_cast<long long>(M), static_cast<long long>(N), static_cast<long long>(tpr), grid,
                   static_cast<long long>(nmax), slots);
      for (int64_t b = 0; b < grid; ++b)
        for (int64_t i = 0; i < nmax && b + i * grid < M * tpr; ++i) {
          std::fprintf(f, "%lld %lld", static_cast<long long>(b), static_cast<long long>(i));
          for (int k = 0; k < kTraceEvents; ++k) {
            const unsigned long long v = t[static_cast<size_t>((b * nmax + i) * kTraceEvents + k)];
            std::fprintf(f, " %lld", v ? static_cast<long long>(v - t0) : -1ll);
          }
          std::fprintf(f, "\n");
        }
      std::fclose(f);
    }
  }
}

void launch_f32(const float* x, float* y, int64_t M, int64_t N, cudaStream_t s) { launch_t(x, y, M, N, s); }
void launch_f16(const __half* x, __half* y, int64_t M, int64_t N, cudaStream_t s) { launch_t(x, y, M, N, s); }
void launch_bf16(const __nv_bfloat16* x, __nv_bfloat16* y, int64_t M, int64_t N, cudaStream_t s) {
  launch_t(x, y, M, N, s);
}

// ---- what the stage takes ------------------------------------------------------------------

int64_t ring_capacity_tiles(const DeviceInfo& d, DType t) {
  const int64_t slots = with_element_type(t, [](auto tag) { return int64_t{plan<decltype(tag)>().slots}; });
  const int64_t per_sm = with_element_type(t, [](auto tag) { return int64_t{plan<decltype(tag)>().per_sm}; });
  return slots * per_sm * d.sm_count;
}

std::string refuse(const DeviceInfo& d, DType t, int64_t M, int64_t N) {
  if (d.cc_major < 9) return "needs sm_90 or newer (bulk copies into shared memory)";
  if (!d.cooperative_launch) return "needs cooperative launch (every block resident)";
  if (M > kMaxRows) return "more than " + std::to_string(kMaxRows) + " rows (this stage is for few long rows)";
  const int64_t cap = ring_capacity_tiles(d, t);
  if (cap == 0) return "the ring does not fit a SM";
  if (tiles_per_row(N, dtype_size(t)) > cap)
    return "a row longer than the ring holds (" + std::to_string(cap * kTileBytes >> 20) + " MB on this GPU)";
  return "";
}

int64_t max_cols(const DeviceInfo& d, DType t) {
  if (d.cc_major < 9) return 1;
  return ring_capacity_tiles(d, t) * (kTileBytes / static_cast<int64_t>(dtype_size(t)));
}

template <class T>
std::vector<KernelConfig> explain_t() {
  const Plan& p = plan<T>();
  return {{"ring_rows, " + std::to_string(p.slots) + " slots of 32 KB",
           reinterpret_cast<const void*>(ring_rows<T>), kThreads, static_cast<int64_t>(p.smem),
           int64_t{p.slots} * kPacks * kVec<T>}};
}
std::vector<KernelConfig> explain(const DeviceInfo& d, DType t) {
  if (d.cc_major < 9) return {};
  return with_element_type(t, [](auto tag) { return explain_t<decltype(tag)>(); });
}

// The few-row shapes (M = 1, 4, 8 up to the ring's row; the dispatcher's sweep) and 16-64 rows.
std::vector<Shape> sweep() {
  std::vector<Shape> s;
  for (int64_t m : {1, 4, 8})
    for (int64_t n = int64_t{1} << 16; n <= (int64_t{1} << 25); n *= 2) s.push_back({m, n});
  for (int64_t m : {16, 32, 64}) s.push_back({m, int64_t{1} << 20});
  return s;
}

const Stage stage12 = {"12", "ring",
                       "few long rows through a ring of shared-memory slots: bulk copies in, rows pipelined "
                       "by per-row filed parts, no grid barrier",
                       launch_f32, launch_f16, launch_bf16, refuse, max_cols, sweep(), explain};

}  // namespace

SOFTMAX_STAGE(stage12)
