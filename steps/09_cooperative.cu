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
// the comparison in docs/09_cooperative.md.
#include <cooperative_groups.h>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "cuda_check.cuh"
#include "reduce.cuh"
#include "stage.h"

namespace cg = cooperative_groups;

namespace {

// A chunk is at most kThreads x kPacks float4 = 16384 floats, held in registers (32 per thread).
constexpr int kThreads = 512, kPacks = 8;
constexpr int64_t kMaxChunk = int64_t{kThreads} * kPacks * 4;
constexpr int64_t kMinChunk = int64_t{kThreads} * 4;  // one float4 per thread

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

// Thread t's slot i covers elements begin + 4 * (t + i * kThreads) .. + 3 of the row: with p the
// thread's first element and `left` the elements from p to the chunk's end, slot i is p[o .. o+3]
// for o = 4 * i * kThreads (a constant), valid while o + k < left. Rows are 16-byte aligned when
// N % 4 == 0 (chunks are multiples of 4): one float4 load; otherwise four scalar loads. Elements
// past the end read as -inf, which drops out of max and sum.
__device__ __forceinline__ void load_chunk(const float* xr, const Item& it, bool aligned, float4 (&r)[kPacks]) {
  const float* p = xr + it.begin + 4 * threadIdx.x;
  const int64_t left = it.end - it.begin - 4 * threadIdx.x;
#pragma unroll
  for (int i = 0; i < kPacks; ++i) {
    const int o = 4 * i * kThreads;
    if (aligned) {
      r[i] = o < left ? __ldg(reinterpret_cast<const float4*>(p + o))
                      : make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY);
    } else {
      r[i].x = o < left ? __ldg(p + o) : -INFINITY;
      r[i].y = o + 1 < left ? __ldg(p + o + 1) : -INFINITY;
      r[i].z = o + 2 < left ? __ldg(p + o + 2) : -INFINITY;
      r[i].w = o + 3 < left ? __ldg(p + o + 3) : -INFINITY;
    }
  }
}

// This thread's (max, sum) over its slots.
__device__ __forceinline__ MaxSum thread_summary(const float4 (&r)[kPacks]) {
  float m = -INFINITY;
#pragma unroll
  for (int i = 0; i < kPacks; ++i) m = fmaxf(m, fmaxf(fmaxf(r[i].x, r[i].y), fmaxf(r[i].z, r[i].w)));
  const float ms = m == -INFINITY ? 0.0f : m;  // only -inf (or nothing): sum 0, no NaN
  float l = 0.0f;
#pragma unroll
  for (int i = 0; i < kPacks; ++i)
    l += __expf(r[i].x - ms) + __expf(r[i].y - ms) + __expf(r[i].z - ms) + __expf(r[i].w - ms);
  // fmaxf skips NaN, so a NaN entry shows only in the sum; (-inf, NaN) would be merged away as
  // empty, so a NaN sum gets max +inf: the row ends NaN, as torch's does (docs/special_values.md).
  return {l != l ? INFINITY : m, l};
}

__device__ __forceinline__ void normalise_chunk(float* yr, const Item& it, bool aligned, const float4 (&r)[kPacks],
                                                MaxSum row) {
  const float inv = 1.0f / row.l;
  float* p = yr + it.begin + 4 * threadIdx.x;
  const int64_t left = it.end - it.begin - 4 * threadIdx.x;
#pragma unroll
  for (int i = 0; i < kPacks; ++i) {
    const int o = 4 * i * kThreads;
    const float4 v = make_float4(__expf(r[i].x - row.m) * inv, __expf(r[i].y - row.m) * inv,
                                 __expf(r[i].z - row.m) * inv, __expf(r[i].w - row.m) * inv);
    if (aligned) {
      if (o < left) *reinterpret_cast<float4*>(p + o) = v;
    } else {
      if (o < left) p[o] = v.x;
      if (o + 1 < left) p[o + 1] = v.y;
      if (o + 2 < left) p[o + 2] = v.z;
      if (o + 3 < left) p[o + 3] = v.w;
    }
  }
}

