// Stage 12 — a few long rows on the whole chip: each SM streams tiles of 32 KB through a ring of
// shared-memory slots, rows are read once and written once, and one row's (max, sum) is settled
// through L2 while the next rows are still loading. No grid barrier anywhere.
//
// New here: warp specialisation. One block per SM, its 21 warps split by role, meeting only at
// mbarriers and flags in shared memory, never at a block barrier:
//   * a producer warp (one lane) refills slot i % S with tile i once every compute thread has
//     released tile i - S (mbarriers `full` / `empty`, as in a TMA pipeline), one copy in flight;
//   * 16 compute warps fold each tile into a running (max, sum) as it lands and, after the block's
//     last tile of a row, leave their parts (mbarrier `folded`); they write a tile from its slot
//     once its row is published, then release the slot, so folding runs up to S tiles ahead;
//   * 3 filer warps (rows in turn) merge the 16 parts and file the block's part of the row in
//     global memory as one 64-bit word; the last block to file a row merges every block's part
//     into the row's summary word (max, 1 / sum);
//   * a poller warp reads the summary words of the rows this block has filed and publishes them.
// A block's tiles are g = b, b + G, b + 2G, ... of the matrix cut into tiles, so every row is spread
// over up to G blocks and a block's share of a row fits its ring: by induction on the rows, none
// waits forever. docs/12_ring.md has the arithmetic, the timelines and the measurements.
// Limits: sm_90 (bulk copies), a cooperative launch (every block resident), at most 4096 rows, a
// row of at most S x 32 KB x G (29 MB on an H100). Rows not in 16-byte packs or off a 16-byte
// boundary take a plain block-per-row kernel instead: correct, not fast.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "bulk_copy.cuh"     // bulk copies and mbarriers (stage 10)
#include "cuda_check.cuh"
#include "fast_exp.cuh"      // exp_ftz, ExpFtz (stage 09)
#include "online_stats.cuh"  // fold, keep_nan (stage 06)
#include "packs.cuh"         // 16-byte packs of any dtype (stage 08)
#include "reduce.cuh"
#include "ring_tiles.h"      // the walk: which tiles a block takes, which end a row
#include "scratch.h"
#include "stage.h"

