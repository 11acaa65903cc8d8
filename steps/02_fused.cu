// Stage 02 — fused, Triton-style: one block per row, the row read once into shared memory.
//
// New here: the whole row is the unit of work of a block, as in Triton's fused-softmax tutorial.
// The block loads the row into shared memory with coalesced loads (neighbouring threads read
// neighbouring floats), reduces the max and the sum across the block (common/reduce.cuh), and
// writes the normalised row once: one read and one write of every element, the minimum traffic.
// The price is shared memory: N floats per block, so the longest row is what one block may hold
// (227 KB on an H100, 163 KB on an A100), and long rows leave one block, few warps, per SM.
// See docs/02_fused.md.
#include "cuda_check.cuh"
#include "reduce.cuh"
#include "stage.h"

namespace {

// Threads per block grow with the row, as Triton's num_warps does: 4, 8 or 16 warps.
int threads_for(int64_t N) { return N < 2048 ? 128 : (N < 4096 ? 256 : 512); }

__global__ void softmax_fused(const float* __restrict__ x, float* __restrict__ y, int64_t N) {
  extern __shared__ float row[];
  const float* xr = x + blockIdx.x * N;
  float* yr = y + blockIdx.x * N;
  // Load the row once, keeping a per-thread max on the way.
  float m = -INFINITY;
  for (int64_t j = threadIdx.x; j < N; j += blockDim.x) {
    row[j] = xr[j];
    m = fmaxf(m, row[j]);
  }
  m = block_allreduce(m, MaxOp{});
  // exp(x - max) back into shared memory, and the block's sum.
  float sum = 0.0f;
  for (int64_t j = threadIdx.x; j < N; j += blockDim.x) {
    row[j] = expf(row[j] - m);
    sum += row[j];
  }
  sum = block_allreduce(sum, SumOp{});
  // Normalise and write once.
  const float inv = 1.0f / sum;
  for (int64_t j = threadIdx.x; j < N; j += blockDim.x) yr[j] = row[j] * inv;
}

int64_t smem_bytes(int64_t N) { return N * static_cast<int64_t>(sizeof(float)); }

// Static shared memory of the two block reductions (MaxOp and SumOp: 32 floats each).
constexpr int64_t kReductionSmem = 2 * 32 * sizeof(float);

// Largest row: what one block may hold, less the reductions' scratch.
int64_t max_cols(const DeviceInfo& d, DType) { return (d.smem_per_block_optin - kReductionSmem) / 4; }

std::string refuse(const DeviceInfo& d, DType t, int64_t M, int64_t N) {
  if (N > max_cols(d, t))
    return "N = " + std::to_string(N) + " does not fit one block's shared memory on this GPU (at most " +
           std::to_string(max_cols(d, t)) + " floats); stages 06 and 07 take any N";
  if (M > 0x7fffffff) return "M is larger than the grid can cover (2^31 - 1 blocks)";
  return "";
}

// Above 48 KB a block must opt in to more dynamic shared memory (once is enough).
void allow_large_rows() {
  static const bool done = [] {
    CUDA_CHECK(cudaFuncSetAttribute(softmax_fused, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    static_cast<int>(device_info().smem_per_block_optin - kReductionSmem)));
    return true;
  }();
  (void)done;
}

void launch(const float* x, float* y, int64_t M, int64_t N, cudaStream_t stream) {
  if (smem_bytes(N) > 48 * 1024) allow_large_rows();
  softmax_fused<<<static_cast<unsigned>(M), threads_for(N), smem_bytes(N), stream>>>(x, y, N);
  CUDA_CHECK_LAUNCH();
}

// --explain: one configuration per row length of the sweep, up to the longest row.
std::vector<KernelConfig> explain(const DeviceInfo& d, DType t) {
  allow_large_rows();
  std::vector<KernelConfig> configs;
  for (int64_t N : {int64_t{1024}, int64_t{2048}, int64_t{4096}, int64_t{8192}, int64_t{16384},
                    int64_t{32768}, max_cols(d, t)})
    configs.push_back({"softmax_fused, N = " + std::to_string(N), reinterpret_cast<const void*>(softmax_fused),
                       threads_for(N), smem_bytes(N), ceil_div(N, threads_for(N))});
  return configs;
}

const Stage stage02 = {"02", "fused", "one block per row, the row cached in shared memory, read once",
                       launch, nullptr, nullptr, refuse, max_cols, sweep_m2048(), explain};

}  // namespace

SOFTMAX_STAGE(stage02)
