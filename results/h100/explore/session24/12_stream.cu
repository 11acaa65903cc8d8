// Stage 12 — few long rows streamed through L2: read from HBM once, read again from L2, written once.
//
// New here: stages 09 and 10 hold a row on chip from its read to its write, so a row is read whole
// before any of it is written, and memory idles at every round's barrier. Here nothing is held.
// The rows are cut into tiles and one queue of tasks walks them in order. Task k
//   (a) summarises tile k: its (max, sum), the tile read from HBM with an L2 evict_last hint, and
//   (b) normalises tile k - D: read again, from L2 this time (evict_first), y written (evict_first),
// with the lag D = T + G (T tiles a row, G blocks): by then tile k - D's row has been summarised.
// Each block takes the next task from an atomic ticket, so no block waits at a barrier and a slow
// block takes fewer tasks; the last block to summarise a row merges the row's tile summaries and
// raises the row's flag. HBM sees one read and one write per element, mixed as in a copy, and L2
// holds about one row plus a tile per block. Rows longer than L2 fall out of it (a third pass).
//
// PREPARED in the twenty-fourth session; RUN in the twenty-sixth (H100, b40a183): correct (every
// test-gpu case passed) and 1-31% SLOWER than stage 09 on all 17 few-row shapes timed, so not
// adopted (results/h100/explore/session26/). It compiles for sm_80 and sm_90 as
// steps/12_stream.cu, without spills (56-64 registers with 32 KB tiles: 2 blocks of 512 a SM).
// results/h100/session24.run.sh copies it into steps/, builds, checks it, runs test-gpu on it and
// times it beside stage 11; docs/11_dispatch.md ("Next: a row on the whole chip") has the design,
// the prediction and what was measured.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "cuda_check.cuh"
#include "online_stats.cuh"  // fold, keep_nan (stage 06)
#include "packs.cuh"         // 16-byte packs of any dtype (stage 08)
#include "reduce.cuh"
#include "scratch.h"
#include "stage.h"

