// Stage 06 — two-pass: rows too long for registers are streamed twice, re-read through __ldg.
//
// New here: no thread holds its share of the row, so N has no limit. Pass 1 streams the row with
// 16-byte loads and keeps only an online (max, sum) per thread — O(1) registers whatever N is —
// merged by block_allreduce(MaxSum). Pass 2 reads the row again through the read-only path
// (__ldg), normalises and writes. That re-read is a third transfer (12 bytes per element, not 8)
// unless it is served on chip, so: pass 2 walks the row backwards (bytes read last come first),
// its stores are evict-first (__stcs), and the resident rows x row bytes are kept within half the
// L2. Odd N: each row is a scalar head, a float4 body and a scalar tail. See docs/06_twopass.md.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "cuda_check.cuh"
#include "online_stats.cuh"  // split16, fold, keep_nan: the streaming (max, sum) (new in stage 06)
#include "reduce.cuh"
#include "stage.h"

namespace {

constexpr int kUnroll = 2;        // float4 loads in flight per thread per loop step
constexpr int kMaxThreads = 1024;


// One block of T threads per row, rows strided over the grid. The row's float4s are visited in
// groups of kUnroll * T (thread t takes float4s t, t + T, ...: neighbouring threads, neighbouring
// addresses); `reverse` makes pass 2 visit the groups from the last one back.
template <int T>
__global__ __launch_bounds__(T, 2048 / T) void softmax_twopass(const float* __restrict__ x,
                                                               float* __restrict__ y, int64_t M,
                                                               int64_t N, bool reverse) {
  constexpr int kGroup = kUnroll * T;
  const int t = threadIdx.x;
  for (int64_t row = blockIdx.x; row < M; row += gridDim.x) {
    const float* xr = x + row * N;
    float* yr = y + row * N;
    const Span sp = split16(xr, N);
    const float4* xv = reinterpret_cast<const float4*>(xr + sp.head);
    float4* yv = reinterpret_cast<float4*>(yr + sp.head);
    const float* xtail = xr + sp.head + 4 * sp.nvec;
    const int64_t groups = (sp.nvec + kGroup - 1) / kGroup;

    // Pass 1: stream the row, kUnroll float4 loads in flight, fold them into (m, l).
    MaxSum s = maxsum_identity();
    for (int64_t g = 0; g < groups; ++g) {
      const int64_t base = g * kGroup + t;
      float v[4 * kUnroll];
#pragma unroll
      for (int u = 0; u < kUnroll; ++u)
        set4(v + 4 * u, base + u * T < sp.nvec ? xv[base + u * T]
                                               : make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY));
      fold(s, v);
    }
    if (t < sp.head) fold(s, {xr[t]});
    if (t < sp.tail) fold(s, {xtail[t]});
    s = block_allreduce(keep_nan(s));  // every thread now holds the row's (max, sum)
    const float m = s.m, inv = 1.0f / s.l;

    // Pass 2: read again through the read-only path, normalise, write (evict-first).
    for (int64_t g = 0; g < groups; ++g) {
      const int64_t base = (reverse ? groups - 1 - g : g) * kGroup + t;
      float4 q[kUnroll];
#pragma unroll
      for (int u = 0; u < kUnroll; ++u)
        if (base + u * T < sp.nvec) q[u] = __ldg(xv + base + u * T);
#pragma unroll
      for (int u = 0; u < kUnroll; ++u)
        if (base + u * T < sp.nvec)
          __stcs(yv + base + u * T, make_float4(__expf(q[u].x - m) * inv, __expf(q[u].y - m) * inv,
                                                __expf(q[u].z - m) * inv, __expf(q[u].w - m) * inv));
    }
    if (t < sp.head) yr[t] = __expf(__ldg(xr + t) - m) * inv;
    if (t < sp.tail) yr[sp.head + 4 * sp.nvec + t] = __expf(__ldg(xtail + t) - m) * inv;
    // The next row may start at once: block_allreduce ended with a barrier, its slots are free.
  }
}

// Threads grow with the row (4 * kUnroll floats per thread per group), 128 to 1024.
int threads_for(int64_t N) {
  int t = 128;
  while (t < kMaxThreads && int64_t{t} * 4 * kUnroll < N) t *= 2;
  return t;
}

