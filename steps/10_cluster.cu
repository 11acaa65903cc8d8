// Stage 10 — cluster: a row shared by a thread-block cluster, read from memory once (Hopper).
//
// New here (sm_90):
//   * a thread-block cluster: C = 1..16 CTAs launched together on one GPC, each holding a 1/C part
//     of the row in its shared memory, so a row of up to C x ~220 KB is cached on chip;
//   * distributed shared memory: each CTA publishes its (max, sum) in its own shared memory, the
//     cluster barrier makes them visible, and every CTA reads all C of them through
//     cluster.map_shared_rank, so no partial result goes through global memory;
//   * two ways to fill shared memory, measured against each other: the CTA's threads copying
//     16-byte packs (8 loads in flight each) and folding them into (max, sum) on the way, or the
//     asynchronous bulk copy (cp.async.bulk, the TMA engine: one instruction from one thread moves
//     a whole piece and signals an mbarrier when the bytes have landed). The threads win while
//     three CTAs share an SM; the copy engine wins for a part too large to share one.
//   * a wide form for long rows of whole 16-byte packs (twelfth session): each CTA is stage 08's
//     wide block, 1024 threads holding up to 256 KB of the row in registers + shared memory
//     (common/row_cache.cuh), one CTA per SM;
//   * persistent wide clusters for many rows (fourteenth session): as many clusters as the GPU holds,
//     each taking rows by ticket from a global counter and loading the next while it writes this one.
//   * (seventeenth session) the wide form takes rows off the 16-byte boundary too, each CTA's part
//     shifted as stage 08's caches take such rows (packs.cuh's ShiftedRow), one cluster per row; and
//     the fewest CTAs that hold a row, any number up to 16, not the next power of two.
//   * (sixty-sixth session) halves' persistent rows of 384-512 KB on paired CTAs: 512 threads, up
//     to 128 KB each, two an SM, so one CTA's sums and barriers overlap the other's memory traffic;
//     (sixty-seventh) rows of 336-384 KB on 3 of them in every dtype, halves' rows of 224-256 KB
//     on 2 (persistent, where one wide CTA a row was not), each part at least 7/8 full and in
//     whole 128-byte lines.
// Rows may be strided (ld >= N) and misaligned: the 16-byte-aligned middle of a part is copied
// in packs, its ragged ends by ordinary loads. A part larger than the shared memory a CTA may have
// is streamed in tiles and read twice (the last tile stays). STEP10_CLUSTER=C forces the cluster
// size, STEP10_LOAD=threads|bulk the loader, STEP10_FORM=parts|wide the form,
// STEP10_PERSISTENT=on|off the persistent wide clusters, STEP10_PAIRED=on|off the paired CTAs.
// See docs/10_cluster.md.
#include <cooperative_groups.h>

#include <climits>
#include <initializer_list>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <tuple>
#include <string>
#include <utility>
#include <vector>

#include "bulk_copy.cuh"  // the bulk copy engine and mbarriers (introduced here)
#include "cuda_check.cuh"
#include "fast_exp.cuh"  // exp_ftz, ExpFtz (stage 09)
#include "online_stats.cuh"
#include "packs.cuh"
#include "reduce.cuh"
#include "row_cache.cuh"
#include "scratch.h"
#include "stage.h"

namespace cg = cooperative_groups;

namespace {

constexpr int kThreads = 256;   // per CTA
constexpr int kMaxCluster = 16; // non-portable cluster size on H100 (8 is the portable limit)

// The device helpers exist for sm_90 only (the A100 build compiles the kernel to a trap).
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900

constexpr int kPieces = 4;  // bulk copies (each with its mbarrier) per tile

// ---- one tile of a CTA's part in shared memory -----------------------------------------------
//
// The buffer starts at the 16-byte boundary at or before the tile's first element, `lead` elements
// earlier, so buffer pack p is the aligned 16 bytes of the row at (row + begin - lead) + p * V. Packs
// lying wholly inside the tile (the body) come by bulk copy; the first and last pack, when the tile
// only partly covers them, are filled by ordinary loads with -inf around the tile's elements.
template <class T>
struct Tile {
  int64_t begin;  // first element of the row in this tile
  int len;        // elements in the tile
  int lead;       // buffer slots before the first element (the address's misalignment)
  int packs;      // buffer packs: ceil((lead + len) / V)
  int body0, body1;  // packs [body0, body1) are whole: bulk copied

