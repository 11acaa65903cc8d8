// Stage 04 — block fused: one 1024-thread block per row, the row held in registers.
//
// New here, against stage 03 (one warp per row): the row is spread over 1024 threads instead of
// 32, so each thread holds N / 1024 floats and the register file stops being the limit 32 times
// later (spills start past N = 32768, docs/04_block.md). The price is a block-wide reduction:
// warp shuffles, then shared memory and barriers (common/reduce.cuh), done twice — once for the
// max, once for the sum. Loads and stores are 16 bytes wide; rows that do not start on a 16-byte
// boundary (N % 4 != 0) are handled as in stage 03. N is a compile-time capacity (kMaxN, a
// multiple of 4096); the launcher picks the smallest instantiation that holds the row, so for
// N < 4096 most threads of the block hold nothing: stage 05 sizes the block to the row.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "cuda_check.cuh"
#include "row_chunks.cuh"  // the row as 16-byte chunks (stage 03)
#include "reduce.cuh"
#include "stage.h"

namespace {

constexpr int kThreads = 1024;

// One block per row; thread t holds chunks t, t + 1024, t + 2048, ...: each load instruction of a
// warp reads 512 contiguous bytes.
template <int kMaxN>
__global__ __launch_bounds__(kThreads) void softmax_block(const float* __restrict__ x,
                                                          float* __restrict__ y, int N) {
  constexpr int kSlots = kMaxN / (4 * kThreads);  // float4s per thread
  static_assert(kSlots >= 1 && kMaxN % (4 * kThreads) == 0, "kMaxN: a multiple of 4096");
  const float* xr = x + int64_t{blockIdx.x} * N;
  float* yr = y + int64_t{blockIdx.x} * N;
  const int h = misalignment(xr);
  const bool vec = misalignment(yr) == h;
  const int e0 = 4 * static_cast<int>(threadIdx.x) - h;

  // 1. Load the whole share of the row first: kSlots independent 16-byte loads in flight.
  float4 v[kSlots];
#pragma unroll
  for (int i = 0; i < kSlots; ++i) v[i] = load_chunk(xr, e0 + 4 * kThreads * i, N);

  // 2. The row's max: per thread, then across the block.
  float4 mx = v[0];
#pragma unroll
  for (int i = 1; i < kSlots; ++i) {
    mx.x = fmaxf(mx.x, v[i].x), mx.y = fmaxf(mx.y, v[i].y);
    mx.z = fmaxf(mx.z, v[i].z), mx.w = fmaxf(mx.w, v[i].w);
  }
  const float m = block_allreduce(fmaxf(fmaxf(mx.x, mx.y), fmaxf(mx.z, mx.w)), MaxOp{});

  // 3. exp(x - max) in place, and the row's sum.
  float4 s = {0.0f, 0.0f, 0.0f, 0.0f};
#pragma unroll
  for (int i = 0; i < kSlots; ++i) {
    v[i].x = __expf(v[i].x - m), v[i].y = __expf(v[i].y - m);
    v[i].z = __expf(v[i].z - m), v[i].w = __expf(v[i].w - m);
    s.x += v[i].x, s.y += v[i].y, s.z += v[i].z, s.w += v[i].w;
  }
  const float inv = 1.0f / block_allreduce((s.x + s.y) + (s.z + s.w), SumOp{});

  // 4. Normalise from registers and store.
#pragma unroll
  for (int i = 0; i < kSlots; ++i) {
    v[i].x *= inv, v[i].y *= inv, v[i].z *= inv, v[i].w *= inv;
    store_chunk(yr, e0 + 4 * kThreads * i, N, v[i], vec);
  }
}

// ---- instantiations and the launcher -------------------------------------------------------
using Kernel = void (*)(const float*, float*, int);
struct Variant {
  int max_n;
  Kernel kernel;
};
// The compiler's report for each is in build/step04.ptxas.txt: up to 32768 no spills; 65536 spills
// (64 floats per thread cannot fit the 64 registers a 1024-thread block allows), and the launcher
// still uses it so its cost is measured; 131072 is built only to show the spills grow.
const Variant kVariants[] = {
    {4096, softmax_block<4096>},   {8192, softmax_block<8192>},   {16384, softmax_block<16384>},
    {32768, softmax_block<32768>}, {65536, softmax_block<65536>}, {131072, softmax_block<131072>},
};
constexpr int64_t kLargest = 65536;  // the largest instantiation the launcher uses

// Elements the kernel must cover: rows of N % 4 != 0 start up to 3 floats past a boundary.
int64_t needed(int64_t N, bool aligned_base) { return N + ((N % 4 == 0 && aligned_base) ? 0 : 3); }

void launch(const float* x, float* y, int64_t M, int64_t N, cudaStream_t stream) {
  const int64_t need = needed(N, reinterpret_cast<uintptr_t>(x) % 16 == 0);
  for (const Variant& v : kVariants) {
    if (v.max_n > kLargest || v.max_n < need) continue;
    v.kernel<<<static_cast<unsigned>(M), kThreads, 0, stream>>>(x, y, static_cast<int>(N));
    CUDA_CHECK_LAUNCH();
    return;
  }
  std::fprintf(stderr, "stage 04: N = %lld does not fit its largest instantiation (%lld)\n",
               static_cast<long long>(N), static_cast<long long>(kLargest));
  std::exit(kExitUsage);
}

std::string refuse(const DeviceInfo&, DType, int64_t M, int64_t N) {
  if (needed(N, true) > kLargest)
    return "stage 04 is built for rows of at most " + std::to_string(kLargest) + " floats (" +
           std::to_string(kLargest - 3) + " when N % 4 != 0): 64 per thread of a 1024-thread " +
           "block, already spilling (docs/04_block.md); stages 06 and 07 take any N";
  if (M > 0x7fffffff) return "M is larger than the grid can cover (2^31 - 1 blocks)";
  return "";
}

int64_t max_cols(const DeviceInfo&, DType) { return kLargest; }

std::vector<Shape> sweep() {
  std::vector<Shape> shapes;
  for (const Shape& s : sweep_m2048())
    if (needed(s.N, true) <= kLargest) shapes.push_back(s);
  return shapes;
}

// --explain: each instantiation the launcher uses.
std::vector<KernelConfig> explain(const DeviceInfo&, DType) {
  std::vector<KernelConfig> configs;
  for (const Variant& v : kVariants)
    if (v.max_n <= kLargest)
      configs.push_back({"softmax_block<" + std::to_string(v.max_n) + ">",
                         reinterpret_cast<const void*>(v.kernel), kThreads, 0, v.max_n / kThreads});
  return configs;
}

const Stage stage04 = {"04", "block", "one 1024-thread block per row, the row in registers",
                       launch, nullptr, nullptr, refuse, max_cols, sweep(), explain};

}  // namespace

SOFTMAX_STAGE(stage04)