namespace {

// ([[maybe_unused]]: the kernel's body exists for sm_90 only; the A100 build compiles it to a trap.)
constexpr int kComputeWarps = 16;
constexpr int kComputeThreads = 32 * kComputeWarps;
constexpr int kFilerWarps = 3;
[[maybe_unused]] constexpr int kProducerWarp = kComputeWarps, kPollerWarp = kComputeWarps + 1;
constexpr int kFilerWarp = kComputeWarps + 2;
constexpr int kThreads = 32 * (kFilerWarp + kFilerWarps);  // 672: one block a SM
constexpr int kTileBytes = 32768;                          // a slot
constexpr int kPacks = kTileBytes / 16 / kComputeThreads;  // 16-byte packs a compute thread takes of a tile: 4
constexpr int kMaxSlots = 8;
[[maybe_unused]] constexpr int kRowSlots = 16;  // rows a block tracks at once (more than slots + 1)
[[maybe_unused]] constexpr int kPollRows = 4;   // rows the poller reads in one trip
constexpr int64_t kMaxRows = 4096;
constexpr int kMaxBlocks = 256;  // in the grid: the last filer of a row reads every part in one warp
constexpr int kLineWords = 16;   // 64-bit words in 128 B: a row's counter and summary a line each
[[maybe_unused]] constexpr int kLineCounts = 32;  // 32-bit counters in 128 B

// What the blocks share through L2, all zero between launches (the last block out zeroes it).
struct Board {
  unsigned* finished;  // blocks that have left
  uint64_t* part;      // per row and block: that block's (max, sum) of its share of the row, as two
                       // floats; 0 until it files (a real part is never (+0, +0): a sum of 0 has
                       // max -inf, and keep_nan's (0, NaN) has a NaN sum)
  unsigned* count;     // per row (a line apart): the parts filed
  uint64_t* summary;   // per row (a line apart): (max, 1 / sum) once the last filer merged the row
};

// Tile g of the matrix: row g / tpr, elements [begin, begin + len) of it (common/ring_tiles.h).
template <class T>
__device__ __forceinline__ TileAt tile_of(int64_t g, int64_t N, int64_t tpr) {
  return tile_at<kTileBytes / static_cast<int64_t>(sizeof(T))>(g, N, tpr);
}

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
// ---- a part is one 64-bit word that is its own flag: relaxed loads and stores, no fences ------
__device__ __forceinline__ uint64_t load_relaxed64(const uint64_t* p) {
  uint64_t v;
  asm volatile("ld.relaxed.gpu.global.b64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void store_relaxed64(uint64_t* p, uint64_t v) {
  asm volatile("st.relaxed.gpu.global.b64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}
__device__ __forceinline__ unsigned add_acq_rel(unsigned* p, unsigned v) {
  unsigned old;
  asm volatile("atom.acq_rel.gpu.global.add.u32 %0, [%1], %2;" : "=r"(old) : "l"(p), "r"(v) : "memory");
  return old;
}
__device__ __forceinline__ unsigned load_acquire_smem(const unsigned* p) {
  unsigned v;
  asm volatile("ld.acquire.cta.shared.u32 %0, [%1];" : "=r"(v) : "r"(smem_addr(p)) : "memory");
  return v;
}
__device__ __forceinline__ void store_release_smem(unsigned* p, unsigned v) {
  asm volatile("st.release.cta.shared.u32 [%0], %1;" ::"r"(smem_addr(p)), "r"(v) : "memory");
}
__device__ __forceinline__ uint64_t word_of(MaxSum s) {
  return (uint64_t{__float_as_uint(s.l)} << 32) | __float_as_uint(s.m);
}
__device__ __forceinline__ MaxSum maxsum_of(uint64_t w) {
  return MaxSum{__uint_as_float(static_cast<unsigned>(w)), __uint_as_float(static_cast<unsigned>(w >> 32))};
}
#endif

// ---- the kernel ----------------------------------------------------------------------------

template <class T>
__global__ __launch_bounds__(kThreads, 1) void ring_rows(const T* __restrict__ x, T* __restrict__ y, int64_t M,
                                                         int64_t N, int64_t tpr, int slots, Board q) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  extern __shared__ __align__(128) unsigned char ring[];  // slots x kTileBytes
  __shared__ uint64_t full[kMaxSlots], empty[kMaxSlots], folded[kRowSlots];
  __shared__ MaxSum warp_part[kRowSlots][kComputeWarps];  // each compute warp's part of a row
  __shared__ MaxSum published_row[kRowSlots];              // a row's (max, 1 / sum)
  __shared__ unsigned filed[kRowSlots];                    // row j's entry holds j + 1 once it is filed
  __shared__ unsigned published;                           // rows (this block's, in order) published
  __shared__ bool last_out;
  constexpr int V = kVec<T>;
  const int64_t G = gridDim.x, b = blockIdx.x, tiles = M * tpr;
  const int64_t n = block_tiles(b, G, tiles);  // this block's tiles: g = b + i G
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const unsigned filers = static_cast<unsigned>(row_holders(tpr, G));  // blocks holding part of each row
  auto slot = [&](int64_t i) { return reinterpret_cast<uint4*>(ring + (i % slots) * kTileBytes); };

  if (threadIdx.x == 0) {
    for (int i = 0; i < slots; ++i) mbar_init(&full[i], 1), mbar_init(&empty[i], kComputeThreads);
    for (int j = 0; j < kRowSlots; ++j) mbar_init(&folded[j], kComputeWarps), filed[j] = 0;
    published = 0;
    mbar_init_fence();
  }
  __syncthreads();

  if (warp == kProducerWarp) {
    // ---- producer: tile i into slot i % S once tile i - 1 has landed (one copy in flight) and
    //      every compute thread has released tile i - S ----
    if (lane == 0) {
      for (int64_t i = 0; i < n; ++i) {
        if (i >= 1) mbar_wait(&full[(i - 1) % slots], static_cast<uint32_t>(((i - 1) / slots) & 1));
        if (i >= slots) {
          mbar_wait(&empty[i % slots], static_cast<uint32_t>((i / slots - 1) & 1));
          fence_async_smem();
        }
        const TileAt t = tile_of<T>(b + i * G, N, tpr);
        bulk_load(slot(i), x + t.row * N + t.begin, static_cast<uint32_t>(t.len * sizeof(T)), &full[i % slots]);
      }
    }
    __syncwarp();
  } else if (warp >= kFilerWarp) {
    // ---- filers: once every compute warp has folded a row, file the block's part; the last
    //      block to file a row merges every part into its summary (filer f takes rows j = f mod 3,
    //      so their trips to L2 overlap) ----
    unsigned j = 0;  // this block's rows passed
    for (int64_t i = next_row_end(0, b, G, n, tiles, tpr); i < n; i = next_row_end(i + 1, b, G, n, tiles, tpr), ++j) {
      if (static_cast<int>(j % kFilerWarps) != warp - kFilerWarp) continue;
      mbar_wait(&folded[j % kRowSlots], (j / kRowSlots) & 1);
      const MaxSum part = warp_allreduce(lane < kComputeWarps ? warp_part[j % kRowSlots][lane] : maxsum_identity());
      const int64_t r = (b + i * G) / tpr;
      unsigned before = 0;
      if (lane == 0) {
        store_relaxed64(q.part + r * G + b, word_of(part));
        store_release_smem(&filed[j % kRowSlots], j + 1);
        before = add_acq_rel(q.count + r * kLineCounts, 1u);
      }
      if (__shfl_sync(0xffffffffu, before, 0) != filers - 1) continue;
      MaxSum s;
      for (;;) {  // the last filer: read every part, again until each has landed (each is its own flag)
        s = maxsum_identity();
        bool in = true;
        for (unsigned k = lane; k < filers; k += 32) {
          const uint64_t w = load_relaxed64(q.part + r * G + (r * tpr + k) % G);
          in = in && w != 0;
          s = maxsum_merge(s, maxsum_of(w));
        }
        if (__all_sync(0xffffffffu, in)) break;
      }
      s = warp_allreduce(s);
      if (lane == 0) store_relaxed64(q.summary + r * kLineWords, word_of(MaxSum{s.m, 1.0f / s.l}));
    }
  } else if (warp == kPollerWarp) {
    // ---- poller: read the summaries of the next rows this block has filed (lane k: row j + k)
    //      and publish, in order, the leading ones that are in ----
    unsigned j = 0;                                       // this block's rows published
    int64_t i_end = next_row_end(0, b, G, n, tiles, tpr);  // the tile that ends row j
    while (i_end < n) {
      unsigned ready = j;
      while (ready < j + kPollRows && load_acquire_smem(&filed[ready % kRowSlots]) == ready + 1) ++ready;
      ready = __shfl_sync(0xffffffffu, ready, 0);
      int64_t my_end = 0;  // lane k: the tile that ends row j + k
      int rows = 0;
      for (int64_t i = i_end; i < n && j + rows < ready; i = next_row_end(i + 1, b, G, n, tiles, tpr), ++rows)
        if (lane == rows) my_end = i;
      const uint64_t w = lane < rows ? load_relaxed64(q.summary + (b + my_end * G) / tpr * kLineWords) : 0;
      const int now = __ffs(~__ballot_sync(0xffffffffu, w != 0)) - 1;  // rows j, j + 1, ... that are in
      if (lane < now) published_row[(j + lane) % kRowSlots] = maxsum_of(w);
      __syncwarp();
      if (lane == 0 && now > 0) store_release_smem(&published, j + now);
      for (int k = 0; k < now; ++k) ++j, i_end = next_row_end(i_end + 1, b, G, n, tiles, tpr);
      if (now == 0) __nanosleep(64);
    }
  } else {
    // ---- compute warps: fold tiles as they land, write them as their rows are published ----
    // Tile f is tested only while f < w + S: its slot's previous phase (tile f - S) has then
    // landed, so the parity test cannot see that phase. A warp's stripe of a tile: packs
    // u * kComputeThreads + threadIdx.x.
    MaxSum run = maxsum_identity();  // this thread's part of the row being folded
    int64_t f = 0, w = 0;            // the next tile to fold, to write
    unsigned jf = 0, jw = 0;         // the rows (this block's, in order) of tiles f and w
    while (w < n) {
      // (every lane reads the flag or tests the barrier, and the warp votes: one branch)
      if (w < f && __all_sync(0xffffffffu, jw < load_acquire_smem(&published))) {
        // (a) write tile w from its slot, then release the slot
        const MaxSum row = published_row[jw % kRowSlots];
        const TileAt t = tile_of<T>(b + w * G, N, tpr);
        const uint4* sl = slot(w);
        uint4* out = reinterpret_cast<uint4*>(y + t.row * N + t.begin);
#pragma unroll
        for (int u = 0; u < kPacks; ++u) {
          const int p = u * kComputeThreads + threadIdx.x;
          if (p < t.len / V) {
            float v[V];
            unpack<T>(sl[p], v);
#pragma unroll
            for (int k = 0; k < V; ++k) v[k] = exp_ftz(v[k] - row.m) * row.l;
            out[p] = pack<T>(v);
          }
        }
        mbar_arrive(&empty[w % slots]);  // every lane its own arrival: racecheck follows that order
        if (last_of_row(w, b, G, tiles, tpr)) ++jw;
        ++w;
        continue;
      }
      if (f < n && f < w + slots &&
          __all_sync(0xffffffffu, mbar_test(&full[f % slots], static_cast<uint32_t>((f / slots) & 1)))) {
        // (b) fold this warp's stripe of tile f; after the block's last tile of a row, leave the part
        const TileAt t = tile_of<T>(b + f * G, N, tpr);
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
        fold<ExpFtz>(run, v);
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

  // ---- the last block out leaves the board zero for the next launch ----
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int i = 0; i < slots; ++i) mbar_inval(&full[i]), mbar_inval(&empty[i]);
    for (int j = 0; j < kRowSlots; ++j) mbar_inval(&folded[j]);
    last_out = add_acq_rel(q.finished, 1u) == G - 1;
  }
  __syncthreads();
  if (!last_out) return;
  for (int64_t i = threadIdx.x; i < M * G; i += kThreads) q.part[i] = 0;
  for (int64_t i = threadIdx.x; i < M; i += kThreads) q.count[i * kLineCounts] = 0, q.summary[i * kLineWords] = 0;
  if (threadIdx.x == 0) *q.finished = 0;
#else
  __trap();
#endif
}

// Rows not in 16-byte packs, or pointers off a 16-byte boundary: a block per row, two reads.
template <class T>
__global__ __launch_bounds__(kThreads) void plain_rows(const T* __restrict__ x, T* __restrict__ y, int64_t M,
                                                       int64_t N) {
  for (int64_t r = blockIdx.x; r < M; r += gridDim.x) {
    const T* xr = x + r * N;
    MaxSum s = maxsum_identity();
    for (int64_t i = threadIdx.x; i < N; i += kThreads) {
      const float v[1] = {static_cast<float>(xr[i])};
      fold<ExpFtz>(s, v);
    }
    s = block_allreduce_two_step(keep_nan(s));
    const float inv = 1.0f / s.l;
    for (int64_t i = threadIdx.x; i < N; i += kThreads)
      y[r * N + i] = static_cast<T>(exp_ftz(static_cast<float>(xr[i]) - s.m) * inv);
  }
}

// ---- the launcher ------------------------------------------------------------------------------

struct Plan {
  int slots;    // ring slots a block has (0: the kernel cannot run here)
  int per_sm;   // blocks a SM holds: 1
  size_t smem;  // dynamic shared memory a block
};
// As many 32 KB slots as a block's shared memory takes, one block a SM.
template <class T>
const Plan& plan() {
  static const Plan p = [] {
    const DeviceInfo& d = device_info();
    if (d.cc_major < 9) return Plan{0, 0, 0};
    cudaFuncAttributes a{};
    CUDA_CHECK(cudaFuncGetAttributes(&a, ring_rows<T>));
    int slots = static_cast<int>(std::min<int64_t>(
        kMaxSlots, (d.smem_per_block_optin - static_cast<int64_t>(a.sharedSizeBytes)) / kTileBytes));
    int per_sm = 0;
    for (; slots > 0; --slots) {  // fewer slots where the SM's own reserve leaves no room for them
      CUDA_CHECK(cudaFuncSetAttribute(ring_rows<T>, cudaFuncAttributeMaxDynamicSharedMemorySize, slots * kTileBytes));
      CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, ring_rows<T>, kThreads,
                                                               static_cast<size_t>(slots) * kTileBytes));
      if (per_sm > 0) break;
    }
    per_sm = std::min(per_sm, kMaxBlocks / d.sm_count);
    return Plan{slots, per_sm, static_cast<size_t>(slots) * kTileBytes};
  }();
  return p;
}

int64_t tiles_per_row(int64_t N, size_t elem) { return ceil_div(N, kTileBytes / static_cast<int64_t>(elem)); }

// The board: the finished counter, M x G parts, then a line per row for counts and summaries.
size_t board_bytes() { return 256 + static_cast<size_t>(kMaxRows) * (kMaxBlocks + 2 * kLineWords) * 8; }
Board board_at(void* base) {
  char* c = static_cast<char*>(base);
  char* counts = c + 256 + kMaxRows * kMaxBlocks * 8;
  return Board{reinterpret_cast<unsigned*>(c), reinterpret_cast<uint64_t*>(c + 256), reinterpret_cast<unsigned*>(counts),
               reinterpret_cast<uint64_t*>(counts + kMaxRows * kLineWords * 8)};
}

template <class T>
void launch_t(const T* x, T* y, int64_t M, int64_t N, cudaStream_t stream) {
  const DeviceInfo& d = device_info();
  if (N % kVec<T> != 0 || reinterpret_cast<uintptr_t>(x) % 16 || reinterpret_cast<uintptr_t>(y) % 16) {
    const int64_t grid = std::min<int64_t>(M, int64_t{8} * d.sm_count);
    plain_rows<T><<<static_cast<unsigned>(grid), kThreads, 0, stream>>>(x, y, M, N);
    CUDA_CHECK_LAUNCH();
    return;
  }
  const Plan& p = plan<T>();
  const StreamScratch ws("12 board", board_bytes(), stream);
  Board q = board_at(ws.get());
  int64_t tpr = tiles_per_row(N, sizeof(T));
  int slots = p.slots;
  const unsigned grid = static_cast<unsigned>(int64_t{p.per_sm} * d.sm_count);
  void* args[] = {&x, &y, &M, &N, &tpr, &slots, &q};
  CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(ring_rows<T>), dim3(grid), dim3(kThreads),
                                         args, p.smem, stream));
  CUDA_CHECK_LAUNCH();
}