  __device__ Tile(const T* row, int64_t b, int n) : begin(b), len(n) {
    constexpr int V = kVec<T>;
    lead = static_cast<int>((reinterpret_cast<uintptr_t>(row + b) % 16) / sizeof(T));
    packs = (lead + len + V - 1) / V;
    body0 = lead == 0 ? 0 : 1;
    body1 = (lead + len) / V;
    if (body1 < body0) body1 = body0;
  }
  __device__ bool whole(int p) const { return p >= body0 && p < body1; }
  // Bulk piece k of kPieces: the whole packs [*p0, *p1) (possibly none).
  __device__ void piece(int k, int* p0, int* p1) const {
    const int per = (body1 - body0 + kPieces - 1) / kPieces;
    *p0 = min(body0 + k * per, body1);
    *p1 = min(*p0 + per, body1);
  }
  // Edge i (0: first, 1: last): the pack the tile only partly covers, or -1 when there is none.
  __device__ int edge(int i) const {
    const int p = i == 0 ? 0 : packs - 1;
    return p < 0 || p >= packs || whole(p) || (i == 1 && p == 0) ? -1 : p;
  }
};

// The edge packs of tile t (at most two), one element per thread, -inf around the tile's elements.
template <class T>
__device__ __forceinline__ void load_edges(const T* base, const Tile<T>& t, uint4* buf) {
  constexpr int V = kVec<T>;
  T* slots = reinterpret_cast<T*>(buf);
  for (int i = threadIdx.x; i < 2 * V; i += blockDim.x) {
    const int p = t.edge(i / V);
    if (p < 0) continue;
    const int s = p * V + i % V;
    const float v = s >= t.lead && s < t.lead + t.len ? static_cast<float>(base[s]) : -INFINITY;
    slots[s] = static_cast<T>(v);
  }
}

// The threads copy tile t's body into buf, 16 bytes per load and kBatch loads in flight per thread;
// with kFold they also fold what they copied into their running (max, sum) s, so the reduction
// needs no pass over shared memory. The caller __syncthreads() before buf is read.
constexpr int kBatch = 8;
template <class T, bool kFold>
__device__ __forceinline__ void copy_tile(const T* base, const Tile<T>& t, uint4* buf, MaxSum& s) {
  constexpr int V = kVec<T>;
  const uint4* src = reinterpret_cast<const uint4*>(base);
  for (int p = t.body0 + threadIdx.x; p < t.body1; p += kBatch * blockDim.x) {
    uint4 v[kBatch];
#pragma unroll
    for (int j = 0; j < kBatch; ++j) {
      const int q = p + j * blockDim.x;
      v[j] = load_x_pack_if(q < t.body1, src + q, neg_inf_pack<T>());
    }
#pragma unroll
    for (int j = 0; j < kBatch; ++j) {
      const int q = p + j * blockDim.x;
      if (q < t.body1) buf[q] = v[j];
    }
    if constexpr (kFold) {
      if (p + (kBatch - 1) * static_cast<int>(blockDim.x) < t.body1) {  // a whole batch: one fold
        float f[kBatch * V];
#pragma unroll
        for (int j = 0; j < kBatch; ++j) {
          float g[V];
          unpack<T>(v[j], g);
#pragma unroll
          for (int k = 0; k < V; ++k) f[j * V + k] = g[k];
        }
        fold<ExpFtz>(s, f);
      } else {  // the part's last, partial batch: only the packs copied (no exp of the padding)
#pragma unroll
        for (int j = 0; j < kBatch; ++j) {
          if (p + j * static_cast<int>(blockDim.x) >= t.body1) break;
          float g[V];
          unpack<T>(v[j], g);
          fold<ExpFtz>(s, g);
        }
      }
    }
  }
}

// STEP10_LOAD=bulk: thread 0 starts tile t's body as kPieces bulk copies instead (every barrier
// armed even when its piece is empty, so all share one phase); the caller waits per piece with
// mbar_wait(bars[k], parity).
template <class T>
__device__ __forceinline__ void start_bulk(const T* base, const Tile<T>& t, uint4* buf, uint64_t* bars) {
  constexpr int V = kVec<T>;
  if (threadIdx.x != 0) return;
  for (int k = 0; k < kPieces; ++k) {
    int p0, p1;
    t.piece(k, &p0, &p1);
    bulk_load(buf + p0, base + int64_t{p0} * V, static_cast<uint32_t>(p1 - p0) * 16u, &bars[k]);
  }
}

// STEP10_LOAD=bulk: fold the tile's body into this thread's running (max, sum), waiting for each
// bulk piece in turn.
template <class T>
__device__ __forceinline__ void summarise_bulk(const Tile<T>& t, const uint4* buf, uint64_t* bars, uint32_t parity,
                                               MaxSum& s) {
  constexpr int V = kVec<T>;
  for (int k = 0; k < kPieces; ++k) {
    int p0, p1;
    t.piece(k, &p0, &p1);
    mbar_wait(&bars[k], parity);
    for (int p = p0 + threadIdx.x; p < p1; p += blockDim.x) {
      float f[V];
      unpack<T>(buf[p], f);
      fold<ExpFtz>(s, f);
    }
  }
}

// Fold the edge packs (written by other threads: the caller __syncthreads() first).
template <class T>
__device__ __forceinline__ void summarise_edges(const Tile<T>& t, const uint4* buf, MaxSum& s) {
  constexpr int V = kVec<T>;
  const int p = threadIdx.x < 2 ? t.edge(threadIdx.x) : -1;
  if (p >= 0) {
    float f[V];
    unpack<T>(buf[p], f);
    fold<ExpFtz>(s, f);
  }
}

// y = exp(x - m) / l for the tile in buf, written to `out` (the same row of y). Whole packs go out
// as one 16-byte store when y's row has x's alignment; otherwise element by element.
template <class T>
__device__ __forceinline__ void normalise_tile(const Tile<T>& t, const uint4* buf, T* out, MaxSum row) {
  constexpr int V = kVec<T>;
  const float inv = 1.0f / row.l;
  T* base = out + t.begin - t.lead;
  const bool same_phase = reinterpret_cast<uintptr_t>(base) % 16 == 0;
  for (int p = threadIdx.x; p < t.packs; p += blockDim.x) {
    float f[V];
    unpack<T>(buf[p], f);
#pragma unroll
    for (int j = 0; j < V; ++j) f[j] = exp_ftz(f[j] - row.m) * inv;
    if (same_phase && t.whole(p)) {
      reinterpret_cast<uint4*>(base)[p] = pack<T>(f);
    } else {
#pragma unroll
      for (int j = 0; j < V; ++j) {
        const int s = p * V + j;
        if (s >= t.lead && s < t.lead + t.len) base[s] = static_cast<T>(f[j]);
      }
    }
  }
}

// The row's (max, sum) from each CTA's block summary s (every thread of every CTA of the cluster
// calls it): thread 0 publishes s in its CTA's mailbox, the cluster barrier makes all C visible,
// and lane j of every warp reads CTA j's through distributed shared memory; every warp reduces the
// same C values the same way (the max, then the sums rescaled to it: reduce.cuh's two cheap steps,
// since the twenty-third session). The mailboxes are read after this returns: a CTA may exit only
// once every CTA has passed it (the caller's barrier_arrive / barrier_wait).
__device__ __forceinline__ MaxSum cluster_merge(const cg::cluster_group& cluster, MaxSum* mailbox, MaxSum s) {
  const int C = static_cast<int>(cluster.num_blocks());
  if (C == 1) return s;
  if (threadIdx.x == 0) *mailbox = s;
  cluster.sync();  // every CTA's summary is published
  const int lane = threadIdx.x % 32;
  const MaxSum theirs = lane < C ? *cluster.map_shared_rank(mailbox, lane) : maxsum_identity();
  return warp_allreduce_two_step(theirs);
}

#endif  // sm_90

// ---- the kernel ------------------------------------------------------------------------------
//
// Cluster c (CTAs c*C .. c*C + C-1) owns row c. CTA `rank` of the cluster owns elements
// [rank * part, min(N, (rank + 1) * part)) of the row, in tiles of at most `tile` elements: one
// tile when the part fits in shared memory (the normal case); otherwise the part is read tile by
// tile, merged, then written newest tile first, the earlier tiles read again.
template <class T, bool kBulk>
__global__ void __launch_bounds__(kThreads)
    softmax_cluster(const T* __restrict__ x, T* __restrict__ y, int64_t N, int64_t ld, int64_t part,
                    int64_t tile) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  extern __shared__ uint4 buf[];
  __shared__ uint64_t bars[kPieces];
  __shared__ MaxSum mailbox;
  const cg::cluster_group cluster = cg::this_cluster();
  const int C = static_cast<int>(cluster.num_blocks()), rank = static_cast<int>(cluster.block_rank());
  const int64_t r = blockIdx.x / C;
  const T* xr = x + r * ld;
  T* yr = y + r * ld;
  const int64_t begin = rank * part < N ? rank * part : N, end = begin + part < N ? begin + part : N;
  const int tiles = static_cast<int>((end - begin + tile - 1) / tile);  // 0: an empty part
  auto tile_at = [&](int i) {
    const int64_t b = begin + i * tile;
    return Tile<T>(xr, b, static_cast<int>(end - b < tile ? end - b : tile));
  };
  auto base_of = [&](const Tile<T>& t) { return xr + t.begin - t.lead; };  // 16-byte aligned

  if (kBulk && threadIdx.x == 0) {
    for (int k = 0; k < kPieces; ++k) mbar_init(&bars[k]);
    mbar_init_fence();
  }
  __syncthreads();

  // 1. Read the part, tile by tile, into shared memory and reduce it to this thread's (max, sum).
  uint32_t phase = 0;  // of every bulk barrier: each load completes one phase of each
  MaxSum s = maxsum_identity();
  for (int i = 0; i < tiles; ++i) {
    if (i > 0) __syncthreads();  // everyone is done with the previous tile
    const Tile<T> t = tile_at(i);
    if constexpr (kBulk) start_bulk(base_of(t), t, buf, bars);
    load_edges(base_of(t), t, buf);
    if constexpr (!kBulk) copy_tile<T, true>(base_of(t), t, buf, s);
    __syncthreads();  // the edge packs (and the copied body)
    if constexpr (kBulk) summarise_bulk(t, buf, bars, phase, s);
    summarise_edges(t, buf, s);
    phase ^= 1;
  }
  s = block_allreduce(keep_nan(s));

  // 2. The row's (max, sum): the C summaries meet in distributed shared memory.
  s = cluster_merge(cluster, &mailbox, s);
  // This CTA has read the others' mailboxes; it waits for theirs only before it exits.
  auto token = cluster.barrier_arrive();

