// Forty-eighth session probe: a ladder from the rounds probe's phased copy to stage 09, one rung at
// a time, to find where stage 09's few-row rounds lose the ~10 us of a 64 MB call that the
// forty-seventh session's timelines showed (explore/session47/roundstl: with no softmax work,
// stage 09's loads land 3.5 us later than the phased copy's in round 0 and 8.3 us in round 1).
// The geometry is rounds.cu's (explore/session46) at S = 8: 264 blocks of 512 threads, each block
// a chunk of 128 KB a round (8 packs a thread in registers by __ldg, 8 slices of shared memory by
// cp.async), the grid's blocks in 4 "rows" of 66 consecutive chunks; two rounds are 66 MB, about
// stage 09's fp32 8 x 2^21 (4 rows of 8 MB a round). The rungs, each adding one of stage 09's ways
// (steps/09_cooperative.cu) to the one before:
//   phased   load, wait for all, grid barrier, store the packs as they came
//   +smem13  104 KB of shared memory a block (13 slices, 8 used), as stage 09 asks for
//   +groups  one cp.async group a slice (13, the unused ones empty), each waited for in turn and
//            read as it lands (summarise_slices' order)
//   +math    the thread's (max, sum) over its packs as floats (registers, then slices online), no
//            exponential in the sum (l += f - m, the split probe's PROBE_NOEXP1), and the stores
//            through floats (f * 1)
//   +reduce  block_allreduce_two_step of the threads' summaries, thread 0 writes it to global
//            memory before the barrier
//   +merge   after the barrier, the row's 66 summaries read with __ldcg and reduced again
//   +exp     the real softmax: exponentials in the sums and in the stores (stage 09 in full)
// and three rungs alone on the phased copy: groups, math, reduce. Each mode is checked first: y
// equals x bit for bit, or for +exp the double-precision softmax of each row within 1e-4 relative.
// Inputs: "ints" (0 .. 1023 as floats, the mantissas mostly zero) or "random" (uniform in [-8, 8),
// as many bits set as the harness's random inputs); x and y separate allocations, or y right after
// x in one ("adjacent"). Each call after the harness's flush (a memset of max(2 x L2, 64 MB)),
// median of 30 after one warm-up, three rounds of the modes in turn, % of the cudaMemcpy of the
// same bytes timed in the same round; then one traced call of each mode: thread 0 of every block
// writes %globaltimer when a round starts, when its loads have landed (summarised), when the
// barrier returns and when its last store is issued; the median and max over blocks.
// Build (repository root): nvcc -O3 -arch=sm_90 -std=c++17 -Icommon ladder.cu -o ladder
#include <cooperative_groups.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "packs.cuh"
#include "reduce.cuh"

namespace cg = cooperative_groups;
#define CK(x)                                                                           \
  do {                                                                                  \
    cudaError_t e_ = (x);                                                               \
    if (e_ != cudaSuccess) {                                                            \
      std::printf("CUDA %s at line %d\n", cudaGetErrorString(e_), __LINE__);            \
      std::exit(1);                                                                     \
    }                                                                                   \
  } while (0)

constexpr int kThreads = 512, kRegs = 8, kUsed = 8, kSlices13 = 13, kRows = 4, kMarks = 4;
enum Feature : int { kSmem13 = 1, kGroups = 2, kMath = 4, kReduce = 8, kMerge = 16, kExp = 32, kRegsMaxFirst = 64,
                     kSlicesFirst = 128, kSummariseSlicesFirst = 256, kPinOrder = 512 };
constexpr int kLadder = kSmem13 | kGroups | kMath | kReduce | kMerge;

// Pack k of this thread in round `round`: a block's 16 x 512 packs contiguous, pack k of thread t
// at k x 512 + t (rounds.cu's layout at S = 8).
__device__ __forceinline__ int64_t at(int round, int k) {
  constexpr int64_t per_block = int64_t{kRegs + kUsed} * kThreads;
  return (int64_t{round} * gridDim.x + blockIdx.x) * per_block + int64_t{k} * kThreads + threadIdx.x;
}

__device__ __forceinline__ void mark(unsigned long long* tl, int round, int k) {
  if (tl != nullptr && threadIdx.x == 0) {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    tl[(int64_t{round} * gridDim.x + blockIdx.x) * kMarks + k] = t;
  }
}