// PHASES = kBoth: the cooperative kernel (grid <= co-resident blocks). kSummarise / kNormalise:
// the two kernels of the two-launch split-K, one block per item. A row that fits one chunk
// (cpr == 1) needs no merge: phase 1 normalises it at once from registers, and there is no phase 2.
template <int PHASES>
__global__ void __launch_bounds__(kThreads, 2)
    softmax_split(const float* __restrict__ x, float* __restrict__ y, int M, int64_t N, int64_t chunk, int cpr,
                  MaxSum* ws) {
  const int items = M * cpr;
  const bool aligned = N % 4 == 0 && (reinterpret_cast<uintptr_t>(x) | reinterpret_cast<uintptr_t>(y)) % 16 == 0;
  float4 r[kPacks];
  int held = -1;  // the item whose chunk r[] holds

  // Phase 1: every chunk -> its (max, sum), in the workspace.
  if constexpr ((PHASES & kSummarise) != 0) {
    for (int w = blockIdx.x; w < items; w += gridDim.x) {
      const Item it = item_of(w, N, chunk, cpr);
      load_chunk(x + it.row * N, it, aligned, r);
      const MaxSum s = block_allreduce(thread_summary(r));
      if (cpr == 1) {
        normalise_chunk(y + it.row * N, it, aligned, r, s);
        continue;
      }
      if (threadIdx.x == 0) ws[w] = s;
      held = w;
    }
  }
  if (cpr == 1) return;  // (the same for every block)

  // The barrier: every block's summaries are written and visible before any block reads them.
  if constexpr (PHASES == kBoth) cg::this_grid().sync();

  // Phase 2: merge the row's summaries, normalise the chunk. Newest chunk first: the block's last
  // chunk is still in registers, the ones read just before it are the likeliest to be in L2. (In
  // the two-launch form block b takes item items-1-b, so the first blocks to start re-read what the
  // first kernel read last.)
  if constexpr ((PHASES & kNormalise) != 0) {
    const int g = gridDim.x, b = PHASES == kBoth ? blockIdx.x : g - 1 - blockIdx.x;
    const int last = b + (items - 1 - b) / g * g;
    int merged_row = -1;
    MaxSum total = maxsum_identity();
    for (int w = last; w >= b; w -= g) {
      const Item it = item_of(w, N, chunk, cpr);
      if (it.row != merged_row) {
        MaxSum t = maxsum_identity();
        for (int j = threadIdx.x; j < cpr; j += kThreads) {
          // __ldcg: from L2, where the other blocks' writes are, never a stale L1 line.
          const float2 p = __ldcg(reinterpret_cast<const float2*>(ws + int64_t{it.row} * cpr + j));
          t = maxsum_merge(t, MaxSum{p.x, p.y});
        }
        total = block_allreduce(t);
        merged_row = it.row;
      }
      if (w != held) load_chunk(x + it.row * N, it, aligned, r);
      normalise_chunk(y + it.row * N, it, aligned, r, total);
      held = w;
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

// Blocks of the cooperative kernel one SM holds at once (registers decide: 2 of 512 threads).
int coop_blocks_per_sm() {
  static const int n = [] {
    int b = 0;
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, softmax_split<kBoth>, kThreads, 0));
    return b;
  }();
  return n;
}

// STEP09_MIN_CHUNK=k: the smallest chunk, in elements (a multiple of 4 from 2048 to 16384); the
// default is kMinChunk. For the comparison of grid sizes in docs/09_cooperative.md.
int64_t min_chunk() {
  static const int64_t c = [] {
    const char* e = std::getenv("STEP09_MIN_CHUNK");
    if (!e || !*e) return kMinChunk;
    const int64_t v = std::atoll(e);
    if (v < kMinChunk || v > kMaxChunk || v % 4 != 0) {
      std::fprintf(stderr, "error: STEP09_MIN_CHUNK=%s: expected a multiple of 4 from %lld to %lld\n", e,
                   static_cast<long long>(kMinChunk), static_cast<long long>(kMaxChunk));
      std::exit(kExitUsage);
    }
    return v;
  }();
  return c;
}

struct Plan {
  int64_t chunk, cpr, grid;  // grid: the co-resident blocks, the most a cooperative launch may have
};

// Chunks per row: one when the row fits a chunk (a block per row, no barrier: the barrier and the
// merge cost more than a 64 KB row takes to read). Longer rows: about one chunk per SM (each block
// keeps its chunk in registers across the barrier, and 128 blocks meet at it faster than 256,
// docs/09_cooperative.md), within [min_chunk(), kMaxChunk] elements; longer rows loop.
Plan plan(const DeviceInfo& d, int64_t M, int64_t N) {
  const int64_t grid = int64_t{coop_blocks_per_sm()} * d.sm_count;
  const int64_t fit = d.sm_count / M > 1 ? d.sm_count / M : 1;
  int64_t chunk = ceil_div(ceil_div(N, fit), 4) * 4;
  chunk = chunk < min_chunk() ? min_chunk() : (chunk > kMaxChunk ? kMaxChunk : chunk);
  if (N <= kMaxChunk) chunk = ceil_div(N, 4) * 4;  // a row one block holds: no barrier at all
  return {chunk, ceil_div(N, chunk), grid};
}

// The (max, sum) of every chunk: a fixed buffer of kWorkspaceItems summaries (8 MB), allocated by
// the stage's first launch and kept, so later launches allocate nothing and leave device memory as
// they found it. Rows longer than one chunk have chunks of at least N / 2 elements when M is large,
// so 2^20 chunks cover matrices of 2^33 elements and more; larger ones are refused.
constexpr int64_t kWorkspaceItems = int64_t{1} << 20;
MaxSum* workspace() {
  static MaxSum* const ws = [] {
    MaxSum* p = nullptr;
    CUDA_CHECK(cudaMalloc(&p, static_cast<size_t>(kWorkspaceItems) * sizeof(MaxSum)));
    return p;
  }();
  return ws;
}

void launch(const float* x, float* y, int64_t M, int64_t N, cudaStream_t stream) {
  const Plan p = plan(device_info(), M, N);
  int rows = static_cast<int>(M), cpr = static_cast<int>(p.cpr);  // M * cpr < 2^30: refuse()
  int64_t chunk = p.chunk;
  const int64_t items = M * p.cpr;
  MaxSum* ws = workspace();
  if (two_launch()) {
    softmax_split<kSummarise><<<static_cast<unsigned>(items), kThreads, 0, stream>>>(x, y, rows, N, chunk, cpr, ws);
    CUDA_CHECK_LAUNCH();
    if (cpr == 1) return;  // the first kernel normalised the rows already
    softmax_split<kNormalise><<<static_cast<unsigned>(items), kThreads, 0, stream>>>(x, y, rows, N, chunk, cpr, ws);
    CUDA_CHECK_LAUNCH();
    return;
  }
  const unsigned grid = static_cast<unsigned>(items < p.grid ? items : p.grid);
  if (cpr == 1) {  // rows of one chunk never reach grid.sync(): an ordinary launch, cheaper to start
    softmax_split<kBoth><<<grid, kThreads, 0, stream>>>(x, y, rows, N, chunk, cpr, ws);
    CUDA_CHECK_LAUNCH();
    return;
  }
  void* args[] = {&x, &y, &rows, &N, &chunk, &cpr, &ws};
  CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(softmax_split<kBoth>), dim3(grid),
                                         dim3(kThreads), args, 0, stream));
}