  // 3. Normalise and write: the tile still in shared memory first, then the earlier ones again.
  for (int i = tiles - 1; i >= 0; --i) {
    const Tile<T> t = tile_at(i);
    if (i < tiles - 1) {
      __syncthreads();  // the buffer's tile is written out
      MaxSum unused = maxsum_identity();
      if constexpr (kBulk) start_bulk(base_of(t), t, buf, bars);
      load_edges(base_of(t), t, buf);
      if constexpr (!kBulk) copy_tile<T, false>(base_of(t), t, buf, unused);
      if constexpr (kBulk)
        for (int k = 0; k < kPieces; ++k) mbar_wait(&bars[k], phase);
      phase ^= 1;
      __syncthreads();  // and its edge packs
    }
    normalise_tile(t, buf, yr, s);
  }
  cluster.barrier_wait(std::move(token));  // no CTA leaves while another may read its mailbox
  // Every thread is past its last wait: the barriers can be retired.
  if (kBulk && threadIdx.x < kPieces) mbar_inval(&bars[threadIdx.x]);
#else
  (void)x, (void)y, (void)N, (void)ld, (void)part, (void)tile;
  __trap();  // refuse() keeps GPUs without clusters away
#endif
}

// ---- wide parts: a CTA of 1024 threads holds up to 256 KB of the row --------------------------
//
// Stage 08's wide block (common/row_cache.cuh: 1024 threads, 8 packs each in registers, 8 slices
// of shared memory) as a cluster's CTA: one CTA per SM, the whole part's loads in flight at once,
// nothing staged through shared memory that the registers can hold. Parts are multiples of kVec
// elements, so every part of a row starts at the row's misalignment. Rows of 16-byte packs (N and
// ld multiples of kVec, x and y 16-byte aligned), or SHIFTED (seventeenth session): rows off the
// 16-byte boundary, x and y misaligned alike, each part taken as a ShiftedRow (packs.cuh) with
// room for its partial packs (part + kVec - 1 slots). The launcher checks. SLICES of shared memory:
// 8 (the wide block, up to 256 KB a CTA) or, since the nineteenth session, 13 (stage 08's wider
// block, up to 336 KB) where that takes a row in fewer CTAs (the launcher's wider_pays).
// The plain pointers are cast here, in the kernel: passed through a helper they lose __restrict__
// (stage 08 found its team kernels slower so).
template <class T, int SLICES, bool SHIFTED = false, bool BULK = false>
__global__ void __launch_bounds__(kWideThreads, 1)
    softmax_cluster_wide(const T* __restrict__ x, T* __restrict__ y, int64_t N, int64_t ld, int64_t part) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  extern __shared__ uint4 buf[];
  __shared__ MaxSum mailbox;
  const cg::cluster_group cluster = cg::this_cluster();
  const int64_t C = cluster.num_blocks(), rank = cluster.block_rank(), r = blockIdx.x / C;
  const int64_t begin = rank * part < N ? rank * part : N, end = begin + part < N ? begin + part : N;
  const int n = static_cast<int>(end - begin);
  const int nvec = SHIFTED ? row_pack_count<true>(x + r * ld + begin, n) : static_cast<int>((end - begin) / kVec<T>);
  RowCache<T, kWideThreads, kWideReg, SLICES, BULK> row_cache(buf);
  // 1. Every load of the part in flight: shared memory by cp.async (or bulk copies), then registers.
  if constexpr (SHIFTED) row_cache.load(row_packs<true>(x + r * ld + begin, n), nvec);
  else row_cache.load(reinterpret_cast<const uint4*>(x + r * ld + begin), nvec);
  // 2. The CTA's (max, sum), then the row's, through distributed shared memory.
  const MaxSum row = cluster_merge(cluster, &mailbox, block_allreduce_two_step(row_cache.summary(nvec)));
  auto token = cluster.barrier_arrive();
  // 3. Normalise from registers and shared memory; 16-byte stores.
  if constexpr (SHIFTED) row_cache.store(row_packs<true>(y + r * ld + begin, n), nvec, row);
  else row_cache.store(reinterpret_cast<uint4*>(y + r * ld + begin), nvec, row);
  cluster.barrier_wait(std::move(token));  // no CTA leaves while another may read its mailbox
#else
  (void)x, (void)y, (void)N, (void)ld, (void)part;
  __trap();  // refuse() keeps GPUs without clusters away
#endif
}

// ---- many long rows: the wide CTAs persistent (fourteenth session) ---------------------------
//
// The same CTAs, as many clusters as the GPU holds at once (`held`, the grid). Cluster
// c takes row c first, then the next row not yet taken (a ticket from a counter in global memory,
// taken by CTA 0 while the cluster sums its row and passed on with the summaries), so a fast
// cluster takes more rows, as the hardware's scheduler would give it. While it writes a row, the
// next row's part is already loading into the packs the writes have freed
// (RowCache::store_then_load). The counter is the launcher's, one per stream in flight
// (common/scratch.h): 0 when a launch starts, 0 again when it ends. THREADS: kWideThreads, one CTA
// an SM, or kPairedThreads (sixty-sixth session), the same 8 + 8 packs a thread on half the
// threads, two CTAs an SM.

// The row after the first round that this ticket names (>= M: none left). Each cluster takes
// tickets until it gets one >= M, so a launch takes exactly M tickets: the one that takes ticket
// M - 1 is the last and sets the counter back to 0 for the next launch.
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
__device__ __forceinline__ int64_t take_row(unsigned* tickets, int64_t M, int64_t clusters) {
  const unsigned t = atomicAdd(tickets, 1u);
  if (t == static_cast<unsigned>(M - 1)) atomicExch(tickets, 0u);
  return clusters + t;
}
#endif

constexpr int kPairedThreads = kWideThreads / 2;
template <class T, int SLICES, int THREADS = kWideThreads, bool BULK = false>
__global__ void __launch_bounds__(THREADS, kWideThreads / THREADS)
    softmax_cluster_wide_persistent(const T* __restrict__ x, T* __restrict__ y, int64_t M, int64_t N,
                                    int64_t ld, int64_t part, unsigned* __restrict__ tickets) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  extern __shared__ uint4 buf[];
  __shared__ MaxSum mailbox[2];    // by row parity: row k + 1's is published while row k's may be read
  __shared__ int64_t next_row[2];  // CTA 0's tickets, by the same parity
  const cg::cluster_group cluster = cg::this_cluster();
  const int64_t C = cluster.num_blocks(), rank = cluster.block_rank(), clusters = gridDim.x / C;
  const int64_t begin = rank * part < N ? rank * part : N, end = begin + part < N ? begin + part : N;
  const int nvec = static_cast<int>((end - begin) / kVec<T>);
  auto src = [&](int64_t r) { return reinterpret_cast<const uint4*>(x + r * ld + begin); };
  RowCache<T, THREADS, kWideReg, SLICES, BULK> row_cache(buf);
  // 1. Every load of the first row's part in flight: shared memory by cp.async (or bulk copies), then
  //    registers.
  int64_t r = blockIdx.x / C;  // the launcher sends no more clusters than rows
  row_cache.load(src(r), nvec);
  for (int k = 0; r < M; ++k) {
    if (rank == 0 && threadIdx.x == 0) next_row[k & 1] = take_row(tickets, M, clusters);
    // 2. The CTA's (max, sum), then the row's, through distributed shared memory; the barriers in
    //    both also publish CTA 0's ticket.
    const MaxSum row = cluster_merge(cluster, &mailbox[k & 1], block_allreduce_two_step(row_cache.summary(nvec)));
    const int64_t next = C == 1 ? next_row[k & 1] : *cluster.map_shared_rank(&next_row[k & 1], 0);
    // 3. Normalise from registers and shared memory (16-byte stores), loading the next row's part.
    row_cache.store_then_load(reinterpret_cast<uint4*>(y + r * ld + begin), nvec, row,
                              next < M ? src(next) : nullptr);
    r = next;
  }
  cluster.sync();  // no CTA leaves while another may read its mailbox or ticket