void launch_f32(const float* x, float* y, int64_t M, int64_t N, cudaStream_t s) { launch_t(x, y, M, N, s); }
void launch_f16(const __half* x, __half* y, int64_t M, int64_t N, cudaStream_t s) { launch_t(x, y, M, N, s); }
void launch_bf16(const __nv_bfloat16* x, __nv_bfloat16* y, int64_t M, int64_t N, cudaStream_t s) {
  launch_t(x, y, M, N, s);
}

// ---- what the stage takes ------------------------------------------------------------------

// Tiles the whole grid's rings hold at once: a row may have at most that many.
int64_t ring_capacity_tiles(const DeviceInfo& d, DType t) {
  return with_element_type(t, [&](auto tag) {
    const Plan& p = plan<decltype(tag)>();
    return int64_t{p.slots} * p.per_sm * d.sm_count;
  });
}

std::string refuse(const DeviceInfo& d, DType t, int64_t M, int64_t N) {
  if (d.cc_major < 9) return "needs sm_90 or newer (bulk copies into shared memory)";
  if (!d.cooperative_launch) return "needs cooperative launch (every block resident)";
  if (M > kMaxRows) return "more than " + std::to_string(kMaxRows) + " rows (this stage is for few long rows)";
  const int64_t cap = ring_capacity_tiles(d, t);
  if (cap == 0) return "the ring does not fit a SM";
  if (tiles_per_row(N, dtype_size(t)) > cap)
    return "a row longer than the rings hold (" + std::to_string(cap * kTileBytes >> 20) + " MB on this GPU)";
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

// Matrices of 64-256 MB in 16-128 rows of 512 KB-4 MB (where the dispatcher runs this stage),
// and the few-row shapes of the dispatcher's sweep that fit the rings.
std::vector<Shape> sweep() {
  std::vector<Shape> s;
  for (int64_t m : {16, 32, 64, 128})
    for (int64_t n = int64_t{1} << 17; n <= (int64_t{1} << 21); n *= 2) s.push_back({m, n});
  for (int64_t m : {1, 4, 8})
    for (int64_t n = int64_t{1} << 20; n <= (int64_t{1} << 22); n *= 2) s.push_back({m, n});
  return s;
}

const Stage stage12 = {"12", "ring",
                       "few long rows on the whole chip: a ring of bulk-copied tiles per SM, warps by role, "
                       "rows settled through L2 while the next load",
                       launch_f32, launch_f16, launch_bf16, refuse, max_cols, sweep(), explain,
                       /*strided=*/nullptr, /*wants_aligned16=*/true};

}  // namespace

SOFTMAX_STAGE(stage12)