namespace {

constexpr int kThreads = 512;                     // threads per block
constexpr int kPacks = 4;                         // 16-byte packs per thread per tile: 32 KB tiles
constexpr int64_t kMaxRows = int64_t{1} << 17;    // rows a call may have (one flag pair each)
constexpr int64_t kMaxTiles = int64_t{1} << 20;   // tile summaries the workspace holds (8 MB)

// ---- L2 hints (sm_80+) ---------------------------------------------------------------------
// keep: evict_last, for the first read of a tile (it is read again soon). drop: evict_first, for
// its second read and for y (neither is read again). hints = false: evict_normal for both (a probe
// knob, STEP12_HINTS=0).
__device__ __forceinline__ uint64_t l2_keep(bool hints) {
  uint64_t p;
  if (hints) asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(p));
  else asm volatile("createpolicy.fractional.L2::evict_normal.b64 %0, 1.0;" : "=l"(p));
  return p;
}
__device__ __forceinline__ uint64_t l2_drop(bool hints) {
  uint64_t p;
  if (hints) asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(p));
  else asm volatile("createpolicy.fractional.L2::evict_normal.b64 %0, 1.0;" : "=l"(p));
  return p;
}
__device__ __forceinline__ uint4 load16(const void* p, uint64_t policy) {
  uint4 v;
  asm volatile("ld.global.nc.L2::cache_hint.v4.u32 {%0, %1, %2, %3}, [%4], %5;"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
               : "l"(p), "l"(policy));
  return v;
}
__device__ __forceinline__ void store16(void* p, const uint4& v, uint64_t policy) {
  asm volatile("st.global.L2::cache_hint.v4.b32 [%0], {%1, %2, %3, %4}, %5;" ::"l"(p), "r"(v.x), "r"(v.y),
               "r"(v.z), "r"(v.w), "l"(policy)
               : "memory");
}
__device__ __forceinline__ unsigned load_acquire(const unsigned* p) {
  unsigned v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void store_release(unsigned* p, unsigned v) {
  asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
// atomicAdd that publishes this thread's earlier writes and sees those published before it.
__device__ __forceinline__ unsigned add_acq_rel(unsigned* p, unsigned v) {
  unsigned old;
  asm volatile("atom.acq_rel.gpu.global.add.u32 %0, [%1], %2;" : "=r"(old) : "l"(p), "r"(v) : "memory");
  return old;
}

// ---- the queue: what the blocks share, zero between launches --------------------------------
struct Queue {
  unsigned* ticket;    // the next task to hand out
  unsigned* finished;  // blocks that have left
  unsigned* arrived;   // per row: its tiles summarised so far
  unsigned* ready;     // per row: 1 once row_sum holds the row's summary
  MaxSum* row_sum;     // per row: (max, sum)
  MaxSum* tile_sum;    // per tile: (max, sum)
};

// ---- one tile of one row, as packs ------------------------------------------------------------
// A row whose first element lies h elements past a 16-byte boundary is taken as the packs from
// that boundary on (stage 08's shifted packs, packs.cuh): pack v holds elements [vV - h, vV - h + V).
// Tile t of a row is its packs [t P kThreads, (t + 1) P kThreads): thread i holds packs
// t P kThreads + u kThreads + i, u < P. Only a row's first and last packs can be partial (SHIFTED
// rows only): they are read and written element by element, -inf standing for elements outside it.
template <class T, int P, bool SHIFTED>
struct RowTile {
  static constexpr int V = kVec<T>;
  const T* x;     // the row's first element
  int64_t n;      // the row's length
  int h;          // its misalignment, in elements (0 unless SHIFTED)
  int64_t first;  // the tile's first pack
  __device__ __forceinline__ int64_t pack(int u) const { return first + int64_t{u} * kThreads + threadIdx.x; }
  __device__ __forceinline__ int64_t elem(int64_t v) const { return v * V - h; }  // pack v's first element
  __device__ __forceinline__ bool whole(int64_t v) const { return elem(v) >= 0 && elem(v) + V <= n; }
  __device__ __forceinline__ bool touches(int64_t v) const { return elem(v) < n; }

  // Pack u of this thread: one 16-byte load with `policy`, element by element at the row's
  // edges, -inf past its end.
  __device__ __forceinline__ uint4 load(int u, uint64_t policy) const {
    const int64_t v = pack(u);
    if constexpr (SHIFTED) {
      if (!whole(v)) {
        T el[V];
#pragma unroll
        for (int k = 0; k < V; ++k) {
          const int64_t e = elem(v) + k;
          el[k] = e >= 0 && e < n ? x[e] : static_cast<T>(-INFINITY);
        }
        uint4 p;
        memcpy(&p, el, 16);
        return p;
      }
    }
    return touches(v) ? load16(x + elem(v), policy) : neg_inf_pack<T>();
  }
};

template <class T, int P, bool SHIFTED>
__device__ __forceinline__ RowTile<T, P, SHIFTED> row_tile(const T* x, int64_t N, int64_t tiles_per_row,
                                                           int64_t tile) {
  const int64_t r = tile / tiles_per_row;
  const T* row = x + r * N;
  return {row, N, SHIFTED ? pack_misalignment(row) : 0, (tile % tiles_per_row) * P * kThreads};
}

// ---- (a) summarise a tile ---------------------------------------------------------------------
// Every thread folds its packs, the block reduces; thread 0 files the tile's summary, and the
// block that files a row's last tile merges them all into the row's summary and raises its flag.
template <class T, int P>
__device__ __forceinline__ void summarise_tile(const uint4 (&a)[P], int64_t tile, int64_t tiles_per_row,
                                               const Queue& q) {
  __shared__ bool s_last;
  float v[P * kVec<T>];
#pragma unroll
  for (int u = 0; u < P; ++u) {
    float f[kVec<T>];
    unpack<T>(a[u], f);
#pragma unroll
    for (int k = 0; k < kVec<T>; ++k) v[u * kVec<T> + k] = f[k];
  }
  MaxSum s = maxsum_identity();
  fold(s, v);
  s = block_allreduce_two_step(keep_nan(s));
  const int64_t r = tile / tiles_per_row;
  if (threadIdx.x == 0) {
    q.tile_sum[tile] = s;
    s_last = add_acq_rel(q.arrived + r, 1u) == tiles_per_row - 1;
  }
  __syncthreads();
  if (!s_last) return;
  // The row's last tile: merge the row's tile summaries (from L2: other blocks wrote them).
  MaxSum row = maxsum_identity();
  for (int64_t i = threadIdx.x; i < tiles_per_row; i += kThreads) {
    const float2 t = __ldcg(reinterpret_cast<const float2*>(q.tile_sum + r * tiles_per_row + i));
    row = maxsum_merge(row, MaxSum{t.x, t.y});
  }
  row = block_allreduce_two_step(keep_nan(row));
  if (threadIdx.x == 0) {
    q.row_sum[r] = row;
    store_release(q.ready + r, 1u);
  }
}

// ---- (b) normalise a tile ---------------------------------------------------------------------
// y = exp(x - max) / sum over the tile, x read again (from L2, the last time). y is written in
// 16-byte packs when it lies as far past a boundary as x (same_phase), else element by element.
template <class T, int P, bool SHIFTED>
__device__ __forceinline__ void normalise_tile(const RowTile<T, P, SHIFTED>& t, T* yrow, bool y_same_phase, float m,
                                               float inv, uint64_t drop) {
  constexpr int V = kVec<T>;
  uint4 b[P];
#pragma unroll
  for (int u = 0; u < P; ++u) b[u] = t.load(u, drop);
#pragma unroll
  for (int u = 0; u < P; ++u) {
    const int64_t v = t.pack(u);
    if (!t.touches(v)) continue;
    float f[V];
    unpack<T>(b[u], f);
#pragma unroll
    for (int k = 0; k < V; ++k) f[k] = __expf(f[k] - m) * inv;
    const uint4 p = pack<T>(f);
    if constexpr (SHIFTED) {
      if (!y_same_phase || !t.whole(v)) {
        T el[V];
        memcpy(el, &p, 16);
#pragma unroll
        for (int k = 0; k < V; ++k)
          if (t.elem(v) + k >= 0 && t.elem(v) + k < t.n) yrow[t.elem(v) + k] = el[k];
        continue;
      }
    }
    store16(yrow + t.elem(v), p, drop);
  }
}

// ---- the kernel ---------------------------------------------------------------------------------
// A persistent grid of G blocks takes tasks 0 .. M T + lag - 1 from q.ticket. A task waits only for
// tiles handed out before it, which blocks that are running hold, so any grid size is safe.
template <class T, int P, bool SHIFTED>
__global__ __launch_bounds__(kThreads, 2) void stream_rows(const T* __restrict__ x, T* __restrict__ y, int64_t M,
                                                           int64_t N, int64_t tiles_per_row, int64_t lag,
                                                           bool y_same_phase, bool hints, Queue q) {
  __shared__ unsigned s_next;
  __shared__ float s_m, s_inv;
  __shared__ bool s_last_out;
  const int64_t tiles = M * tiles_per_row, tasks = tiles + lag;
  const uint64_t keep = l2_keep(hints), drop = l2_drop(hints);
  int64_t known_row = -1;  // the row whose (max, 1/sum) this block holds
  float m = 0.0f, inv = 0.0f;
  if (threadIdx.x == 0) s_next = atomicAdd(q.ticket, 1u);
  __syncthreads();
  for (int64_t k = s_next; k < tasks; k = s_next) {
    __syncthreads();  // every thread has read s_next
    // (a) tile k's loads, from HBM, kept in L2 for their second read
    uint4 a[P];
    const bool summarise = k < tiles;
    if (summarise) {
      const RowTile<T, P, SHIFTED> t = row_tile<T, P, SHIFTED>(x, N, tiles_per_row, k);
#pragma unroll
      for (int u = 0; u < P; ++u) a[u] = t.load(u, keep);
    }
    if (threadIdx.x == 0) s_next = atomicAdd(q.ticket, 1u);  // the next task, asked for while they fly
    // (b) tile k - lag: its row's summary (wait for the flag the first time), then y
    const int64_t j = k - lag;
    if (j >= 0) {
      const int64_t r = j / tiles_per_row;
      if (r != known_row) {
        if (threadIdx.x == 0) {
          while (load_acquire(q.ready + r) == 0) __nanosleep(64);
          const float2 s = __ldcg(reinterpret_cast<const float2*>(q.row_sum + r));
          s_m = s.x;
          s_inv = 1.0f / s.y;
        }
        __syncthreads();
        m = s_m, inv = s_inv, known_row = r;
      }
      normalise_tile(row_tile<T, P, SHIFTED>(x, N, tiles_per_row, j), y + r * N, y_same_phase, m, inv, drop);
    }
    // (a) tile k's summary
    if (summarise) summarise_tile<T, P>(a, k, tiles_per_row, q);
    __syncthreads();  // s_next is written; s_m, s_inv read
  }
  // The last block out leaves the queue zero for the next launch.
  if (threadIdx.x == 0) s_last_out = add_acq_rel(q.finished, 1u) == gridDim.x - 1;
  __syncthreads();
  if (!s_last_out) return;
  for (int64_t r = threadIdx.x; r < M; r += kThreads) q.arrived[r] = 0, q.ready[r] = 0;
  if (threadIdx.x == 0) *q.ticket = 0, *q.finished = 0;
}

// ---- the launcher ------------------------------------------------------------------------------

// Tiles a row takes: its packs (one more when shifted, for the partial first pack) over a tile's.
int64_t tiles_per_row(int64_t N, int vec, bool shifted, int packs = kPacks) {
  return ceil_div(ceil_div(N + (shifted ? vec - 1 : 0), vec), int64_t{packs} * kThreads);
}

// "" when the workspace holds M rows of `tpr` tiles, else why not.
std::string queue_refusal(int64_t M, int64_t tpr) {
  if (M > kMaxRows) return "more than " + std::to_string(kMaxRows) + " rows (this stage is for few long rows)";
  if (M * tpr > kMaxTiles) return "more than " + std::to_string(kMaxTiles) + " tiles";
  return "";
}

// The probe knobs (docs/11_dispatch.md, "Next"), read once: STEP12_LAG_WAVES=w (the lag is T + w G tiles,
// default 1), STEP12_HINTS=0 (no L2 hints), STEP12_PACKS=2 (16 KB tiles instead of 32 KB),
// STEP12_BLOCKS_PER_SM=b (at most b blocks a SM instead of as many as fit).
int64_t env_knob(const char* name, int64_t fallback, int64_t lo, int64_t hi) {
  const char* e = std::getenv(name);
  if (!e || !*e) return fallback;
  char* end = nullptr;
  const long long v = std::strtoll(e, &end, 10);
  if (*end || v < lo || v > hi) {
    std::fprintf(stderr, "error: %s=%s: expected %lld..%lld\n", name, e, static_cast<long long>(lo),
                 static_cast<long long>(hi));
    std::exit(kExitUsage);
  }
  return v;
}
struct Knobs {
  int64_t lag_waves, hints, packs, blocks_per_sm;
};
const Knobs& knobs() {
  static const Knobs k{env_knob("STEP12_LAG_WAVES", 1, 0, 64), env_knob("STEP12_HINTS", 1, 0, 1),
                       env_knob("STEP12_PACKS", kPacks, 2, 4), env_knob("STEP12_BLOCKS_PER_SM", 32, 1, 32)};
  if (k.packs != 2 && k.packs != 4) {
    std::fprintf(stderr, "error: STEP12_PACKS=%lld: expected 2 or 4\n", static_cast<long long>(k.packs));
    std::exit(kExitUsage);
  }
  return k;
}

template <class T>
bool off_boundary(const T* p) { return reinterpret_cast<uintptr_t>(p) % 16 != 0; }

template <class T, int P, bool SHIFTED>
const void* kernel_for() { return reinterpret_cast<const void*>(stream_rows<T, P, SHIFTED>); }

// Blocks of the kernel that fit one SM (read once per kernel).
template <class T, int P, bool SHIFTED>
int blocks_per_sm() {
  static const int b = [] {
    int n = 0;
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, stream_rows<T, P, SHIFTED>, kThreads, 0));
    return n;
  }();
  return b;
}

