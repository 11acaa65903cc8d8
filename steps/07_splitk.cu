// Stage 07 — split-K: one row over several blocks, so a few very long rows still fill the GPU.
//
// New here: a row is cut into S chunks, one block each, S from M, N and the SM count so that the
// M x S blocks are one full wave. Kernel 1 summarises each chunk as (max, sum); kernel 2 merges
// the row's summaries and normalises its chunk; the launch boundary is the grid-wide barrier.
//   (a) reread (the stage): kernel 2 reads x again, each chunk from its end, so what kernel 1 read
//       last (the likeliest in L2) comes first: 12 bytes per element unless L2 serves the re-read.
//   (b) exp (STEP07_VARIANT=exp): kernel 1 keeps its chunk in registers and writes exp(x - chunk
//       max); kernel 2 rescales y in place by exp(chunk max - max) / sum: 16 bytes per element.
// More summaries per row than a block has threads are merged by a tree of small kernels first.
// On sm_90 kernel 2 is a programmatic dependent launch, scheduled while kernel 1 drains.
// See docs/07_splitk.md.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "cuda_check.cuh"
#include "online_stats.cuh"  // split16, fold, keep_nan (stage 06)
#include "reduce.cuh"
#include "scratch.h"
#include "stage.h"

namespace {

constexpr int kThreads = 512;  // every kernel of this stage
constexpr int kLoads = 4;      // float4 loads in flight per thread while kernel 1 streams x
constexpr int kUnroll = 2;     // float4s per thread per step while normalising (x is likely in L2)
constexpr int64_t kStep = int64_t{kThreads} * kUnroll * 4;  // floats per normalising step: 4096
constexpr int64_t kGrain = int64_t{kThreads} * kLoads * 4;  // floats per streaming step: 8192

__device__ __forceinline__ float4 neg_inf4() { return make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY); }

// ---- programmatic dependent launch (sm_90; nothing on older GPUs) -----------------------------
// trigger: this block no longer holds back the next kernel's launch. wait: block until the
// previous kernel has finished and its writes are visible.
__device__ __forceinline__ void pdl_trigger() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}
__device__ __forceinline__ void pdl_wait() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

// ---- the shared pieces of the kernels ---------------------------------------------------------
// Where block g's chunk lies: row g / S, columns [s * chunk, s * chunk + n).
struct Chunk {
  int64_t row, s, begin, n;
};
__device__ __forceinline__ Chunk chunk_of(int64_t g, int64_t N, int64_t chunk, int64_t S) {
  const int64_t row = g / S, s = g % S, begin = s * chunk;
  return {row, s, begin, min(chunk, N - begin)};
}

// The (max, sum) of [p, p + n), streamed kLoads float4s per thread at a time: every thread of
// the block gets it.
__device__ __forceinline__ MaxSum span_stats(const float* p, int64_t n) {
  const int t = threadIdx.x;
  const Span sp = split16(p, n);
  const float4* v4 = reinterpret_cast<const float4*>(p + sp.head);
  MaxSum s = maxsum_identity();
  for (int64_t base = t; base < sp.nvec; base += int64_t{kLoads} * kThreads) {
    float v[4 * kLoads];
#pragma unroll
    for (int u = 0; u < kLoads; ++u)
      set4(v + 4 * u, base + u * kThreads < sp.nvec ? v4[base + u * kThreads] : neg_inf4());
    fold(s, v);
  }
  if (t < sp.head) fold(s, {p[t]});
  if (t < sp.tail) fold(s, {p[sp.head + 4 * sp.nvec + t]});
  return block_allreduce(keep_nan(s));
}

