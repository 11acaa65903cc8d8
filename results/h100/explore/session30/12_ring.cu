// Stage 12 (probe) — few long rows through a ring of shared-memory slots: read once, written once,
// the rows pipelined with no grid barrier.
//
// New here: stage 09 takes the rows in rounds, and every round reads, meets at grid.sync(), then
// writes, so memory only reads or only writes at a time and every round waits for its slowest
// block. Here each block keeps a ring of S slots of 32 KB in shared memory and walks its tiles in
// order (tile g of the matrix is block g mod G's):
//   * a slot is filled by one bulk copy (TMA, cp.async.bulk, its mbarrier counting the bytes);
//   * tile s is summarised as it lands; after a block's last tile of a row, it files its part's
//     (max, sum) as one 64-bit word (no counter, no fence: the word is its own flag);
//   * tile w is written once every part of its row is filed (each block merges the parts itself),
//     from the slot, which then takes tile w + S.
// A block waits only when its ring is full, for the row of its oldest tile; by then every block
// holds the whole of that row's part (a block's share of a row fits its ring), so none waits on
// another forever. While it waits, its later tiles are in flight: HBM reads one row while it writes
// the row before, as in a copy.
//
// PREPARED and RUN in the thirtieth session (results/h100/session30.run.sh copies it into steps/):
// correct (every test-gpu case passed) and SLOWER than stage 09 on all 15 shapes timed, so not
// adopted. This is the fourth of four versions; explore/README.md says how the others differed.
// Limits: sm_90 (bulk copies), a cooperative launch (every block resident), rows of at most
// S x 32 KB x G (about 29 MB on an H100), at most 4096 rows. Rows not in 16-byte packs or off a
// 16-byte boundary take a plain block-per-row kernel instead (correct, not fast).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "cuda_check.cuh"
#include "online_stats.cuh"  // fold, keep_nan (stage 06)
#include "packs.cuh"         // 16-byte packs of any dtype (stage 08)
#include "reduce.cuh"
#include "scratch.h"
#include "stage.h"

namespace {

constexpr int kThreads = 512;                       // one block a SM
constexpr int kTileBytes = 32768;                   // a slot
constexpr int kPacks = kTileBytes / 16 / kThreads;  // 16-byte packs a thread takes of a tile: 4
constexpr int kMaxSlots = 8;
constexpr int64_t kMaxRows = 4096;
constexpr int kMaxFilers = 256;                     // blocks in the grid, at most

// ---- bulk copies and flags (sm_90; stage 10's helpers) ----------------------------------------
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
__device__ __forceinline__ uint32_t smem_addr(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
__device__ __forceinline__ void mbar_init(uint64_t* bar) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem_addr(bar)) : "memory");
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
struct Ring {
  unsigned* finished;  // blocks that have left
  uint64_t* partial;   // per row and block: that block's (max, sum) of its part of the row as two
                       // floats; 0 until it files (a real part is never (+0, +0): a sum of 0 has
                       // max -inf, and keep_nan's (0, NaN) has a NaN sum)
};

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