#else
  (void)x, (void)y, (void)M, (void)N, (void)ld, (void)part, (void)tickets;
  __trap();  // refuse() keeps GPUs without clusters away
#endif
}

// ---- launcher ----------------------------------------------------------------------------------

// The part of a row one CTA aims to hold: a row takes the smallest cluster whose parts are at most
// this (3 CTAs share an SM, so one can load while another writes); longer rows take 16 CTAs and
// larger parts, up to the most a CTA may have, then stream (docs/10_cluster.md).
constexpr int64_t kTargetBytes = 64 << 10;

struct Plan {
  bool wide;        // 1024-thread CTAs holding up to 256 KB each (softmax_cluster_wide), or paired
  int cluster;      // CTAs per row
  int64_t part;     // row elements per CTA (a multiple of kVec)
  int64_t tile;     // elements per shared-memory tile (part, unless the part is streamed)
  int64_t smem;     // dynamic shared memory per CTA, bytes
  bool bulk;        // loads by the copy engine (else by the threads); parts form only
  bool persistent = false;  // wide form: a grid of the clusters the GPU holds, rows by ticket
  bool shifted = false;     // wide form: rows off the 16-byte boundary, parts taken as ShiftedRows
  int slices = kWideSmem;   // wide form: shared-memory slices a CTA (8: up to 256 KB; 13: 336 KB)
  int threads = kWideThreads;  // wide form: threads a CTA (kPairedThreads: paired, up to 128 KB)
};

template <class T>
int64_t smem_for(int64_t tile) {
  return (tile / kVec<T> + 1) * 16;  // + one pack: the lead of a misaligned tile
}

// Who loads a part into shared memory: the CTA's threads, 16-byte loads with kBatch in flight
// each (three CTAs per SM, 768 threads, keep enough bytes in flight), or, for a part larger than
// kTargetBytes (one CTA alone on its SM), thread 0 through the copy engine, which keeps the whole
// part in flight. STEP10_LOAD=threads|bulk forces one (docs/10_cluster.md). Read once.
// A knob that takes one of two words: 0 when unset, 1 or 2 for the first or second word; any other
// value is a usage error (one line, exit 2).
int env_word(const char* name, const char* first, const char* second) {
  const char* e = std::getenv(name);
  if (!e || !*e) return 0;
  if (std::strcmp(e, first) == 0) return 1;
  if (std::strcmp(e, second) == 0) return 2;
  std::fprintf(stderr, "error: %s=%s: expected %s or %s\n", name, e, first, second);
  std::exit(kExitUsage);
}

enum class Load { automatic, threads, bulk };
Load forced_load() {
  static const Load l = static_cast<Load>(env_word("STEP10_LOAD", "threads", "bulk"));
  return l;
}
template <class T>
using ClusterKernel = void (*)(const T*, T*, int64_t, int64_t, int64_t, int64_t);
template <class T>
ClusterKernel<T> cluster_kernel(bool bulk) {
  return bulk ? softmax_cluster<T, true> : softmax_cluster<T, false>;
}

// The largest tile: what the GPU lets one CTA opt in to, minus the kernel's static shared memory.
template <class T>
int64_t max_tile(const DeviceInfo& d) {
  static const int64_t static_smem = [] {
    cudaFuncAttributes a{};
    CUDA_CHECK(cudaFuncGetAttributes(&a, cluster_kernel<T>(true)));  // the larger of the two
    return static_cast<int64_t>(a.sharedSizeBytes);
  }();
  return ((d.smem_per_block_optin - static_smem) / 16 - 1) * kVec<T>;
}

// STEP10_CLUSTER=1..16 forces the cluster size (the doc's comparisons); 0 when unset.
int env_choice(const char* name, std::initializer_list<int> allowed) {
  const char* e = std::getenv(name);
  if (!e || !*e) return 0;
  const int v = std::atoi(e);
  for (int a : allowed)
    if (v == a) return v;
  std::fprintf(stderr, "error: %s=%s is not one of the allowed values\n", name, e);
  std::exit(kExitUsage);
}
int forced_cluster() {
  static const int c = env_choice("STEP10_CLUSTER", {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16});
  return c;
}

// STEP10_FORM=parts|wide forces the form (the doc's comparison); read once.
enum class Form { automatic, parts, wide };
Form forced_form() {
  static const Form f = static_cast<Form>(env_word("STEP10_FORM", "parts", "wide"));
  return f;
}

// The wide form's part: at most what a wide CTA of `slices` slices holds (256 KB with 8, 336 KB
// with 13), in elements.
template <class T>
constexpr int64_t wide_max_part(int slices) {
  return int64_t{kWideThreads} * (kWideReg + slices) * kVec<T>;
}
// Dynamic shared memory of a wide CTA of `slices` slices holding `part` elements.
template <class T>
int64_t wide_smem(int64_t part, int slices) {
  return row_cache_smem_bytes(kWideThreads, kWideReg, slices, ceil_div(part, int64_t{kVec<T>}));
}

// Dynamic shared memory of a paired CTA holding `part` elements (rows in whole packs).
template <class T>
int64_t paired_smem(int64_t part) {
  return row_cache_smem_bytes(kPairedThreads, kWideReg, kWideSmem, ceil_div(part, int64_t{kVec<T>}));
}

// STEP10_SLICES=8|13 forces the wide CTAs' shared memory (the doc's comparison); read once.
int forced_slices() {
  static const int s[] = {0, kWideSmem, kWiderSmem};
  static const int f = s[env_word("STEP10_SLICES", "8", "13")];
  return f;
}

template <class T>
int active_clusters(const DeviceInfo& d, const Plan& p);  // below, with the launch configuration

// The wide form by default: rows longer than one 64 KB part, in fp32; in halves (twice the
// exponentials per byte) with 1024 rows or more, or 512 rows longer than 128 KB. Measured on the
// H100 (docs/10_cluster.md, "Wide parts"; results/h100/explore/session13/rules.txt). Halves rows
// off the 16-byte boundary from 64 rows: there the parts form took 5-24% longer than one wide
// cluster per row (explore/session17/halves-67cdf38.txt, next-7899314.txt: 64, 128 and 256 rows
// of 131073 and 262145).
bool wide_by_default(int64_t M, int64_t row_bytes, int64_t elem_bytes, bool shifted) {
  if (row_bytes <= kTargetBytes) return false;
  return elem_bytes == 4 || M >= 1024 || (M >= 512 && row_bytes > (128 << 10)) || (shifted && M >= 64);
}

// How the wide form can take a call's rows: in whole 16-byte packs (N and ld multiples of kVec,
// x and y aligned), shifted (x and y misaligned alike: each part a ShiftedRow), or not at all.
enum class Packs { whole, shifted, none };
template <class T>
Packs packs_of(const T* x, const T* y, int64_t N, int64_t ld) {
  const uintptr_t a = reinterpret_cast<uintptr_t>(x), b = reinterpret_cast<uintptr_t>(y);
  if (N % kVec<T> == 0 && ld % kVec<T> == 0 && (a | b) % 16 == 0) return Packs::whole;
  return same_phase(x, y) ? Packs::shifted : Packs::none;
}

// The slots a wide CTA needs for a part (packs.cuh's shifted_slots: kVec - 1 more when shifted).
template <class T>
int64_t part_slots(int64_t part, bool shifted) {
  return shifted_slots(part, shifted, kVec<T>);
}