// Step k of a span's float4 body: float4s k * kUnroll * kThreads + t + u * kThreads, u < kUnroll.
__device__ __forceinline__ void load_step(float4 (&q)[kUnroll], const float4* x4, int64_t nvec, int64_t k) {
  const int64_t base = k * kUnroll * kThreads + threadIdx.x;
#pragma unroll
  for (int u = 0; u < kUnroll; ++u)
    if (base + u * kThreads < nvec) q[u] = __ldcs(x4 + base + u * kThreads);  // evict-first: last use
}
__device__ __forceinline__ void store_step(const float4 (&q)[kUnroll], float4* y4, int64_t nvec, int64_t k,
                                           float m, float inv) {
  const int64_t base = k * kUnroll * kThreads + threadIdx.x;
#pragma unroll
  for (int u = 0; u < kUnroll; ++u)
    if (base + u * kThreads < nvec)
      __stcs(y4 + base + u * kThreads, make_float4(__expf(q[u].x - m) * inv, __expf(q[u].y - m) * inv,
                                                   __expf(q[u].z - m) * inv, __expf(q[u].w - m) * inv));
}

// y = exp(x - m) * inv over [xp, xp + n). `reverse`: the steps are visited from the last one back,
// so the bytes kernel 1 read last (the likeliest still in L2) are re-read first. `q` already
// holds the first step visited when `preloaded`.
__device__ __forceinline__ int64_t steps_of(int64_t nvec) { return (nvec + kUnroll * kThreads - 1) / (kUnroll * kThreads); }
__device__ __forceinline__ void span_normalise(const float* xp, float* yp, int64_t n, float m, float inv,
                                               bool reverse, float4 (&q)[kUnroll], bool preloaded) {
  const int t = threadIdx.x;
  const Span sp = split16(xp, n);
  const float4* x4 = reinterpret_cast<const float4*>(xp + sp.head);
  float4* y4 = reinterpret_cast<float4*>(yp + sp.head);
  const int64_t steps = steps_of(sp.nvec);
  for (int64_t i = 0; i < steps; ++i) {
    const int64_t k = reverse ? steps - 1 - i : i;
    if (!preloaded || i > 0) load_step(q, x4, sp.nvec, k);
    store_step(q, y4, sp.nvec, k, m, inv);
  }
  if (t < sp.head) yp[t] = __expf(__ldcs(xp + t) - m) * inv;
  const int64_t tail0 = sp.head + 4 * sp.nvec;
  if (t < sp.tail) yp[tail0 + t] = __expf(__ldcs(xp + tail0 + t) - m) * inv;
}

// Load, ahead of time, the first step span_normalise will visit.
__device__ __forceinline__ void preload_first_step(const float* xp, int64_t n, bool reverse, float4 (&q)[kUnroll]) {
  const Span sp = split16(xp, n);
  const int64_t steps = steps_of(sp.nvec);
  if (steps > 0) load_step(q, reinterpret_cast<const float4*>(xp + sp.head), sp.nvec, reverse ? steps - 1 : 0);
}

// Merge, per row, the `in_per_row` summaries into one per group of kThreads (a tree level), or
// into the row's final summary when in_per_row <= kThreads. Every thread returns the result.
__device__ __forceinline__ MaxSum merge_group(const MaxSum* in, int64_t row, int64_t in_per_row, int64_t group) {
  const int64_t i = group * kThreads + threadIdx.x;
  return block_allreduce(i < in_per_row ? in[row * in_per_row + i] : maxsum_identity());
}

// ---- kernel 1 --------------------------------------------------------------------------------
// kStats: write the chunk's (max, sum). kWhole (S = 1, the block owns the whole row): nothing to
// merge, normalise the row at once (stage 06's schedule).
enum Mode { kStats, kWhole };

template <int kMode>
__global__ __launch_bounds__(kThreads, 4) void chunk_stats(const float* __restrict__ x, float* __restrict__ y,
                                                          MaxSum* __restrict__ part, int64_t N,
                                                          int64_t chunk, int64_t S) {
  pdl_trigger();  // every block has started: kernel 2 may be scheduled into the SMs this one frees
  const Chunk c = chunk_of(blockIdx.x, N, chunk, S);
  const float* xc = x + c.row * N + c.begin;
  const MaxSum s = span_stats(xc, c.n);
  if constexpr (kMode == kStats) {
    if (threadIdx.x == 0) part[blockIdx.x] = s;
  } else {
    float4 q[kUnroll];
    span_normalise(xc, y + c.row * N + c.begin, c.n, s.m, 1.0f / s.l, true, q, false);
  }
}