template <class T>
__global__ __launch_bounds__(kThreads, 1) void ring_rows(const T* __restrict__ x, T* __restrict__ y, int64_t M,
                                                         int64_t N, int64_t tpr, int slots, Ring q) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  extern __shared__ __align__(128) unsigned char ring[];  // slots x kTileBytes
  __shared__ uint64_t bar[kMaxSlots];
  __shared__ uint64_t s_word;
  __shared__ bool s_last_out;
  constexpr int V = kVec<T>;
  const int64_t G = gridDim.x, b = blockIdx.x, tiles = M * tpr;
  const int64_t n = b < tiles ? (tiles - b + G - 1) / G : 0;  // this block's tiles: g = b + i G
  const unsigned filers = static_cast<unsigned>(min(tpr, G));  // blocks holding part of each row
  const int lane = threadIdx.x % 32;
  auto slot = [&](int64_t i) { return reinterpret_cast<uint4*>(ring + (i % slots) * kTileBytes); };
  auto load = [&](int64_t i) {  // thread 0: tile i of this block into its slot
    const TileAt t = tile_at<T>(b + i * G, N, tpr);
    bulk_load(slot(i), x + t.row * N + t.begin, static_cast<uint32_t>(t.len * sizeof(T)), &bar[i % slots]);
  };

  // The ring fills: tiles 0 .. S - 1 in flight.
  if (threadIdx.x == 0) {
    for (int i = 0; i < slots; ++i) mbar_init(&bar[i]);
    mbar_init_fence();
    for (int64_t i = 0; i < min(static_cast<int64_t>(slots), n); ++i) load(i);
  }
  __syncthreads();

  // Warp 0 reads the filed parts of row r (lane j: parts j, j + 32, ...; 0 where not filed), as
  // early as it can; row_summary merges them once every one is in.
  int64_t known = -1;  // the row whose (max, 1 / sum) m and inv hold
  float m = 0.0f, inv = 0.0f;
  uint64_t parts[kMaxFilers / 32];
  auto read_parts = [&](int64_t r) {
#pragma unroll
    for (int k = 0; k < kMaxFilers / 32; ++k) {
      const int64_t j = lane + 32 * k;
      parts[k] = j < filers ? load_relaxed64(q.partial + r * G + (r * tpr + j) % G) : word_of(maxsum_identity());
    }
  };
  // The (max, 1 / sum) of row r into m and inv, from parts already read (`have`) or read now;
  // with `wait`, read again until every part is in. false when one is missing and not `wait`.
  auto row_summary = [&](int64_t r, bool wait, bool have) {
    if (r == known) return true;
    if (threadIdx.x < 32) {
      if (!have) read_parts(r);
      for (;;) {
        bool in = true;
#pragma unroll
        for (int k = 0; k < kMaxFilers / 32; ++k) in = in && parts[k] != 0;
        in = __all_sync(0xffffffffu, in);
        if (in || !wait) break;
        __nanosleep(64);
        read_parts(r);
      }
      MaxSum s = maxsum_identity();
#pragma unroll
      for (int k = 0; k < kMaxFilers / 32; ++k) s = maxsum_merge(s, maxsum_of(parts[k]));
      s = warp_allreduce(s);
      bool in = true;
#pragma unroll
      for (int k = 0; k < kMaxFilers / 32; ++k) in = in && parts[k] != 0;
      in = __all_sync(0xffffffffu, in);
      if (lane == 0) s_word = in ? word_of(MaxSum{s.m, 1.0f / s.l}) : 0;
    }
    __syncthreads();
    const uint64_t v = s_word;
    if (v != 0) {
      const MaxSum mi = maxsum_of(v);
      m = mi.m, inv = mi.l, known = r;
    }
    __syncthreads();  // s_word read before the next call writes it
    return v != 0;
  };

  MaxSum run = maxsum_identity();  // this thread's part of the current row
  int64_t w = 0;                   // the oldest tile not yet written
  for (int64_t s = 0; s <= n; ++s) {
    // Warp 0 reads the parts of the oldest unwritten tile's row now; they are used after tile s
    // is folded in, so the trip to L2 overlaps that work.
    int64_t asked = -1;
    bool filed_since_asked = false;
    if (w < min(s + 1, n)) {
      asked = tile_at<T>(b + w * G, N, tpr).row;
      if (threadIdx.x < 32 && asked != known) read_parts(asked);
    }
    if (s < n) {
      // (a) tile s has landed: fold it in; after the block's last tile of a row, file the row.
      mbar_wait(&bar[s % slots], static_cast<uint32_t>((s / slots) & 1));
      const int64_t g = b + s * G;
      const TileAt t = tile_at<T>(g, N, tpr);
      const uint4* sl = slot(s);
      float v[kPacks * V];
#pragma unroll
      for (int u = 0; u < kPacks; ++u) {
        const int p = u * kThreads + threadIdx.x;
        float f[V];
        unpack<T>(p < t.len / V ? sl[p] : neg_inf_pack<T>(), f);
#pragma unroll
        for (int k = 0; k < V; ++k) v[u * V + k] = f[k];
      }
      fold(run, v);
      if (g + G >= tiles || (g + G) / tpr != t.row) {
        const MaxSum part = block_allreduce_two_step(keep_nan(run));
        if (threadIdx.x == 0) store_relaxed64(q.partial + t.row * G + b, word_of(part));
        filed_since_asked = t.row == asked;
        run = maxsum_identity();
      }
    }
    // (b) write the oldest tiles whose rows are summarised; wait for one when the ring is full
    // (tile s + 1 has no slot until tile w leaves) or after the last tile.
    while (w < min(s + 1, n)) {
      const bool must = s == n || s + 1 >= w + slots;
      const TileAt t = tile_at<T>(b + w * G, N, tpr);
      // (parts read before this block filed its own may miss it: read again then)
      if (!row_summary(t.row, must, t.row == asked && !filed_since_asked)) break;
      const uint4* sl = slot(w);
      uint4* out = reinterpret_cast<uint4*>(y + t.row * N + t.begin);
#pragma unroll
      for (int u = 0; u < kPacks; ++u) {
        const int p = u * kThreads + threadIdx.x;
        if (p < t.len / V) {
          float f[V];
          unpack<T>(sl[p], f);
#pragma unroll
          for (int k = 0; k < V; ++k) f[k] = __expf(f[k] - m) * inv;
          out[p] = pack<T>(f);
        }
      }
      __syncthreads();  // the slot is read
      if (threadIdx.x == 0 && w + slots < n) {
        fence_async_smem();
        load(w + slots);
      }
      ++w;
    }
  }

  // The last block out leaves the parts zero for the next launch.
  if (threadIdx.x == 0) {
    for (int i = 0; i < slots; ++i) mbar_inval(&bar[i]);
    s_last_out = add_acq_rel(q.finished, 1u) == G - 1;
  }
  __syncthreads();
  if (!s_last_out) return;
  for (int64_t i = threadIdx.x; i < M * G; i += kThreads) q.partial[i] = 0;
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
    const int slots = static_cast<int>(std::min<int64_t>(
        most, (d.smem_per_block_optin - static_cast<int64_t>(a.sharedSizeBytes)) / kTileBytes));
    const size_t smem = static_cast<size_t>(slots) * kTileBytes;
    CUDA_CHECK(cudaFuncSetAttribute(ring_rows<T>, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
    int per_sm = 0;
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, ring_rows<T>, kThreads, smem));
    per_sm = std::min(per_sm, kMaxFilers / d.sm_count);  // a row's parts are merged by one warp
    return Plan{slots, per_sm, smem};
  }();
  return p;
}

int64_t tiles_per_row(int64_t N, size_t elem) { return ceil_div(N, kTileBytes / static_cast<int64_t>(elem)); }

size_t ring_bytes() {
  return 256 + static_cast<size_t>(kMaxRows) * kMaxFilers * sizeof(uint64_t);
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
  Ring q{reinterpret_cast<unsigned*>(base), reinterpret_cast<uint64_t*>(base + 256)};
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