constexpr size_t kQueueBytes = 256 + 2 * kMaxRows * sizeof(unsigned) + (kMaxRows + kMaxTiles) * sizeof(MaxSum);

Queue queue_in(void* ws) {
  char* p = static_cast<char*>(ws);
  Queue q;
  q.ticket = reinterpret_cast<unsigned*>(p);
  q.finished = q.ticket + 1;
  q.arrived = reinterpret_cast<unsigned*>(p + 256);
  q.ready = q.arrived + kMaxRows;
  q.row_sum = reinterpret_cast<MaxSum*>(q.ready + kMaxRows);
  q.tile_sum = q.row_sum + kMaxRows;
  return q;
}

template <class T, int P, bool SHIFTED>
void launch_queue(const T* x, T* y, int64_t M, int64_t N, cudaStream_t stream) {
  const int64_t tpr = tiles_per_row(N, kVec<T>, SHIFTED, P);
  if (const std::string why = queue_refusal(M, tpr); !why.empty()) {  // off the boundary or 16 KB tiles
    std::fprintf(stderr, "error: stage 12 with these pointers and STEP12_PACKS: %s\n", why.c_str());
    std::exit(kExitUsage);
  }
  const Knobs& kn = knobs();
  const int64_t per_sm = std::min<int64_t>(blocks_per_sm<T, P, SHIFTED>(), kn.blocks_per_sm);
  const int64_t grid = std::min(per_sm * device_info().sm_count, M * tpr);
  const int64_t lag = tpr + kn.lag_waves * grid;
  const StreamScratch workspace("12 queue", kQueueBytes, stream);
  stream_rows<T, P, SHIFTED><<<static_cast<unsigned>(grid), kThreads, 0, stream>>>(
      x, y, M, N, tpr, lag, same_phase(x, y), kn.hints != 0, queue_in(workspace.get()));
  CUDA_CHECK_LAUNCH();
}