// Variant (b): the chunk (at most kStep floats) stays in registers; write e = exp(x - chunk max).
__global__ __launch_bounds__(kThreads, 3) void chunk_exp(const float* __restrict__ x, float* __restrict__ y,
                                                        MaxSum* __restrict__ part, int64_t N, int64_t S) {
  pdl_trigger();
  const int t = threadIdx.x;
  const Chunk c = chunk_of(blockIdx.x, N, kStep, S);
  const float* xc = x + c.row * N + c.begin;
  float* yc = y + c.row * N + c.begin;
  const Span sp = split16(xc, c.n);
  const float4* x4 = reinterpret_cast<const float4*>(xc + sp.head);
  float4* y4 = reinterpret_cast<float4*>(yc + sp.head);
  const int64_t tail0 = sp.head + 4 * sp.nvec;
  float v[4 * kUnroll];
#pragma unroll
  for (int u = 0; u < kUnroll; ++u) set4(v + 4 * u, t + u * kThreads < sp.nvec ? __ldcs(x4 + t + u * kThreads) : neg_inf4());
  const float h = t < sp.head ? xc[t] : -INFINITY;
  const float z = t < sp.tail ? xc[tail0 + t] : -INFINITY;
  MaxSum s = maxsum_identity();
  fold(s, v);
  fold(s, {h, z});
  s = block_allreduce(keep_nan(s));
  if (t == 0) part[blockIdx.x] = s;
  const float shift = s.m == -INFINITY ? 0.0f : s.m;
#pragma unroll
  for (int u = 0; u < kUnroll; ++u)
    if (t + u * kThreads < sp.nvec)
      y4[t + u * kThreads] = make_float4(__expf(v[4 * u] - shift), __expf(v[4 * u + 1] - shift),
                                         __expf(v[4 * u + 2] - shift), __expf(v[4 * u + 3] - shift));
  if (t < sp.head) yc[t] = __expf(h - shift);
  if (t < sp.tail) yc[tail0 + t] = __expf(z - shift);
}

// ---- the tree: per row, in_per_row summaries -> ceil(in_per_row / kThreads) ---------------------
__global__ __launch_bounds__(kThreads) void merge_level(const MaxSum* __restrict__ in, MaxSum* __restrict__ out,
                                                        int64_t in_per_row, int64_t out_per_row) {
  pdl_trigger();
  pdl_wait();
  const int64_t row = blockIdx.x / out_per_row, group = blockIdx.x % out_per_row;
  const MaxSum s = merge_group(in, row, in_per_row, group);
  if (threadIdx.x == 0) out[blockIdx.x] = s;
}

// ---- kernel 2 --------------------------------------------------------------------------------
// `reverse`: block b takes chunk G - 1 - b and walks it from its end, so the bytes kernel 1 read
// last (the likeliest still in L2) come first. `rows` holds per_row (<= kThreads) summaries per
// row; `part` the chunk summaries of kernel 1.
template <bool kReread>
__global__ __launch_bounds__(kThreads, 4) void chunk_finish(const float* __restrict__ x, float* __restrict__ y,
                                                           const MaxSum* __restrict__ part,
                                                           const MaxSum* __restrict__ rows, int64_t per_row,
                                                           int64_t N, int64_t chunk, int64_t S, bool reverse) {
  const int64_t g = reverse ? int64_t{gridDim.x} - 1 - blockIdx.x : int64_t{blockIdx.x};
  const Chunk c = chunk_of(g, N, chunk, S);
  const float* xc = x + c.row * N + c.begin;
  float4 q[kUnroll];
  // x is never written by kernel 1: its first loads may fly while kernel 1 still runs.
  if constexpr (kReread) preload_first_step(xc, c.n, reverse, q);
  pdl_wait();  // kernel 1 (and the tree) finished; their writes are visible
  const MaxSum r = merge_group(rows, c.row, per_row, 0);
  const float inv = 1.0f / r.l;
  if constexpr (kReread) {
    span_normalise(xc, y + c.row * N + c.begin, c.n, r.m, inv, reverse, q, true);
  } else {
    // y holds exp(x - chunk max): one factor per chunk takes it to exp(x - max) / sum.
    const float f = expf(part[g].m - r.m) * inv;
    float* yc = y + c.row * N + c.begin;
    const Span sp = split16(yc, c.n);
    float4* y4 = reinterpret_cast<float4*>(yc + sp.head);
    const int t = threadIdx.x;
#pragma unroll
    for (int u = 0; u < kUnroll; ++u)
      if (t + u * kThreads < sp.nvec) q[u] = __ldcs(y4 + t + u * kThreads);
#pragma unroll
    for (int u = 0; u < kUnroll; ++u)
      if (t + u * kThreads < sp.nvec)
        __stcs(y4 + t + u * kThreads, make_float4(q[u].x * f, q[u].y * f, q[u].z * f, q[u].w * f));
    if (t < sp.head) yc[t] *= f;
    const int64_t tail0 = sp.head + 4 * sp.nvec;
    if (t < sp.tail) yc[tail0 + t] *= f;
  }
}

