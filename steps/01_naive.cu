// Stage 01 — naive: one thread per row, three passes over the row.
//
// What a first CUDA softmax usually looks like: the CPU loop moved into a kernel, with each thread
// owning one row. It is the safe softmax (the max is subtracted, so large inputs do not overflow),
// and it is correct, but it is slow for two reasons that the later stages remove one at a time:
//   * parallelism: M rows give only M threads; for M = 2048 that is 16 blocks on a 132-SM GPU;
//   * access pattern: at each step the 32 threads of a warp read 32 different rows, N floats
//     apart, so every load instruction touches 32 separate cache lines instead of one.
// The row is read three times (max, sum, normalise) and written once. See docs/01_naive.md.
#include "cuda_check.cuh"
#include "stage.h"

namespace {

constexpr int kThreads = 128;

__global__ void softmax_naive(const float* __restrict__ x, float* __restrict__ y, int64_t M, int64_t N) {
  const int64_t row = blockIdx.x * int64_t{blockDim.x} + threadIdx.x;
  if (row >= M) return;
  const float* xr = x + row * N;
  float* yr = y + row * N;
  // Pass 1: the row's maximum.
  float m = -INFINITY;
  for (int64_t j = 0; j < N; ++j) m = fmaxf(m, xr[j]);
  // Pass 2: the sum of exp(x - max), compensated (Kahan): `lost` carries what each addition
  // rounded away, so terms far below the running sum still count (docs/01_naive.md, "Accuracy").
  float sum = 0.0f, lost = 0.0f;
  for (int64_t j = 0; j < N; ++j) {
    const float term = expf(xr[j] - m) - lost;
    const float next = sum + term;
    lost = (next - sum) - term;
    sum = next;
  }
  // Pass 3: normalise and write.
  for (int64_t j = 0; j < N; ++j) yr[j] = expf(xr[j] - m) / sum;
}

void launch(const float* x, float* y, int64_t M, int64_t N, cudaStream_t stream) {
  const int64_t blocks = ceil_div(M, kThreads);
  softmax_naive<<<static_cast<unsigned>(blocks), kThreads, 0, stream>>>(x, y, M, N);
  CUDA_CHECK_LAUNCH();
}

// One thread walks each row three times, 32 rows a warp, N floats apart: 2.8 ms at 2048 x 4096 on
// the H100, and slower in step with N. The stage stops where its sweep does; stage 02 and later take
// longer rows. (Before the compensated sum it stopped at 4096 for accuracy, and even that was too
// far: docs/01_naive.md, "Accuracy".)
constexpr int64_t kMaxCols = 4096;

std::string refuse(const DeviceInfo&, DType, int64_t M, int64_t N) {
  if (N > kMaxCols)
    return "stage 01 walks a row with one thread and stops at N = " + std::to_string(kMaxCols) +
           ", where its sweep ends (docs/01_naive.md); stage 02 and later take longer rows";
  if (ceil_div(M, kThreads) > 0x7fffffff) return "M is larger than the grid can cover (2^31 blocks)";
  return "";
}

int64_t max_cols(const DeviceInfo&, DType) { return kMaxCols; }

// --explain: one configuration; the row length changes nothing but the loop count.
std::vector<KernelConfig> explain(const DeviceInfo&, DType) {
  return {{"softmax_naive, any N", reinterpret_cast<const void*>(softmax_naive), kThreads, 0, 0}};
}

const Stage stage01 = {"01", "naive", "one thread per row, three passes (max, sum, normalise)",
                       launch, nullptr, nullptr, refuse, max_cols, sweep_m2048(), explain};

}  // namespace

SOFTMAX_STAGE(stage01)