template <class T, int P>
void launch_packs(const T* x, T* y, int64_t M, int64_t N, cudaStream_t stream) {
  if (N % kVec<T> != 0 || off_boundary(x) || off_boundary(y)) launch_queue<T, P, true>(x, y, M, N, stream);
  else launch_queue<T, P, false>(x, y, M, N, stream);
}

template <class T>
void launch_t(const T* x, T* y, int64_t M, int64_t N, cudaStream_t stream) {
  if (knobs().packs == 2) launch_packs<T, 2>(x, y, M, N, stream);
  else launch_packs<T, kPacks>(x, y, M, N, stream);
}

void launch_f32(const float* x, float* y, int64_t M, int64_t N, cudaStream_t s) { launch_t(x, y, M, N, s); }
void launch_f16(const __half* x, __half* y, int64_t M, int64_t N, cudaStream_t s) { launch_t(x, y, M, N, s); }
void launch_bf16(const __nv_bfloat16* x, __nv_bfloat16* y, int64_t M, int64_t N, cudaStream_t s) {
  launch_t(x, y, M, N, s);
}

// ---- what the stage takes ------------------------------------------------------------------

std::string refuse(const DeviceInfo& d, DType t, int64_t M, int64_t N) {
  if (d.cc_major < 8) return "needs sm_80 or newer (L2 cache hints)";
  const int vec = 16 / static_cast<int>(dtype_size(t));
  return queue_refusal(M, tiles_per_row(N, vec, N % vec != 0));
}