// Knobs for the doc's experiments (the defaults are what the stage measures):
//   STEP06_PASS2=forward     pass 2 in the same order as pass 1
//   STEP06_ROWS_PER_SM=k     k rows (blocks) resident per SM instead of the L2-sized choice
int env_int(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::atoi(v) : fallback;
}
bool pass2_reverse() {
  static const bool r = !(std::getenv("STEP06_PASS2") && std::string(std::getenv("STEP06_PASS2")) == "forward");
  return r;
}

// The float4 paths assume x and y sit at the same address modulo 16 (true of cudaMalloc'd
// buffers and of equal offsets into them); anything else stops here instead of faulting.
void require_same_alignment(const float* x, const float* y) {
  if ((reinterpret_cast<uintptr_t>(x) - reinterpret_cast<uintptr_t>(y)) % 16 != 0) {
    std::fprintf(stderr, "error: x and y must have the same address modulo 16\n");
    std::exit(kExitUsage);
  }
}

// Rows resident at once: as many as fit an SM (registers and the 2048-thread limit decide), but
// no more than keeps resident rows x row bytes within half the L2. That product is how far apart
// pass 1 and pass 2 read the same byte: within the L2, pass 2 finds the row there. One row per SM
// at least.
template <int T>
int rows_per_sm(int64_t N) {
  static int per_sm = 0;
  if (per_sm == 0)
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, softmax_twopass<T>, T, 0));
  static const int knob = env_int("STEP06_ROWS_PER_SM", 0);
  if (knob > 0) return std::min(knob, per_sm);
  const DeviceInfo& d = device_info();
  const int64_t fit = (d.l2_bytes / 2) / (int64_t{d.sm_count} * N * int64_t{sizeof(float)});
  return static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(per_sm, fit)));
}

template <int T>
void launch_t(const float* x, float* y, int64_t M, int64_t N, cudaStream_t stream) {
  // A grid of exactly the resident blocks; block b takes rows b, b + gridDim.x, ...
  const int64_t grid = std::min<int64_t>(M, int64_t{device_info().sm_count} * rows_per_sm<T>(N));
  softmax_twopass<T><<<static_cast<unsigned>(grid), T, 0, stream>>>(x, y, M, N, pass2_reverse());
  CUDA_CHECK_LAUNCH();
}

// Load every instantiation at the first launch (CUDA loads kernels lazily), not in the middle of use.
void load_kernels() {
  static bool done = false;
  if (done) return;
  cudaFuncAttributes a;
  CUDA_CHECK(cudaFuncGetAttributes(&a, softmax_twopass<128>));
  CUDA_CHECK(cudaFuncGetAttributes(&a, softmax_twopass<256>));
  CUDA_CHECK(cudaFuncGetAttributes(&a, softmax_twopass<512>));
  CUDA_CHECK(cudaFuncGetAttributes(&a, softmax_twopass<1024>));
  done = true;
}

void launch(const float* x, float* y, int64_t M, int64_t N, cudaStream_t stream) {
  if (M == 0 || N == 0) return;
  require_same_alignment(x, y);
  load_kernels();
  switch (threads_for(N)) {
    case 128: launch_t<128>(x, y, M, N, stream); break;
    case 256: launch_t<256>(x, y, M, N, stream); break;
    case 512: launch_t<512>(x, y, M, N, stream); break;
    default: launch_t<1024>(x, y, M, N, stream); break;
  }
}

std::string refuse(const DeviceInfo&, DType, int64_t, int64_t) { return ""; }
int64_t max_cols(const DeviceInfo&, DType) { return 0; }

// --explain: each instantiation the launcher uses (threads_for(N) picks it).
std::vector<KernelConfig> explain(const DeviceInfo&, DType) {
  return {{"softmax_twopass<128>, N <= 1024", reinterpret_cast<const void*>(softmax_twopass<128>), 128, 0, 0},
          {"softmax_twopass<256>, N <= 2048", reinterpret_cast<const void*>(softmax_twopass<256>), 256, 0, 0},
          {"softmax_twopass<512>, N <= 4096", reinterpret_cast<const void*>(softmax_twopass<512>), 512, 0, 0},
          {"softmax_twopass<1024>, N > 4096", reinterpret_cast<const void*>(softmax_twopass<1024>), 1024, 0, 0}};
}

const Stage stage06 = {"06", "twopass",
                       "stream the row for (max, sum), re-read it through __ldg to normalise: any N",
                       launch, nullptr, nullptr, refuse, max_cols, sweep_m2048(), explain};

}  // namespace

SOFTMAX_STAGE(stage06)
