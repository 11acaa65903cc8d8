// Stage 05 — online: the row in registers, one combined (max, sum) reduction, block sized to N.
//
// New here, against stage 04 (a 1024-thread block, two block reductions):
//   * one reduction instead of two: each thread summarises its share of the row as a pair
//     (m, l) = (max, sum of exp(x - m)); pairs merge (common/softmax_math.h), so a single
//     block_allreduce(MaxSum) — warp shuffles, then shared memory, two barriers — gives the row's
//     (max, sum). The thread keeps exp(x - m) in registers and rescales it by exp(m - max) / sum,
//     so each element costs one exponential.
//   * the block fits the row: floats per thread are fixed at compile time (kSlots float4s: 32
//     floats once a row is longer than 512), threads per block are chosen per N at run time (a
//     multiple of 32), so at most 31 threads of a block are idle, where stage 04 left up to 1023.
// Rows start anywhere (odd N): 16-byte chunks are taken from the 16-byte boundary before the row
// start, and only the first and last chunk of a row fall back to scalar accesses. docs/05_online.md
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "cuda_check.cuh"
#include "row_chunks.cuh"  // the row as 16-byte chunks (stage 03)
#include "reduce.cuh"
#include "stage.h"

namespace {

// One block per row; thread t holds chunks t, t + T, t + 2T, ... (T = blockDim.x, chosen by the
// launcher): each load instruction of a warp reads 512 contiguous bytes.
template <int kSlots>
__global__ __launch_bounds__(1024) void softmax_online(const float* __restrict__ x,
                                                       float* __restrict__ y, int N) {
  const float* xr = x + int64_t{blockIdx.x} * N;
  float* yr = y + int64_t{blockIdx.x} * N;
  const int h = misalignment(xr);
  const bool vec = misalignment(yr) == h;
  const int e0 = 4 * static_cast<int>(threadIdx.x) - h, step = 4 * static_cast<int>(blockDim.x);

  // 1. Issue every load of this thread before using any of them.
  float4 v[kSlots];
#pragma unroll
  for (int i = 0; i < kSlots; ++i) v[i] = load_chunk(xr, e0 + i * step, N);

  // 2. The thread's summary (m, l) of its own elements, from registers: its max, then the sum of
  //    exp(x - m), kept in place. It is the pair the element-by-element online recurrence builds,
  //    at one exponential per element where the recurrence (and its normalise pass) spend three.
  float4 mx = v[0];
#pragma unroll
  for (int i = 1; i < kSlots; ++i) {
    mx.x = fmaxf(mx.x, v[i].x), mx.y = fmaxf(mx.y, v[i].y);
    mx.z = fmaxf(mx.z, v[i].z), mx.w = fmaxf(mx.w, v[i].w);
  }
  MaxSum t;
  t.m = fmaxf(fmaxf(mx.x, mx.y), fmaxf(mx.z, mx.w));
  const float ms = t.m == -INFINITY ? 0.0f : t.m;  // nothing but -inf: exp gives 0, not NaN
  float4 s = {0.0f, 0.0f, 0.0f, 0.0f};
#pragma unroll
  for (int i = 0; i < kSlots; ++i) {
    v[i].x = __expf(v[i].x - ms), v[i].y = __expf(v[i].y - ms);
    v[i].z = __expf(v[i].z - ms), v[i].w = __expf(v[i].w - ms);
    s.x += v[i].x, s.y += v[i].y, s.z += v[i].z, s.w += v[i].w;
  }
  t.l = (s.x + s.y) + (s.z + s.w);
  // A NaN or +inf makes l NaN. The merge drops a side whose max is -inf (nothing but masked
  // entries), so give such a side a finite max: the NaN then reaches every thread's result, as
  // docs/special_values.md requires.
  if (isnan(t.l)) t.m = 0.0f;

  // 3. One (max, sum) reduction over the block: shuffles, shared memory, two barriers.
  const MaxSum r = block_allreduce(t);

  // 4. Rescale from the thread's max to the row's, divide by the row's sum, store. A thread that
  //    saw only -inf gets exp(-inf) = 0, unless the whole row is -inf: then exp(-inf - -inf) is
  //    NaN, the convention for such a row.
  const float scale = __expf(t.m - r.m) / r.l;
#pragma unroll
  for (int i = 0; i < kSlots; ++i) {
    v[i].x *= scale, v[i].y *= scale, v[i].z *= scale, v[i].w *= scale;
    store_chunk(yr, e0 + i * step, N, v[i], vec);
  }
}

// ---- choosing the block for N ----------------------------------------------------------------
using Kernel = void (*)(const float*, float*, int);
struct Variant {
  int slots;  // float4s per thread (compile time)
  Kernel kernel;
};
// The compiler's report for each is in build/step05.ptxas.txt. 12 float4s (48 floats) per thread
// is built only to show where it spills: a 1024-thread block allows 64 registers per thread.
const Variant kVariants[] = {
    {1, softmax_online<1>}, {2, softmax_online<2>},   {4, softmax_online<4>},
    {8, softmax_online<8>}, {12, softmax_online<12>},
};
constexpr int kMaxSlots = 8;  // the largest the launcher uses: no spills

// Elements the kernel must cover: rows of N % 4 != 0 start up to 3 floats past a boundary.
int64_t needed(int64_t N, bool aligned_base) { return N + ((N % 4 == 0 && aligned_base) ? 0 : 3); }
int64_t largest_cols(int64_t pad) { return int64_t{1024} * kMaxSlots * 4 - pad; }

// The launch for a row of N: 8 float4s (32 floats) per thread, fewer only for rows that one warp
// covers with fewer; then as many warps as the row needs, so at most 31 threads are idle.
struct Launch {
  int slots, threads;
  Kernel kernel;
};
Launch choose(int64_t N, bool aligned_base) {
  const int64_t chunks = ceil_div(needed(N, aligned_base), 4);
  int slots = kMaxSlots;
  while (slots > 1 && chunks <= 32 * (slots / 2)) slots /= 2;
  Launch l{slots, static_cast<int>(ceil_div(ceil_div(chunks, slots), 32) * 32), nullptr};
  for (const Variant& v : kVariants)
    if (v.slots == slots) l.kernel = v.kernel;
  return l;
}

void launch(const float* x, float* y, int64_t M, int64_t N, cudaStream_t stream) {
  const Launch l = choose(N, reinterpret_cast<uintptr_t>(x) % 16 == 0);
  if (l.threads > 1024) {  // only for a base pointer off 16 bytes with N near the limit
    std::fprintf(stderr, "stage 05: N = %lld does not fit 1024 threads x 32 floats\n",
                 static_cast<long long>(N));
    std::exit(kExitUsage);
  }
  l.kernel<<<static_cast<unsigned>(M), l.threads, 0, stream>>>(x, y, static_cast<int>(N));
  CUDA_CHECK_LAUNCH();
}

std::string refuse(const DeviceInfo&, DType, int64_t M, int64_t N) {
  if (needed(N, true) > largest_cols(0))
    return "stage 05 holds a row in the registers of one block: at most " +
           std::to_string(largest_cols(0)) + " floats (" + std::to_string(largest_cols(3)) +
           " when N % 4 != 0), docs/05_online.md; stages 06 and 07 take any N";
  if (M > 0x7fffffff) return "M is larger than the grid can cover (2^31 - 1 blocks)";
  return "";
}

int64_t max_cols(const DeviceInfo&, DType) { return largest_cols(0); }

std::vector<Shape> sweep() {
  std::vector<Shape> shapes;
  for (const Shape& s : sweep_m2048())
    if (needed(s.N, true) <= largest_cols(0)) shapes.push_back(s);
  return shapes;
}

// --explain: the launch of each power-of-two N up to the longest row.
std::vector<KernelConfig> explain(const DeviceInfo&, DType) {
  std::vector<KernelConfig> configs;
  for (int64_t N = 128; N <= largest_cols(0); N *= 2) {
    const Launch l = choose(N, true);
    configs.push_back({"softmax_online<" + std::to_string(l.slots) + ">, N = " + std::to_string(N),
                       reinterpret_cast<const void*>(l.kernel), l.threads, 0, 4 * l.slots});
  }
  return configs;
}

const Stage stage05 = {"05", "online",
                       "row in registers, one (max, sum) block reduction, block sized to N",
                       launch, nullptr, nullptr, refuse, max_cols, sweep(), explain};

}  // namespace

SOFTMAX_STAGE(stage05)