// One pack into the running (max, sum) or into the xor that keeps the wait honest.
template <int F>
__device__ __forceinline__ void take(const uint4& p, float& m, float& l, unsigned& v) {
  if constexpr ((F & kMath) == 0) {
    v ^= p.x;
  } else {
    const float pm = pack_max<float>(p);
    if (pm > m) {
      l = m == -INFINITY ? 0.0f : l * __expf(m - pm);
      m = pm;
    }
    float f[4];
    unpack<float>(p, f);
#pragma unroll
    for (int k = 0; k < 4; ++k) l += (F & kExp) ? __expf(f[k] - m) : f[k] - m;
  }
}

template <int F>
__device__ __forceinline__ uint4 out(const uint4& p, MaxSum row, float inv) {
  if constexpr ((F & kMath) == 0) {
    return p;
  } else {
    float f[4];
    unpack<float>(p, f);
#pragma unroll
    for (int k = 0; k < 4; ++k) f[k] = (F & kExp) ? __expf(f[k] - row.m) * inv : f[k] * inv;
    return pack<float>(f);
  }
}

// The registers into the thread's (max, sum): online, pack by pack, or (kRegsMaxFirst) as stage 09's
// thread_summary does, the max of all, then the sum, rescaled once if the running max was lower.
template <int F>
__device__ __forceinline__ void summarise_registers(uint4 (&r)[kRegs], float& m, float& l, unsigned& v) {
  if constexpr ((F & kRegsMaxFirst) != 0) {
    float rm = -INFINITY, rl = 0.0f;
#pragma unroll
    for (int k = 0; k < kRegs; ++k) rm = fmaxf(rm, pack_max<float>(r[k]));
#pragma unroll
    for (int k = 0; k < kRegs; ++k) {
      opaque(r[k]);
      float f[4];
      unpack<float>(r[k], f);
#pragma unroll
      for (int e = 0; e < 4; ++e) rl += (F & kExp) ? __expf(f[e] - rm) : f[e] - rm;
    }
    const MaxSum both = maxsum_merge(MaxSum{m, l}, MaxSum{rm, rl});
    m = both.m, l = both.l;
  } else {
#pragma unroll
    for (int k = 0; k < kRegs; ++k) take<F>(r[k], m, l, v);
  }
}

// The slices' cp.asyncs: one group, or one a slice and the empty ones after (13 in all with kSmem13).
template <int GROUPS>
__device__ __forceinline__ void issue_slices(const uint4* x, int round, uint4* slot) {
#pragma unroll
  for (int j = 0; j < kUsed; ++j) {
    cp_async16(slot + j * kThreads, x + at(round, kRegs + j));
    if (GROUPS > 1) cp_async_commit();
  }
#pragma unroll
  for (int j = GROUPS > 1 ? kUsed : 0; j < GROUPS; ++j) cp_async_commit();  // the empty ones, or the one
  __syncwarp();
}