// ---- what the stage takes ------------------------------------------------------------------

std::string refuse(const DeviceInfo& d, DType, int64_t M, int64_t N) {
  if (!two_launch() && !d.cooperative_launch)
    return "this GPU cannot launch cooperative kernels (cudaDevAttrCooperativeLaunch = 0), which grid.sync() "
           "needs; stage 07 (or STEP09_MODE=two-launch) splits the same work over two launches";
  const int64_t cpr = plan(d, M, N).cpr;
  // Item numbers are 32-bit and a block steps through them by the grid size: keep them below 2^30.
  if (M * cpr > INT_MAX / 2) return "more than 2^30 chunks (M x chunks per row)";
  if (cpr > 1 && M * cpr > kWorkspaceItems)
    return "more than " + std::to_string(kWorkspaceItems) + " chunk summaries (a matrix of over 2^33 elements)";
  return "";
}

int64_t max_cols(const DeviceInfo&, DType) { return 0; }  // any N

// --explain: the cooperative kernel and the two kernels of the two-launch form.
std::vector<KernelConfig> explain(const DeviceInfo&, DType) {
  return {{"softmax_split cooperative (grid.sync)", reinterpret_cast<const void*>(softmax_split<kBoth>), kThreads,
           0, kPacks * 4},
          {"softmax_split two-launch: summarise", reinterpret_cast<const void*>(softmax_split<kSummarise>),
           kThreads, 0, kPacks * 4},
          {"softmax_split two-launch: normalise", reinterpret_cast<const void*>(softmax_split<kNormalise>),
           kThreads, 0, kPacks * 4}};
}

std::vector<Shape> sweep() {
  std::vector<Shape> s;
  for (int64_t n = 4096; n <= (int64_t{1} << 24); n *= 2) s.push_back({4, n});  // a few long rows
  s.push_back({1, int64_t{1} << 26});                                          // one 256 MB row
  for (int64_t n = 1024; n <= 8192; n *= 2) s.push_back({2048, n});             // many short rows
  return s;
}

const Stage stage09 = {"09", "cooperative",
                       "split-K in one cooperative launch: chunk summaries, grid.sync(), merge, normalise",
                       launch, nullptr, nullptr, refuse, max_cols, sweep(), explain};

}  // namespace

SOFTMAX_STAGE(stage09)