// The wider CTAs (13 slices) where they take a row in fewer CTAs than the wide ones (8), from 32
// rows, and where the GPU keeps at least 95% as many SMs busy with their clusters (clusters at
// once x CTAs: a cluster sits in one GPC). Measured on the H100 (explore/session19/
// wider10-406fd4a.txt, slices-cc897d6.txt, edges-d720331.txt): 3 CTAs -> 2 gained 4-12 points at
// 40-2048 rows (117 SMs busy -> 132); 2 -> 1, 5 -> 4 and 6 -> 5 gained 3-7 at 1024-2048 rows; 7 -> 6
// gained 3 at 1024 rows with 3% fewer SMs busy (105 -> 102); 8 -> 7 lost 6-8 at 512 rows with 12.5%
// fewer (120 -> 105); 5 -> 4 lost 2 at 16 rows (80 CTAs -> 64, one wave either way). With as many
// CTAs either way the 13-slice code was 0-3 points slower. Not into clusters of 3 (from 4): on an
// H200, 4 wide CTAs took 12.9-15.2% less time than 3 wider ones at fp32 2048 x 256000 (117 SMs
// busy against 120), 0.5-14.7% on six more shapes of 781-1000 KB rows in every dtype (fifty-fifth
// session, results/h200/explore/session55/models/ and slices/).
template <class T>
bool wider_pays(const DeviceInfo& d, int64_t M, const Plan& wide, const Plan& wider) {
  if (wider.cluster >= wide.cluster || wider.cluster == 3 || M < 32 || wider.smem > d.smem_per_block_optin)
    return false;
  const int64_t busy_wider = int64_t{active_clusters<T>(d, wider)} * wider.cluster;
  return 20 * busy_wider >= 19 * int64_t{active_clusters<T>(d, wide)} * wide.cluster;
}

template <class T>
Plan plan(const DeviceInfo& d, int64_t M, int64_t N, Packs packs, Form f = forced_form()) {
  const int64_t V = kVec<T>, cap = max_tile<T>(d);
  auto part_for = [&](int c) { return ceil_div(ceil_div(N, c), V) * V; };
  const bool wide = f == Form::wide || (f == Form::automatic && wide_by_default(M, N * int64_t{sizeof(T)}, sizeof(T),
                                                                                packs == Packs::shifted));
  if (packs != Packs::none && wide) {
    const bool shifted = packs == Packs::shifted;
    auto fits = [&](int c, int slices) { return part_slots<T>(part_for(c), shifted) <= wide_max_part<T>(slices); };
    // The fewest CTAs that hold the row, any number up to 16 (seventeenth session: a row just past
    // a power of two of CTAs no longer takes twice as many, each half empty).
    auto fewest = [&](int slices) {
      int c = 1;
      while (c < kMaxCluster && !fits(c, slices)) ++c;
      return c;
    };
    auto wide_plan = [&](int c, int slices) {
      const int64_t part = part_for(c);
      const int64_t smem = wide_smem<T>(part_slots<T>(part, shifted), slices);
      return Plan{true, c, part, part, smem, false, false, shifted, slices};
    };
    // 8 slices a CTA, or 13 where that takes fewer CTAs and pays (nineteenth session); a forced
    // cluster takes 13 only when its parts do not fit 8.
    int c = forced_cluster(), slices = forced_slices();
    if (slices == 0 && c == 0) {
      const Plan wide = wide_plan(fewest(kWideSmem), kWideSmem), wider = wide_plan(fewest(kWiderSmem), kWiderSmem);
      slices = wider_pays<T>(d, M, wide, wider) ? kWiderSmem : kWideSmem;
    } else if (slices == 0) {
      slices = fits(c, kWideSmem) ? kWideSmem : kWiderSmem;
    }
    if (c == 0) c = fewest(slices);
    if (fits(c, slices)) return wide_plan(c, slices);
  }
  int c = forced_cluster();
  if (c == 0) {
    c = 1;
    while (c < kMaxCluster && part_for(c) * int64_t{sizeof(T)} > kTargetBytes) c *= 2;
  }
  const int64_t part = part_for(c), tile = part < cap ? part : cap;
  const Load l = forced_load();
  const bool bulk = l == Load::automatic ? tile * int64_t{sizeof(T)} > kTargetBytes : l == Load::bulk;
  return {false, c, part, tile, smem_for<T>(tile), bulk};
}

// The wider CTAs take their slices by bulk copy where a part needs the 13th slice (seventy-first
// session; common/row_cache.cuh): with 208 KB of shared memory an SM keeps 28 KB of L1, through
// which every cp.async passes. Rows in packs, 1024 threads.
template <class T>
bool wider_bulk(const Plan& p) {
  return kBulkSlices && p.wide && p.slices == kWiderSmem && p.threads == kWideThreads && !p.shifted &&
         p.part > wide_max_part<T>(kWiderSmem - 1);
}

// The wide form's kernel: one row per cluster (rows in packs or shifted) or persistent (in packs),
// with 8 or 13 slices (13: by bulk copy, if `bulk`).
template <class T, int SLICES>
const void* wide_kernel(bool shifted, bool persistent, bool bulk) {
  if constexpr (SLICES == kWiderSmem) {
    if (bulk && persistent)
      return reinterpret_cast<const void*>(softmax_cluster_wide_persistent<T, SLICES, kWideThreads, true>);
    if (bulk) return reinterpret_cast<const void*>(softmax_cluster_wide<T, SLICES, false, true>);
  }
  if (persistent) return reinterpret_cast<const void*>(softmax_cluster_wide_persistent<T, SLICES>);
  return shifted ? reinterpret_cast<const void*>(softmax_cluster_wide<T, SLICES, true>)
                 : reinterpret_cast<const void*>(softmax_cluster_wide<T, SLICES, false>);
}
template <class T>
const void* wide_kernel(bool shifted, bool persistent, int slices, int threads = kWideThreads, bool bulk = false) {
  if (threads == kPairedThreads)  // persistent, 8 slices, rows in packs: the only paired form
    return reinterpret_cast<const void*>(softmax_cluster_wide_persistent<T, kWideSmem, kPairedThreads>);
  return slices == kWiderSmem ? wide_kernel<T, kWiderSmem>(shifted, persistent, bulk)
                              : wide_kernel<T, kWideSmem>(shifted, persistent, false);
}