template <int F>
__global__ void __launch_bounds__(kThreads, 2)
    ladder(const uint4* x, uint4* y, int nrounds, MaxSum* ws, unsigned* sink, unsigned long long* tl) {
  extern __shared__ uint4 slots[];
  uint4* slot = slots + threadIdx.x;  // this thread's pack in each slice
  constexpr int groups = (F & kGroups) ? ((F & kSmem13) ? kSlices13 : kUsed) : 1;
  const int per_row = gridDim.x / kRows, row = blockIdx.x / per_row;
  uint4 r[kRegs];
  unsigned v = 0;
  for (int round = 0; round < nrounds; ++round) {
    mark(tl, round, 0);
    // Load: the registers, then the slices, one group or one a slice (13 with empty ones), in
    // the order ptxas picks; or (kPinOrder) in a loop of two steps that ptxas cannot reorder, the
    // registers first, or (kSlicesFirst) the slices.
    if constexpr ((F & kPinOrder) == 0) {
#pragma unroll
      for (int k = 0; k < kRegs; ++k) r[k] = __ldg(x + at(round, k));
      __syncwarp();
      issue_slices<groups>(x, round, slot);
    } else {
#pragma unroll 1
      for (int step = 0; step < 2; ++step) {
        if (step == ((F & kSlicesFirst) ? 0 : 1)) {
          issue_slices<groups>(x, round, slot);
        } else {
#pragma unroll
          for (int k = 0; k < kRegs; ++k) r[k] = __ldg(x + at(round, k));
        }
      }
    }
    // Wait: the registers, then each slice as its group lands (or all at once); or
    // (kSummariseSlicesFirst) the slices, then the registers.
    float m = -INFINITY, l = 0.0f;
    if constexpr ((F & kSummariseSlicesFirst) == 0) summarise_registers<F>(r, m, l, v);
    if constexpr (groups == 1) cp_async_wait_all();
#pragma unroll 1
    for (int j = 0; j < kUsed; ++j) {
      if constexpr (groups > 1) cp_async_wait_pending(groups - 1 - j);
      take<F>(slot[j * kThreads], m, l, v);
    }
    if constexpr ((F & kSummariseSlicesFirst) != 0) summarise_registers<F>(r, m, l, v);
    mark(tl, round, 1);
    MaxSum s{(F & kMath) ? m : __uint_as_float(v & 0x3fffffffu), (F & kMath) ? l : 1.0f};
    if constexpr ((F & kReduce) != 0) {
      s = block_allreduce_two_step(s);
      if (threadIdx.x == 0) ws[int64_t{round} * gridDim.x + blockIdx.x] = s;
    }
    cg::this_grid().sync();
    mark(tl, round, 2);
    // Merge: the row's summaries from L2.
    MaxSum total{0.0f, 1.0f};
    if constexpr ((F & kMerge) != 0) {
      MaxSum t = maxsum_identity();
      for (int j = threadIdx.x; j < per_row; j += kThreads) {
        const float2 p = __ldcg(reinterpret_cast<const float2*>(ws + int64_t{round} * gridDim.x + row * per_row + j));
        t = maxsum_merge(t, MaxSum{p.x, p.y});
      }
      total = block_allreduce_two_step(t);
    }
    // Store: registers, then slices. Without exponentials the factor is 1 (not known to the compiler).
    const float inv = (F & kExp) ? 1.0f / total.l : (total.m == 12345.0f ? 0.5f : 1.0f);
#pragma unroll
    for (int k = 0; k < kRegs; ++k) {
      opaque(r[k]);
      y[at(round, k)] = out<F>(r[k], total, inv);
    }
#pragma unroll 1
    for (int j = 0; j < kUsed; ++j) y[at(round, kRegs + j)] = out<F>(slot[j * kThreads], total, inv);
    mark(tl, round, 3);
  }
  if (v == 0x12345678u) *sink = v;  // keeps the waits of the modes without math
}

struct Mode {
  int f;
  const char* name;
};
// `./ladder`: the ladder and the three rungs alone (the first call). `./ladder order`: the load
// order on four rungs, the register loads first or the slices first in the source, and the
// registers summarised as stage 09 does (the max, then the sum). ptxas decides the order it issues
// them in; the first call's binary issued some rungs' slices first (docs: explore README).
// (kP: every mode of the order list has its order pinned.)
constexpr int kS13G = kSmem13 | kGroups, kRMF = kRegsMaxFirst | kPinOrder, kSF = kSlicesFirst,
              kSS = kSF | kSummariseSlicesFirst, kP = kPinOrder;
const std::vector<Mode> kFirst = {{0, "phased"},
                                  {kSmem13, "+smem13"},
                                  {kS13G, "+groups"},
                                  {kS13G | kMath, "+math"},
                                  {kS13G | kMath | kReduce, "+reduce"},
                                  {kLadder, "+merge"},
                                  {kLadder | kExp, "+exp"},
                                  {kGroups, "groups"},
                                  {kMath, "math"},
                                  {kReduce, "reduce"}};
const std::vector<Mode> kOrder = {{kP, "phased-L"},
                                  {kP | kSF, "phased-S"},
                                  {kS13G | kMath | kRMF, "math-L"},
                                  {kS13G | kMath | kRMF | kSF, "math-S"},
                                  {kS13G | kMath | kRMF | kReduce, "reduce-L"},
                                  {kS13G | kMath | kRMF | kReduce | kSF, "reduce-S"},
                                  {kLadder | kExp | kRMF, "exp-L"},
                                  {kLadder | kExp | kRMF | kSF, "exp-S"},
                                  {kS13G | kMath | kRMF | kSS, "math-SS"},
                                  {kS13G | kMath | kRMF | kReduce | kSS, "reduce-SS"},
                                  {kLadder | kExp | kRMF | kSS, "exp-SS"}};
std::vector<Mode> kModes;  // the list this run times