int64_t max_cols(const DeviceInfo&, DType) { return 0; }  // any N

// elems_per_thread 0: the kernel streams, holding one tile's packs per thread at a time.
template <class T>
std::vector<KernelConfig> explain_t() {
  return {{"stream_rows, rows in packs", kernel_for<T, kPacks, false>(), kThreads, 0, 0},
          {"stream_rows, shifted rows", kernel_for<T, kPacks, true>(), kThreads, 0, 0},
          {"stream_rows, 16 KB tiles (STEP12_PACKS=2)", kernel_for<T, 2, false>(), kThreads, 0, 0}};
}
std::vector<KernelConfig> explain(const DeviceInfo&, DType t) {
  return with_element_type(t, [](auto tag) { return explain_t<decltype(tag)>(); });
}

// Stage 09's few-row shapes from 2^16 up (M = 1, 4, 8; the 2^26 vector), and 16-64 rows of 2^20.
std::vector<Shape> sweep() {
  std::vector<Shape> s;
  for (int64_t m : {1, 4, 8})
    for (int64_t n = int64_t{1} << 16; n <= (int64_t{1} << 25); n *= 2) s.push_back({m, n});
  s.push_back({1, int64_t{1} << 26});
  for (int64_t m : {16, 32, 64}) s.push_back({m, int64_t{1} << 20});
  return s;
}

const Stage stage12 = {"12", "stream",
                       "few long rows streamed through L2: a queue of tiles, each read from HBM once and again "
                       "from L2, summaries merged per row, no barrier",
                       launch_f32, launch_f16, launch_bf16, refuse, max_cols, sweep(), explain};

}  // namespace

SOFTMAX_STAGE(stage12)