// Once per dtype: the opt-in to the largest shared memory and to 16-CTA clusters.
template <class T>
void set_attributes(const DeviceInfo& d) {
  static const bool done = [&] {
    const int64_t smem = smem_for<T>(max_tile<T>(d));
    for (bool bulk : {false, true}) {
      CUDA_CHECK(cudaFuncSetAttribute(cluster_kernel<T>(bulk), cudaFuncAttributeMaxDynamicSharedMemorySize,
                                      static_cast<int>(smem)));
      CUDA_CHECK(cudaFuncSetAttribute(cluster_kernel<T>(bulk), cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    }
    for (int slices : {kWideSmem, kWiderSmem})
      for (bool shifted : {false, true})
        for (bool persistent : {false, true})
          for (bool bulk : {false, true}) {
            if ((shifted && persistent) || (bulk && (shifted || slices != kWiderSmem))) continue;
            const void* k = wide_kernel<T>(shifted, persistent, slices, kWideThreads, bulk);
            const int64_t smem = wide_smem<T>(wide_max_part<T>(slices), slices);
            if (smem > d.smem_per_block_optin) continue;  // active_clusters() finds no room: the parts form
            CUDA_CHECK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
            CUDA_CHECK(cudaFuncSetAttribute(k, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
          }
    const void* paired = wide_kernel<T>(false, true, kWideSmem, kPairedThreads);
    const int64_t paired_bytes = paired_smem<T>(wide_packs(kPairedThreads) * kVec<T>);
    CUDA_CHECK(
        cudaFuncSetAttribute(paired, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(paired_bytes)));
    CUDA_CHECK(cudaFuncSetAttribute(paired, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    return true;
  }();
  (void)done;
}

// `clusters` clusters of p.cluster CTAs.
cudaLaunchConfig_t launch_config(const Plan& p, int64_t clusters, cudaStream_t stream, cudaLaunchAttribute* attr) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(static_cast<unsigned>(clusters * p.cluster));
  cfg.blockDim = dim3(p.wide ? p.threads : kThreads);
  cfg.dynamicSmemBytes = static_cast<size_t>(p.smem);
  cfg.stream = stream;
  attr->id = cudaLaunchAttributeClusterDimension;
  attr->val.clusterDim.x = static_cast<unsigned>(p.cluster);
  attr->val.clusterDim.y = 1;
  attr->val.clusterDim.z = 1;
  cfg.attrs = attr;
  cfg.numAttrs = 1;
  return cfg;
}

// The kernel of a plan.
template <class T>
const void* plan_kernel(const Plan& p) {
  if (!p.wide) return reinterpret_cast<const void*>(cluster_kernel<T>(p.bulk));
  return wide_kernel<T>(p.shifted, p.persistent, p.slices, p.threads, wider_bulk<T>(p));
}

// Clusters of this plan the GPU can hold at once (0: it cannot launch one). Asked once per
// (dtype, form, cluster size, shared memory, loader, kernel, slices), since the dispatcher asks
// before every call.
template <class T>
int active_clusters(const DeviceInfo& d, const Plan& p) {
  static std::map<std::tuple<bool, int, int64_t, bool, bool, bool, int, int>, int> known;
  const auto key = std::make_tuple(p.wide, p.cluster, p.smem, p.bulk, p.persistent, p.shifted, p.slices, p.threads);
  const auto it = known.find(key);
  if (it != known.end()) return it->second;
  set_attributes<T>(d);
  cudaLaunchAttribute attr;
  cudaLaunchConfig_t cfg = launch_config(p, 1, nullptr, &attr);
  int n = 0;
  CUDA_CHECK(cudaOccupancyMaxActiveClusters(&n, plan_kernel<T>(p), &cfg));
  return known[key] = n;
}

// The wide form persistent (`held` clusters, the most the GPU holds at once) where that was
// measured faster on the H100: clusters of 2 or more, at least 16 rows for each
// (explore/session14/roll2.txt: -0.1 to +4.5 points at 2048 rows of 512 KB to 2 MB, +1.4 or more
// where the one-row kernel was under 95%; 0 to 5.6 points lost with 1-8 rows each, and 1.5 on
// clusters of one). Clusters of one too in halves on the wider CTAs (rows of 257-336 KB), from 2
// rows each: on an H200 0.6-5.7% less time than stage 08's wider block (a block a row) at 264-1056
// rows, within 1.3% at 4096, 2.8% more at 132 (fifty-fifth session, results/h200/explore/
// session55/models/ and slices/). Otherwise a cluster per row (softmax_cluster_wide).
bool persistent_pays(int64_t M, const Plan& p, int64_t elem_bytes, int64_t held) {
  if (p.cluster >= 2) return M >= 16 * held;
  return elem_bytes == 2 && p.slices == kWiderSmem && M >= 2 * held;
}

// STEP10_PERSISTENT=on|off forces the wide form persistent (rows in whole packs, at least as many
// rows as clusters; clusters of one too, which the plan makes persistent only in halves on the
// wider CTAs) or one cluster per row (the doc's comparisons); read once.
enum class Persist { automatic, on, off };
Persist forced_persistent() {
  static const Persist f = static_cast<Persist>(env_word("STEP10_PERSISTENT", "on", "off"));
  return f;
}

// The paired form of a persistent plan in whole packs with 8 slices: CTAs of kPairedThreads, each
// holding up to 128 KB (8 + 8 packs a thread, as the wide CTA), twice as many a row, two an SM.
// Parts are whole 128-byte lines (the last one shorter), so each CTA's part starts on a line where
// the row does; 128 KB is whole lines, so the part still fits.
template <class T>
Plan paired_plan(int64_t N, const Plan& q) {
  const int64_t line = 128 / static_cast<int64_t>(sizeof(T));
  Plan h = q;
  h.threads = kPairedThreads;
  h.cluster = static_cast<int>(ceil_div(ceil_div(N, int64_t{kVec<T>}), wide_packs(kPairedThreads)));
  h.part = ceil_div(ceil_div(N, int64_t{h.cluster}), line) * line;
  h.tile = h.part;
  h.smem = paired_smem<T>(h.part);
  h.slices = kWideSmem;  // from a plan of wider CTAs too
  return h;
}

// STEP10_PAIRED=on|off forces the paired CTAs on every persistent plan of 8 slices in whole packs
// (as many rows as its clusters at least), or off (the doc's comparisons); read once.
enum class Paired { automatic, on, off };
Paired forced_paired() {
  static const Paired f = static_cast<Paired>(env_word("STEP10_PAIRED", "on", "off"));
  return f;
}

// Paired CTAs where they were measured faster (H200):
// - from a persistent plan of 2 wide CTAs of 8 slices, each part at least 7/8 of the 128 KB a
//   paired CTA holds, with 16 rows for each cluster the GPU holds (as the wide clusters persist): 3
//   paired CTAs in every dtype (rows of 336-384 KB), 4 in halves (448-512 KB). fp16 / bf16 2048 x
//   2^18 538 -> 529 us (93.7 -> 95.4% of the copy); 0.6-3.2% less time at 2048 rows of fp16 172544
//   .. 184320, bf16 196608, fp32 86272 .. 98304 and bf16 1536 x 180224 (explore/session66/half/,
//   session67/align/, edges/); level at fp32 4096 x 90112 and fp16 2048 x 229376 / 230400; 1.8%
//   more at fp16 2048 x 221192 (parts 27/32 full). fp32 rows of 512 KB on 4 were 0.2-0.7% slower,
//   of 1 MB on 8 5.0%; fp16 rows of 1 MB on 8 level.
// - from one wide CTA a row (not persistent), in halves, with 4 rows for each cluster: 2 paired
//   CTAs (rows of 128-256 KB), persistent. 7.9-10.9% less time at 528 rows of 224-256 KB, 7.2-8.5%
//   at 768-792 rows of 256 KB (session67/adopt3/rows256m.txt, rows256m2/), and 2.2-4.6% less than
//   one CTA a row at 2048-4096 rows (session66/rows256/); parts need not be 7/8 full here:
//   8.0-11.3% less at 528-768 rows of 160-208 KB (session67/next/below224.txt), 4.8-11.0% at
//   528-1000 rows of 128-208 KB, 3.3-7.5% at 1024-2048 rows (session68/below/, edges/self.txt).
//   fp32 gained 0.8-2.0% at 528-768 rows of 192-256 KB, nothing from 1024, lost 2.0% at
//   528 x 40960; not taken.
// - from a wider CTA a row (rows of 256-336 KB, clusters of one), from more rows than SMs (past one
//   wave of a block an SM): 3 paired CTAs, up to 20 rows for each cluster the GPU holds (79 on an
//   H200), or at any number where the wider CTA needs its 13th slice (rows past 320 KB: from there
//   it runs at 81-88% of the copy, at 94% just below; session70/next/cliff.txt). Halves: 3.1-11.8%
//   less time than the wider CTAs at 528-1024 rows (session68/wider/), 0.8-2.1% at fp16 1100 / 1536
//   x 151936, 1.0% at fp16 2047 x 163840; 0.8-2.1% more at bf16 2048-4096 x 139264 and 2560 x
//   151936, 0.5% at bf16 4096 x 163840; past 320 KB 2.6-11.7% less at 1200-8192 rows
//   (session69/adoptw/, bounds/; session70/next/, bounds/). Against stage 08's wider block, which
//   the dispatcher runs below 512 rows: 5.6-27.6% less at 160-511 rows, 1.0% more at 132
//   (session70/final/low.txt). fp32 (seventieth session, session70/bounds/): 1.9-12.2% less than
//   the wider CTAs at 200-1536 rows, 8.2 / 4.7% at 2048 / 4096 x 86016; 0.3 / 0.7% more at 2048 x
//   69632 and 4096 x 75776; against 08 10.8-23.6% less at 150-175 rows, 1.8% more at 132.
template <class T>
Plan paired_if_it_pays(const DeviceInfo& d, int64_t M, int64_t N, const Plan& q) {
  const Paired f = forced_paired();
  if (f == Paired::off || q.shifted) return q;
  Plan h = paired_plan<T>(N, q);
  h.persistent = true;
  // The forms measured (the GPU is asked how many clusters it holds only for those, or when forced).
  const bool halves = sizeof(T) == 2, full = 8 * h.part >= 7 * wide_packs(kPairedThreads) * int64_t{kVec<T>};
  const bool wide = q.slices == kWideSmem, wider = q.slices == kWiderSmem;
  const bool from_two = wide && q.persistent && q.cluster == 2 && (h.cluster == 3 || (halves && h.cluster == 4));
  const bool from_one = wide && !q.persistent && forced_persistent() != Persist::off && halves && q.cluster == 1 &&
                        h.cluster == 2;
  const bool from_wider = wider && forced_persistent() != Persist::off && q.cluster == 1 && h.cluster == 3;
  const bool thirteenth = q.part > wide_max_part<T>(kWiderSmem - 1);  // the wider CTA's last slice in use
  if (f == Paired::on ? !(wide && q.persistent) : !((full && from_two) || from_one || from_wider)) return q;
  if (h.cluster > kMaxCluster || active_clusters<T>(d, h) < 1) return q;
  const int64_t held = active_clusters<T>(d, h);
  if (from_wider && f != Paired::on) return M > d.sm_count && (thirteenth || M <= 20 * held) ? h : q;
  return M >= (f == Paired::on ? 1 : from_two ? 16 : 4) * held ? h : q;
}

// Below the wide form's rows (halves under 512 rows), rows of 256-336 KB in packs still take 3
// paired CTAs where that pays: the wider CTA's plan, handed to paired_if_it_pays (sixty-ninth
// session: fp16 200 x 151936 on the parts form 57.2 us, session69/confirm/, on forced paired CTAs
// 41.1, bounds/lower.txt).
template <class T>
Plan paired_below_wide(const DeviceInfo& d, int64_t M, int64_t N, Packs packs, const Plan& p) {
  if (sizeof(T) != 2 || packs != Packs::whole || forced_form() != Form::automatic) return p;
  const Plan w = plan<T>(d, M, N, packs, Form::wide);
  if (!w.wide || w.slices != kWiderSmem || w.cluster != 1 || active_clusters<T>(d, w) < 1) return p;
  const Plan h = paired_if_it_pays<T>(d, M, N, w);
  return h.threads == kPairedThreads ? h : p;
}

// The plan a call runs: the wide form when the rows allow it and its cluster fits the GPU
// (persistent where that pays, for rows in whole packs), else the parts form (which refuse() has
// checked). Shifted rows take one cluster each: persistent, such rows ran 4-16 points slower than
// one cluster per row (explore/session17/persist-832d42a.txt; the kernel spilled 72-96 bytes a
// thread under the 64-register cap) and it was dropped.
template <class T>
Plan call_plan(const DeviceInfo& d, int64_t M, int64_t N, Packs packs) {
  Plan p = plan<T>(d, M, N, packs);
  if (!p.wide) return paired_below_wide<T>(d, M, N, packs, p);
  if (active_clusters<T>(d, p) < 1) return plan<T>(d, M, N, Packs::none);
  if (p.shifted) return p;
  Plan q = p;
  q.persistent = true;
  const Persist f = forced_persistent();
  if (f != Persist::automatic) q = f == Persist::on && M >= active_clusters<T>(d, q) ? q : p;
  else q = persistent_pays(M, q, sizeof(T), active_clusters<T>(d, q)) ? q : p;
  return paired_if_it_pays<T>(d, M, N, q);
}

// A wide plan's kernel with SLICES slices: persistent, or a cluster per row (shifted or in packs);
// BULK: the wider CTAs' slices by bulk copy.
template <class T, int SLICES, bool BULK = false>
void launch_wide(const cudaLaunchConfig_t& cfg, const Plan& p, const T* x, T* y, int64_t M, int64_t N, int64_t ld,
                 cudaStream_t stream) {
  if constexpr (SLICES == kWiderSmem && !BULK) {
    if (wider_bulk<T>(p)) return launch_wide<T, SLICES, true>(cfg, p, x, y, M, N, ld, stream);
  }
  if (p.persistent) {
    const StreamScratch tickets("10 row tickets", sizeof(unsigned), stream);  // this stream's counter
    unsigned* const t = static_cast<unsigned*>(tickets.get());
    if (p.threads == kPairedThreads)
      CUDA_CHECK(cudaLaunchKernelEx(&cfg, softmax_cluster_wide_persistent<T, kWideSmem, kPairedThreads>, x, y, M, N,
                                    ld, p.part, t));
    else
      CUDA_CHECK(cudaLaunchKernelEx(&cfg, softmax_cluster_wide_persistent<T, SLICES, kWideThreads, BULK>, x, y, M, N,
                                    ld, p.part, t));
  } else if (BULK) {
    CUDA_CHECK(cudaLaunchKernelEx(&cfg, softmax_cluster_wide<T, SLICES, false, BULK>, x, y, N, ld, p.part));
  } else {
    CUDA_CHECK(p.shifted ? cudaLaunchKernelEx(&cfg, softmax_cluster_wide<T, SLICES, true>, x, y, N, ld, p.part)
                         : cudaLaunchKernelEx(&cfg, softmax_cluster_wide<T, SLICES, false>, x, y, N, ld, p.part));
  }
}

template <class T>
void launch_typed(const T* x, T* y, int64_t M, int64_t N, int64_t ld, cudaStream_t stream) {
  const DeviceInfo& d = device_info();
  set_attributes<T>(d);
  const Plan p = call_plan<T>(d, M, N, packs_of(x, y, N, ld));
  // Persistent: the clusters the GPU holds at once, rows by ticket; otherwise a cluster per row.
  cudaLaunchAttribute attr;
  const cudaLaunchConfig_t cfg = launch_config(p, p.persistent ? active_clusters<T>(d, p) : M, stream, &attr);
  if (!p.wide) CUDA_CHECK(cudaLaunchKernelEx(&cfg, cluster_kernel<T>(p.bulk), x, y, N, ld, p.part, p.tile));
  else if (p.slices == kWiderSmem) launch_wide<T, kWiderSmem>(cfg, p, x, y, M, N, ld, stream);
  else launch_wide<T, kWideSmem>(cfg, p, x, y, M, N, ld, stream);
}

void launch_f32(const float* x, float* y, int64_t M, int64_t N, cudaStream_t s) { launch_typed(x, y, M, N, N, s); }
void launch_f16(const __half* x, __half* y, int64_t M, int64_t N, cudaStream_t s) { launch_typed(x, y, M, N, N, s); }
void launch_bf16(const __nv_bfloat16* x, __nv_bfloat16* y, int64_t M, int64_t N, cudaStream_t s) {
  launch_typed(x, y, M, N, N, s);
}
void launch_strided(DType t, const void* x, void* y, int64_t M, int64_t N, int64_t ld, cudaStream_t s) {
  with_element_type(t, [&](auto tag) {
    using T = decltype(tag);
    launch_typed(static_cast<const T*>(x), static_cast<T*>(y), M, N, ld, s);
  });
}

// --explain --rows/--cols and stage 11's --plan: the plan launch_typed makes for M x N, rows packed
// and x, y from cudaMalloc (16-byte aligned: in whole packs when N is a multiple of kVec, else
// shifted), in one line.
template <class T>
std::string plan_note_typed(const DeviceInfo& d, int64_t M, int64_t N) {
  set_attributes<T>(d);
  const Plan p = call_plan<T>(d, M, N, N % kVec<T> == 0 ? Packs::whole : Packs::shifted);
  const std::string cluster = "clusters of " + std::to_string(p.cluster) + " CTAs of ";
  const std::string grid = p.persistent ? "persistent on " + std::to_string(active_clusters<T>(d, p)) + " clusters"
                                        : "a cluster a row";
  if (!p.wide)
    return "parts form: " + cluster + std::to_string(kThreads) + " threads, parts of " + std::to_string(p.part) +
           " elements in tiles of " + std::to_string(p.tile) + (p.bulk ? " by bulk copies, " : ", ") + grid;
  const std::string form = p.threads == kPairedThreads ? "paired CTAs: " : "wide form: ";
  return form + cluster + std::to_string(p.threads) + " threads, " + std::to_string(p.slices) + " slices, parts of " +
         std::to_string(p.part) + " elements" + (p.shifted ? " (shifted)" : "") + ", " + grid;
}
std::string plan_note(const DeviceInfo& d, DType t, int64_t M, int64_t N) {
  return with_element_type(t, [&](auto tag) { return plan_note_typed<decltype(tag)>(d, M, N); });
}

// ---- what the stage takes ------------------------------------------------------------------------

template <class T>
std::string refuse_typed(const DeviceInfo& d, int64_t M, int64_t N) {
  if (d.cc_major < 9 || !d.cluster_launch)
    return "this GPU has no thread block clusters (compute capability 9.0 or later); stages 05-09 run here";
  const Plan p = plan<T>(d, M, N, Packs::none);  // the wide form falls back to it: launch_typed
  if (M * p.cluster > INT_MAX)
    return "M x cluster size (" + std::to_string(p.cluster) + ") is more than 2^31 - 1 CTAs";
  if (active_clusters<T>(d, p) < 1)
    return "a cluster of " + std::to_string(p.cluster) + " CTAs with " + std::to_string(p.smem) +
           " bytes of shared memory each does not fit this GPU";
  return "";
}

std::string refuse(const DeviceInfo& d, DType t, int64_t M, int64_t N) {
  return with_element_type(t, [&](auto tag) { return refuse_typed<decltype(tag)>(d, M, N); });
}

int64_t max_cols(const DeviceInfo&, DType) { return 0; }  // any N: long parts are streamed

// --explain: the kernel at the per-CTA shared memory of a few row lengths.
template <class T>
std::vector<KernelConfig> explain_typed(const DeviceInfo& d) {
  set_attributes<T>(d);
  std::vector<KernelConfig> out;
  for (int64_t n : {int64_t{4096}, int64_t{32768}, int64_t{1} << 18, int64_t{1} << 19, int64_t{1} << 20}) {
    const Plan p = plan<T>(d, 2048, n, Packs::none);
    out.push_back({"softmax_cluster, N = " + std::to_string(n) + ", cluster " + std::to_string(p.cluster) +
                       (p.bulk ? ", bulk copies" : ", threads load"),
                   plan_kernel<T>(p), kThreads, p.smem, 0});
  }
  // The wide form: a full part per CTA, 256 KB with 8 slices and 336 KB with 13 (shifted: the
  // largest part that leaves room for the partial packs, at the longest row it takes).
  // Cluster sizes the plans use, and those of the doc's comparison of the two (wider_pays); the
  // persistent kernel on clusters of 2 or more, and of one in halves' wider CTAs (persistent_pays).
  const std::pair<int, std::vector<int>> forms[] = {{kWideSmem, {1, 2, 3, 4, 5, 6, 8}},
                                                    {kWiderSmem, {1, 2, 3, 4, 5, 6, 7}}};
  for (const auto& [slices, sizes] : forms)
    for (bool shifted : {false, true})
      for (bool persistent : {false, true})
        for (int c : sizes) {
          const bool one_persists = slices == kWiderSmem && sizeof(T) == 2;
          if (persistent && (shifted || (c == 1 && !one_persists))) continue;
          const int64_t part = shifted ? wide_max_part<T>(slices) - kVec<T> : wide_max_part<T>(slices);
          const int64_t n = c * part - (shifted ? 1 : 0);
          const Plan p = {true,       c,          part,    part, wide_smem<T>(part_slots<T>(part, shifted), slices),
                          false,      persistent, shifted, slices};
          if (p.smem > d.smem_per_block_optin) continue;
          out.push_back({std::string(persistent ? "softmax_cluster_wide_persistent" : "softmax_cluster_wide") +
                             (shifted ? " shifted" : "") + ", " + std::to_string(slices) + " slices, N = " +
                             std::to_string(n) + ", cluster " + std::to_string(c) + ", " +
                             std::to_string(active_clusters<T>(d, p)) + " clusters at once" +
                             (wider_bulk<T>(p) ? ", slices by bulk copy" : ""),
                         plan_kernel<T>(p), kWideThreads, p.smem, int64_t{kWideReg + slices} * kVec<T>});
        }
  // The paired CTAs (persistent, 8 slices, rows in packs), full parts, 2-4 a row: the plans' in
  // halves, STEP10_PAIRED=on's in fp32.
  for (int c : {2, 3, 4}) {
    const int64_t full = int64_t{wide_packs(kPairedThreads)} * kVec<T>, part = wide_max_part<T>(kWideSmem);
    const Plan h = paired_plan<T>(c * full, Plan{true, 2, part, part, 0, false, true, false, kWideSmem});
    out.push_back({"softmax_cluster_wide_persistent paired, 8 slices, N = " + std::to_string(c * full) +
                       ", cluster " + std::to_string(h.cluster) + ", " + std::to_string(active_clusters<T>(d, h)) +
                       " clusters at once",
                   plan_kernel<T>(h), kPairedThreads, h.smem, int64_t{kWideReg + kWideSmem} * kVec<T>});
  }
  return out;
}
std::vector<KernelConfig> explain(const DeviceInfo& d, DType t) {
  return with_element_type(t, [&](auto tag) { return explain_typed<decltype(tag)>(d); });
}

std::vector<Shape> sweep() {
  std::vector<Shape> s = sweep_m2048();  // many rows, N = 2^10 .. 2^18
  // Fewer, longer rows, 128 MB of fp32 each: the cluster grows to 16 CTAs, then the part streams.
  for (int64_t m = 256, n = int64_t{1} << 17; m >= 32; m /= 2, n *= 2) s.push_back({m, n});
  s.push_back({4, int64_t{1} << 20});
  return s;
}

const Stage stage10 = {"10",        "cluster",
                       "a row per thread-block cluster: the part in shared memory, (max, sum) through DSMEM",
                       launch_f32,  launch_f16,
                       launch_bf16, refuse,
                       max_cols,    sweep(),
                       explain,     launch_strided,
                       false,       plan_note};

}  // namespace

SOFTMAX_STAGE(stage10)