template <int F>
const void* kernel_with_smem(size_t& smem) {
  smem = size_t((F & kSmem13) ? kSlices13 : kUsed) * kThreads * 16;
  CK(cudaFuncSetAttribute(ladder<F>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
  return reinterpret_cast<const void*>(ladder<F>);
}
// The kernel of features f: one of the compiled ones.
template <int F, int... Rest>
const void* kernel_in(int f, size_t& smem) {
  if (f == F) return kernel_with_smem<F>(smem);
  if constexpr (sizeof...(Rest) > 0) {
    return kernel_in<Rest...>(f, smem);
  } else {
    std::printf("no kernel of features %d\n", f);
    std::exit(1);
  }
}
const void* kernel_of(int f, size_t& smem) {
  return kernel_in<0, kSmem13, kS13G, kS13G | kMath, kS13G | kMath | kReduce, kLadder, kLadder | kExp, kGroups,
                   kMath, kReduce, kP, kP | kSF, kS13G | kMath | kRMF, kS13G | kMath | kRMF | kSF,
                   kS13G | kMath | kRMF | kReduce, kS13G | kMath | kRMF | kReduce | kSF, kLadder | kExp | kRMF,
                   kLadder | kExp | kRMF | kSF, kS13G | kMath | kRMF | kSS, kS13G | kMath | kRMF | kReduce | kSS,
                   kLadder | kExp | kRMF | kSS>(f, smem);
}

struct Bufs {
  uint4 *x, *y;
  MaxSum* ws;
  unsigned* sink;
  char* flush;
  int64_t fbytes;
};

void launch(int mode, const Bufs& b, int nrounds, int grid, unsigned long long* tl) {
  size_t smem = 0;
  const void* k = kernel_of(kModes[mode].f, smem);
  void* args[] = {const_cast<uint4**>(&b.x), const_cast<uint4**>(&b.y), &nrounds,
                  const_cast<MaxSum**>(&b.ws), const_cast<unsigned**>(&b.sink), &tl};
  CK(cudaLaunchCooperativeKernel(k, grid, kThreads, args, smem, 0));
}

// y against x: bit for bit, or (exp) each row's double-precision softmax within 1e-4 relative.
bool check(int mode, const std::vector<float>& hx, const std::vector<float>& hy, int64_t row_elems) {
  if ((kModes[mode].f & kExp) == 0) return std::memcmp(hx.data(), hy.data(), hx.size() * 4) == 0;
  for (size_t r0 = 0; r0 < hx.size(); r0 += row_elems) {
    double m = -INFINITY, l = 0;
    for (int64_t i = 0; i < row_elems; ++i) m = std::max(m, double(hx[r0 + i]));
    for (int64_t i = 0; i < row_elems; ++i) l += std::exp(hx[r0 + i] - m);
    for (int64_t i = 0; i < row_elems; ++i) {
      const double want = std::exp(hx[r0 + i] - m) / l;
      if (!(std::fabs(hy[r0 + i] - want) <= 1e-4 * want + 1e-30)) {
        std::printf("  row at %zu, element %lld: %g against %g\n", r0, (long long)i, hy[r0 + i], want);
        return false;
      }
    }
  }
  return true;
}

float time_us(int mode, const Bufs& b, int nrounds, int grid, cudaEvent_t e0, cudaEvent_t e1) {
  const int64_t bytes = int64_t{grid} * (kRegs + kUsed) * kThreads * 16 * nrounds;
  std::vector<float> v;
  for (int it = 0; it < 31; ++it) {
    CK(cudaMemsetAsync(b.flush, 0, b.fbytes, 0));
    CK(cudaEventRecord(e0, 0));
    if (mode < 0) CK(cudaMemcpyAsync(b.y, b.x, bytes, cudaMemcpyDeviceToDevice, 0));
    else launch(mode, b, nrounds, grid, nullptr);
    CK(cudaEventRecord(e1, 0));
    CK(cudaEventSynchronize(e1));
    float ms;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    if (it > 0) v.push_back(ms * 1000.0f);
  }
  std::sort(v.begin(), v.end());
  return 0.5f * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

// One traced call: per round, the median and max over blocks of each mark, from the call's first.
void trace(int mode, const Bufs& b, int nrounds, int grid) {
  const size_t n = size_t(nrounds) * grid * kMarks;
  unsigned long long* tl;
  CK(cudaMalloc(&tl, n * 8));
  CK(cudaMemset(tl, 0, n * 8));
  CK(cudaMemsetAsync(b.flush, 0, b.fbytes, 0));
  launch(mode, b, nrounds, grid, tl);
  CK(cudaDeviceSynchronize());
  std::vector<unsigned long long> h(n);
  CK(cudaMemcpy(h.data(), tl, n * 8, cudaMemcpyDeviceToHost));
  CK(cudaFree(tl));
  const unsigned long long t0 = *std::min_element(h.begin(), h.end());
  std::printf("  trace %-8s", kModes[mode].name);
  for (int rd = 0; rd < nrounds; ++rd)
    for (int k = 0; k < kMarks; ++k) {
      std::vector<double> w;
      for (int blk = 0; blk < grid; ++blk) w.push_back((h[(size_t(rd) * grid + blk) * kMarks + k] - t0) * 1e-3);
      std::sort(w.begin(), w.end());
      std::printf(" %5.2f/%5.2f", w[w.size() / 2], w.back());
    }
  std::printf("\n");
}

void study(const char* inputs, bool adjacent, Bufs b, int grid, int nrounds, cudaEvent_t e0, cudaEvent_t e1) {
  const int64_t bytes = int64_t{grid} * (kRegs + kUsed) * kThreads * 16 * nrounds, elems = bytes / 4;
  if (adjacent) b.y = b.x + bytes / 16;
  std::vector<float> hx(elems), hy(elems);
  uint64_t state = 88172645463325252ull;
  for (int64_t i = 0; i < elems; ++i) {
    state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    hx[i] = std::strcmp(inputs, "ints") == 0 ? float(i & 1023) : float(int64_t(state >> 40) - (1 << 23)) / (1 << 20);
  }
  CK(cudaMemcpy(b.x, hx.data(), bytes, cudaMemcpyHostToDevice));
  std::printf("\n%s inputs, x and y %s, %d rounds of %d blocks x 128 KB: %.1f MB\n", inputs,
              adjacent ? "adjacent" : "apart", nrounds, grid, bytes / 1048576.0);
  for (int mo = 0; mo < int(kModes.size()); ++mo) {
    CK(cudaMemset(b.y, 0xff, bytes));
    launch(mo, b, nrounds, grid, nullptr);
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(hy.data(), b.y, bytes, cudaMemcpyDeviceToHost));
    if (!check(mo, hx, hy, elems / nrounds / kRows)) {
      std::printf("  CHECK FAILED: %s\n", kModes[mo].name);
      return;
    }
  }
  for (int rep = 1; rep <= 3; ++rep) {
    const float copy = time_us(-1, b, nrounds, grid, e0, e1);
    std::printf("  round %d: memcpy %.2f |", rep, copy);
    for (int mo = 0; mo < int(kModes.size()); ++mo) {
      const float t = time_us(mo, b, nrounds, grid, e0, e1);
      std::printf(" %s %.2f (%.1f%%)", kModes[mo].name, t, 100.0 * copy / t);
    }
    std::printf("\n");
  }
  std::printf("  trace: per round, start / landed / barrier / last store, median/max over blocks (us)\n");
  for (int mo = 0; mo < int(kModes.size()); ++mo) trace(mo, b, nrounds, grid);
}

int main(int argc, char** argv) {
  const bool order = argc > 1 && std::strcmp(argv[1], "order") == 0;
  if (argc > 1 && !order) {
    std::printf("usage: %s [order]\n", argv[0]);
    return 2;
  }
  kModes = order ? kOrder : kFirst;
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, 0));
  size_t smem = 0;
  int per_sm = 0;
  kernel_of(kLadder | kExp, smem);  // the most shared memory of the modes
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, ladder<kLadder | kExp>, kThreads, smem));
  const int grid = std::min(per_sm, 2) * p.multiProcessorCount, most_rounds = 4;
  if (grid % kRows != 0) {
    std::printf("a grid of %d blocks does not split into %d rows\n", grid, kRows);
    return 2;
  }
  const int64_t most = int64_t{grid} * (kRegs + kUsed) * kThreads * 16 * most_rounds;
  Bufs b{};
  b.fbytes = std::max<int64_t>(2 * int64_t{p.l2CacheSize}, int64_t{64} << 20);
  CK(cudaMalloc(&b.x, 2 * most));  // room for y after x ("adjacent")
  CK(cudaMalloc(&b.y, most));
  CK(cudaMalloc(&b.ws, int64_t{most_rounds} * grid * sizeof(MaxSum)));
  CK(cudaMalloc(&b.sink, 4));
  CK(cudaMalloc(&b.flush, b.fbytes));
  CK(cudaMemset(b.ws, 0, int64_t{most_rounds} * grid * sizeof(MaxSum)));
  std::printf("%s, %d SMs, L2 %d MB, %d blocks of %d threads; us are medians of 30 calls, %% of the memcpy "
              "timed just before\n",
              p.name, p.multiProcessorCount, p.l2CacheSize >> 20, grid, kThreads);
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  for (int nrounds : {2, 4}) {
    study("ints", false, b, grid, nrounds, e0, e1);
    study("random", false, b, grid, nrounds, e0, e1);
    study("random", true, b, grid, nrounds, e0, e1);
  }
  return 0;
}