// ---- host side -----------------------------------------------------------------------------
// Knobs for the doc's experiments (the defaults are the stage):
//   STEP07_VARIANT=exp    variant (b) instead of (a)
//   STEP07_ORDER=forward  kernel 2 takes the chunks, and each chunk's steps, in kernel 1's order
//   STEP07_PDL=0          plain launches, no programmatic dependent launch
bool env_is(const char* name, const char* value) {
  const char* v = std::getenv(name);
  return v && std::string(v) == value;
}

// Scratch for the chunk summaries and the tree: one buffer per stream in flight, kept between
// launches (common/scratch.h), so a launch allocates nothing after its stream's first. Rows are
// taken in groups whose summaries fit (variant (a): always one group, M x S is one wave of blocks).
constexpr int64_t kScratch = int64_t{1} << 18;  // summaries: 2 MB

// Load every kernel of the stage at its first launch (CUDA loads them lazily, allocating as it goes).
void load_kernels() {
  static bool loaded = false;
  if (loaded) return;
  cudaFuncAttributes a;
  CUDA_CHECK(cudaFuncGetAttributes(&a, chunk_stats<kStats>));
  CUDA_CHECK(cudaFuncGetAttributes(&a, chunk_stats<kWhole>));
  CUDA_CHECK(cudaFuncGetAttributes(&a, chunk_exp));
  CUDA_CHECK(cudaFuncGetAttributes(&a, merge_level));
  CUDA_CHECK(cudaFuncGetAttributes(&a, chunk_finish<true>));
  CUDA_CHECK(cudaFuncGetAttributes(&a, chunk_finish<false>));
  loaded = true;
}

// Launch with programmatic stream serialisation where the GPU has it (sm_90 and later). Should
// the runtime refuse the attribute, say so once and launch plainly from then on.
bool pdl_enabled = true;
template <class... Params, class... Args>
void launch_dependent(void (*kernel)(Params...), int64_t blocks, cudaStream_t stream, Args... args) {
  static const bool wanted = device_info().cc_major >= 9 && !env_is("STEP07_PDL", "0");
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(static_cast<unsigned>(blocks));
  cfg.blockDim = dim3(kThreads);
  cfg.stream = stream;
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attr[0].val.programmaticStreamSerializationAllowed = 1;
  cfg.attrs = attr;
  cfg.numAttrs = wanted && pdl_enabled ? 1 : 0;
  cudaError_t err = cudaLaunchKernelEx(&cfg, kernel, args...);
  if (err != cudaSuccess && cfg.numAttrs == 1) {
    (void)cudaGetLastError();
    std::fprintf(stderr, "note: programmatic dependent launch refused (%s); plain launches\n",
                 cudaGetErrorString(err));
    pdl_enabled = false;
    cfg.numAttrs = 0;
    err = cudaLaunchKernelEx(&cfg, kernel, args...);
  }
  CUDA_CHECK(err);
}

