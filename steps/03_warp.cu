// Stage 03 — warp fused: one warp per row, the row held in registers, 16-byte loads and stores.
//
// New here, against stage 02 (a block per row, the row in shared memory, scalar accesses):
//   * the row lives in the registers of one warp: lane l holds N / 32 floats, so both reductions
//     are warp shuffles (common/reduce.cuh) — no shared memory, no barrier;
//   * every access is 16 bytes wide (LDG.E.128 / STG.E.128), all of a lane's loads are issued
//     before the first one is used, so many bytes are in flight per thread;
//   * N is a compile-time capacity (kMaxN): the register array must have a fixed size. The
//     launcher picks the smallest instantiation that holds the row and masks the tail.
// Rows that do not start on a 16-byte boundary (N % 4 != 0) are read as 16-byte chunks from the
// boundary before the row start; only the two end chunks fall back to scalar accesses.
// 4 warps (4 rows) per block. Registers per thread grow with kMaxN: docs/03_warp.md.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "cuda_check.cuh"
#include "row_chunks.cuh"  // the row as 16-byte chunks, any N and alignment (new in stage 03)
#include "reduce.cuh"
#include "stage.h"

namespace {

constexpr int kWarps = 4;  // rows per block

// One warp per row; lane l holds chunks l, l + 32, l + 64, ...: each load instruction of the warp
// reads 512 contiguous bytes.
template <int kMaxN>
__global__ __launch_bounds__(32 * kWarps) void softmax_warp(const float* __restrict__ x,
                                                            float* __restrict__ y, int64_t M,
                                                            int N) {
  constexpr int kSlots = kMaxN / 128;  // float4s per lane
  static_assert(kSlots >= 1 && kMaxN % 128 == 0, "kMaxN: a multiple of 128");
  const int64_t row = int64_t{blockIdx.x} * kWarps + threadIdx.x / 32;
  if (row >= M) return;  // no barrier below: a warp may leave on its own
  const float* xr = x + row * N;
  float* yr = y + row * N;
  const int h = misalignment(xr);
  const bool vec = misalignment(yr) == h;
  const int e0 = 4 * static_cast<int>(threadIdx.x % 32) - h;

  // 1. Load the lane's whole share first: kSlots independent 16-byte loads in flight.
  float4 v[kSlots];
#pragma unroll
  for (int i = 0; i < kSlots; ++i) v[i] = load_chunk(xr, e0 + 128 * i, N);

  // 2. The row's max: per lane (four independent chains), then across the warp.
  float4 mx = v[0];
#pragma unroll
  for (int i = 1; i < kSlots; ++i) {
    mx.x = fmaxf(mx.x, v[i].x), mx.y = fmaxf(mx.y, v[i].y);
    mx.z = fmaxf(mx.z, v[i].z), mx.w = fmaxf(mx.w, v[i].w);
  }
  const float m = warp_allreduce(fmaxf(fmaxf(mx.x, mx.y), fmaxf(mx.z, mx.w)), MaxOp{});

  // 3. exp(x - max) in place, and the row's sum.
  float4 s = {0.0f, 0.0f, 0.0f, 0.0f};
#pragma unroll
  for (int i = 0; i < kSlots; ++i) {
    v[i].x = __expf(v[i].x - m), v[i].y = __expf(v[i].y - m);
    v[i].z = __expf(v[i].z - m), v[i].w = __expf(v[i].w - m);
    s.x += v[i].x, s.y += v[i].y, s.z += v[i].z, s.w += v[i].w;
  }
  const float inv = 1.0f / warp_allreduce((s.x + s.y) + (s.z + s.w), SumOp{});

  // 4. Normalise from registers and store.
#pragma unroll
  for (int i = 0; i < kSlots; ++i) {
    v[i].x *= inv, v[i].y *= inv, v[i].z *= inv, v[i].w *= inv;
    store_chunk(yr, e0 + 128 * i, N, v[i], vec);
  }
}

// ---- instantiations and the launcher -------------------------------------------------------
using Kernel = void (*)(const float*, float*, int64_t, int);
struct Variant {
  int max_n;
  Kernel kernel;
};
// The compiler's report for each is in build/step03.ptxas.txt (docs/03_warp.md has the table): up
// to 4096 no spills; 8192 needs more than the 255 registers a thread may have and spills, and the
// launcher still uses it so that its cost is measured; 16384 is built only to show the compiler
// giving up on registers altogether (the array lives in local memory).
const Variant kVariants[] = {
    {128, softmax_warp<128>},   {256, softmax_warp<256>},   {512, softmax_warp<512>},
    {1024, softmax_warp<1024>}, {2048, softmax_warp<2048>}, {4096, softmax_warp<4096>},
    {8192, softmax_warp<8192>}, {16384, softmax_warp<16384>},
};
constexpr int64_t kLargest = 8192;  // the largest instantiation the launcher uses

// Elements the kernel must cover: rows of N % 4 != 0 start up to 3 floats past a boundary.
int64_t needed(int64_t N, bool aligned_base) { return N + ((N % 4 == 0 && aligned_base) ? 0 : 3); }

void launch(const float* x, float* y, int64_t M, int64_t N, cudaStream_t stream) {
  const int64_t need = needed(N, reinterpret_cast<uintptr_t>(x) % 16 == 0);
  const int64_t blocks = ceil_div(M, kWarps);
  for (const Variant& v : kVariants) {
    if (v.max_n > kLargest || v.max_n < need) continue;
    v.kernel<<<static_cast<unsigned>(blocks), 32 * kWarps, 0, stream>>>(x, y, M,
                                                                       static_cast<int>(N));
    CUDA_CHECK_LAUNCH();
    return;
  }
  std::fprintf(stderr, "stage 03: N = %lld does not fit its largest instantiation (%lld)\n",
               static_cast<long long>(N), static_cast<long long>(kLargest));
  std::exit(kExitUsage);
}

std::string refuse(const DeviceInfo&, DType, int64_t M, int64_t N) {
  if (needed(N, true) > kLargest)
    return "stage 03 keeps a row in one warp's registers: at most " + std::to_string(kLargest) +
           " floats (" + std::to_string(kLargest - 3) + " when N % 4 != 0), docs/03_warp.md; " +
           "stage 04 and later take longer rows";
  if (ceil_div(M, kWarps) > 0x7fffffff)
    return "M is larger than the grid can cover (2^31 - 1 blocks)";
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
      configs.push_back({"softmax_warp<" + std::to_string(v.max_n) + ">",
                         reinterpret_cast<const void*>(v.kernel), 32 * kWarps, 0, v.max_n / 32});
  return configs;
}

const Stage stage03 = {"03", "warp", "one warp per row, the row in registers, 16-byte accesses",
                       launch, nullptr, nullptr, refuse, max_cols, sweep(), explain};

}  // namespace

SOFTMAX_STAGE(stage03)