// Kernel 2's merge input: the chunk summaries, reduced by tree levels until a row has at most
// kThreads of them. Returns the summaries and how many there are per row.
const MaxSum* merge_tree(MaxSum* part, int64_t M, int64_t S, int64_t* per_row, cudaStream_t stream) {
  const MaxSum* in = part;
  MaxSum* out = part + M * S;
  while (S > kThreads) {
    const int64_t next = ceil_div(S, kThreads);
    launch_dependent(merge_level, M * next, stream, in, out, S, next);
    in = out;
    out += M * next;
    S = next;
  }
  *per_row = S;
  return in;
}

// Room for the chunk summaries and every tree level after them.
int64_t tree_size(int64_t M, int64_t S) {
  int64_t total = M * S;
  while (S > kThreads) total += M * (S = ceil_div(S, kThreads));
  return total;
}

// Blocks of kernel 1 resident on the whole GPU.
int64_t resident_blocks() {
  static int per_sm = 0;
  if (per_sm == 0)
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, chunk_stats<kStats>, kThreads, 0));
  return int64_t{per_sm} * device_info().sm_count;
}

// The split: one wave — about as many chunks (blocks) as the GPU holds at once, so every block
// streams one long chunk with its loads always in flight — each chunk a whole number of
// kernel 1 steps; never more chunks than the row has steps.
int64_t splits_for(int64_t M, int64_t N, int64_t* chunk) {
  const int64_t steps = ceil_div(N, kGrain);
  const int64_t want = std::min(steps, std::max<int64_t>(1, resident_blocks() / M));
  const int64_t steps_per_chunk = ceil_div(steps, want);
  *chunk = steps_per_chunk * kGrain;
  return ceil_div(steps, steps_per_chunk);
}

// The float4 paths assume x and y sit at the same address modulo 16 (true of cudaMalloc'd
// buffers and of equal offsets into them); anything else stops here instead of faulting.
void require_same_alignment(const float* x, const float* y) {
  if ((reinterpret_cast<uintptr_t>(x) - reinterpret_cast<uintptr_t>(y)) % 16 != 0) {
    std::fprintf(stderr, "error: x and y must have the same address modulo 16\n");
    std::exit(kExitUsage);
  }
}

// Kernel 1, the tree, kernel 2 over M rows split S ways, in row groups that fit the scratch.
template <bool kReread>
void launch_split(const float* x, float* y, int64_t M, int64_t N, int64_t chunk, int64_t S,
                  cudaStream_t stream) {
  static const bool reverse = !env_is("STEP07_ORDER", "forward");
  const StreamScratch scratch("07 summaries", kScratch * sizeof(MaxSum), stream);
  MaxSum* part = static_cast<MaxSum*>(scratch.get());
  const int64_t group = std::min(M, kScratch / tree_size(1, S));
  for (int64_t r0 = 0; r0 < M; r0 += group) {
    const int64_t rows = std::min(group, M - r0);
    const float* xg = x + r0 * N;
    float* yg = y + r0 * N;
    if constexpr (kReread)
      chunk_stats<kStats><<<static_cast<unsigned>(rows * S), kThreads, 0, stream>>>(xg, yg, part, N, chunk, S);
    else
      chunk_exp<<<static_cast<unsigned>(rows * S), kThreads, 0, stream>>>(xg, yg, part, N, S);
    CUDA_CHECK_LAUNCH();
    int64_t per_row = 0;
    const MaxSum* merged = merge_tree(part, rows, S, &per_row, stream);
    launch_dependent(chunk_finish<kReread>, rows * S, stream, xg, yg, static_cast<const MaxSum*>(part),
                     merged, per_row, N, chunk, S, reverse);
  }
}

// One block per row already fills the GPU (S = 1): no split, no second kernel.
void launch_whole(const float* x, float* y, int64_t M, int64_t N, cudaStream_t stream) {
  chunk_stats<kWhole><<<static_cast<unsigned>(M), kThreads, 0, stream>>>(x, y, nullptr, N, N, 1);
  CUDA_CHECK_LAUNCH();
}

// Variant (a), the stage: kernel 2 re-reads x.
void launch_reread(const float* x, float* y, int64_t M, int64_t N, cudaStream_t stream) {
  if (M == 0 || N == 0) return;
  require_same_alignment(x, y);
  load_kernels();
  int64_t chunk = 0;
  const int64_t S = splits_for(M, N, &chunk);
  if (S == 1) return launch_whole(x, y, M, N, stream);
  launch_split<true>(x, y, M, N, chunk, S, stream);
}

// Variant (b): kernel 1 writes exp(x - chunk max), kernel 2 rescales y in place. The chunk is
// what one block holds in registers, kStep floats.
void launch_exp(const float* x, float* y, int64_t M, int64_t N, cudaStream_t stream) {
  if (M == 0 || N == 0) return;
  require_same_alignment(x, y);
  load_kernels();
  const int64_t S = ceil_div(N, kStep);
  if (S == 1) return launch_whole(x, y, M, N, stream);
  launch_split<false>(x, y, M, N, kStep, S, stream);
}

// Variant (a) splits only while M x S stays about one wave of blocks: M alone is the limit.
std::string refuse(const DeviceInfo&, DType, int64_t M, int64_t) {
  return M > 0x7fffffff ? "M is larger than the grid can cover (2^31 - 1 blocks)" : "";
}
// Variant (b) has one summary per kStep floats: one row's must fit the scratch.
std::string refuse_exp(const DeviceInfo& d, DType t, int64_t M, int64_t N) {
  if (tree_size(1, ceil_div(N, kStep)) > kScratch)
    return "variant (b): a row of " + std::to_string(N) + " floats has more chunk summaries than the scratch holds";
  return refuse(d, t, M, N);
}
int64_t max_cols(const DeviceInfo&, DType) { return 0; }

std::vector<Shape> sweep() {
  std::vector<Shape> shapes;
  for (int64_t n = int64_t{1} << 16; n <= (int64_t{1} << 24); n *= 2) shapes.push_back({4, n});
  for (int k : {20, 24, 26}) shapes.push_back({1, int64_t{1} << k});
  shapes.push_back({2048, 262144});
  return shapes;
}

// --explain: every kernel the two variants launch.
std::vector<KernelConfig> explain(const DeviceInfo&, DType) {
  auto f = [](auto* k) { return reinterpret_cast<const void*>(k); };
  return {{"chunk_stats<kStats>: kernel 1 of (a)", f(chunk_stats<kStats>), kThreads, 0, 0},
          {"chunk_stats<kWhole>: S = 1, whole row", f(chunk_stats<kWhole>), kThreads, 0, 0},
          {"chunk_exp: kernel 1 of (b)", f(chunk_exp), kThreads, 0, 4 * kUnroll},
          {"merge_level: a tree level", f(merge_level), kThreads, 0, 0},
          {"chunk_finish<true>: kernel 2 of (a)", f(chunk_finish<true>), kThreads, 0, 0},
          {"chunk_finish<false>: kernel 2 of (b)", f(chunk_finish<false>), kThreads, 0, 0}};
}

// The stage is variant (a); STEP07_VARIANT=exp runs variant (b) through the same harness.
Stage make_stage() {
  if (env_is("STEP07_VARIANT", "exp"))
    return {"07", "splitk-exp", "split-K, variant (b): kernel 1 writes exp(x - chunk max), kernel 2 rescales",
            launch_exp, nullptr, nullptr, refuse_exp, max_cols, sweep(), explain};
  return {"07", "splitk", "split-K: chunk (max, sum) in kernel 1, merged in kernel 2, which re-reads x",
          launch_reread, nullptr, nullptr, refuse, max_cols, sweep(), explain};
}
const Stage stage07 = make_stage();

#ifdef SOFTMAX_NO_MAIN
// The GPU tests check both variants.
const Stage stage07b = {"07b", "splitk-exp", "split-K, variant (b)", launch_exp, nullptr, nullptr, refuse_exp,
                        max_cols, sweep(), explain};
const bool stage07b_registered = register_stage(stage07b);
#endif

}  // namespace

SOFTMAX_STAGE(stage07)
