// Forty-seventh session: explore/session46/rounds.cu cut to S = 8 (264 blocks of 128 KB, rounds of
// 33 MB), two rounds, the phased and stream modes and memcpy, with a timeline: thread 0 of every block
// writes %globaltimer when its round starts, when its loads have landed, when the barrier returns and
// when its last store is issued, on the 10th timed call of each mode; min / median / max over the
// blocks, as explore/session47/timeline.patch prints stage 09's. Build: nvcc -O3 -arch=sm_90
// -std=c++17 rounds_tl.cu -o rounds_tl
// Forty-sixth session probe: does a grid that holds one round of data at a time gain from writing
// round r while it loads round r + 1, over loading and writing each round in turn?
// Stage 09 takes few long rows in rounds: every block loads its chunk, the grid meets at a barrier,
// every block writes its chunk, then the next round's loads start. The phase-order probe
// (phases.cu) says few-row shapes could reach 88-98% of the copy on the H200 if memory read one
// row while it wrote another, and they run at 54-68%. The eighth session refilled stage 09's slots
// with the next round's chunk as each was written and measured no gain where the whole grid takes
// the rounds (docs/09_cooperative.md, "What did not help"), for reasons not found. This probe asks
// the question without the softmax: a cooperative kernel of 2 blocks of 512 threads an SM, each
// thread holding 8 packs of 16 B in registers and S more in shared memory (cp.async, as stage 09's
// slices), so a round holds 264 x 512 x (8 + S) x 16 B; the matrix is ROUNDS such rounds. Modes:
//   phased   per round: load, wait, grid barrier, write (stage 09's order, no arithmetic)
//   refill   load round 0; then per round: wait, grid barrier, and for each pack: write it, then
//            load the next round's pack into the same register or slot
//   stream   per round: load, wait, write, no barrier (the same grid's copy)
//   double   (S = 8 only) the registers and the slots as two buffers, each holding half a round:
//            rounds of 8 packs a thread, twice as many, round r + 2 loaded into the buffer round r
//            has just written, so the loads of one round are in flight through the next one's
//            barrier
//   g2/g4/g8 phased, but the barrier is one of the grid's 2, 4 or 8 groups of consecutive blocks
//            (a counter each, zeroed before the call), as if each group held one row of the round
//            and waited only for that row's (max, sum)
//   memcpy   cudaMemcpyAsync of the same bytes
// Each call after the harness's flush (a memset of 0 over max(2 x L2, 64 MB)); median of 30 after
// one warm-up; two rounds of the modes in turn. Every mode's y is compared with x first.
// Build: nvcc -O3 -arch=sm_90 -std=c++17 rounds.cu -o rounds; run: ./rounds
#include <algorithm>
#include <cooperative_groups.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace cg = cooperative_groups;
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { std::printf("CUDA %s at line %d\n", cudaGetErrorString(e_), __LINE__); std::exit(1); } } while (0)

constexpr int kThreads = 512, kRegs = 8;
__device__ unsigned long long* g_tl;  // (timeline) marks of one call, or null
constexpr int kMarks = 4, kMaxRounds = 8;
__device__ __forceinline__ void mark(int round, int k) {
  if (threadIdx.x == 0 && g_tl != nullptr && round < kMaxRounds) {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    g_tl[(int64_t{round} * gridDim.x + blockIdx.x) * kMarks + k] = t;
  }
}
enum Mode { kPhased, kRefill, kStream, kDouble, kG2, kG4, kG8, kMemcpy, kModes };
const char* kNames[] = {"phased", "refill", "stream", "double", "g2", "g4", "g8", "memcpy"};
__host__ __device__ constexpr int groups_of(Mode m) { return m == kG2 ? 2 : m == kG4 ? 4 : m == kG8 ? 8 : 0; }

// The barrier of this block's group (gridDim.x / groups consecutive blocks; the grid, 2 x 132,
// divides by 2, 4 and 8), for round `round`: its counter counts arrivals since it was zeroed.
__device__ __forceinline__ void group_sync(unsigned* counters, int groups, int round) {
  const unsigned size = gridDim.x / groups;
  const unsigned g = blockIdx.x / size;
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    atomicAdd(&counters[g], 1u);
    while (*reinterpret_cast<volatile unsigned*>(&counters[g]) < size * unsigned(round + 1)) {
    }
    __threadfence();
  }
  __syncthreads();
}

__device__ __forceinline__ void cp_async16(uint4* smem, const uint4* g) {
  const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(g) : "memory");
}
__device__ __forceinline__ void cp_async_wait_all() { asm volatile("cp.async.wait_all;\n" ::: "memory"); }

// Pack k of this thread in round `round`: packs of a round are laid out block by block, each block's
// (kRegs + S) x 512 packs contiguous, pack k of thread t at k x 512 + t.
__device__ __forceinline__ int64_t at(int round, int k, int S) {
  const int64_t per_block = int64_t{kRegs + S} * kThreads;
  return (int64_t{round} * gridDim.x + blockIdx.x) * per_block + int64_t{k} * kThreads + threadIdx.x;
}

// Every pack of round r into r[] and the thread's slots (cp.async, not waited for).
template <int S>
__device__ __forceinline__ void load_round(const uint4* x, int round, uint4 (&r)[kRegs], uint4* slot) {
#pragma unroll
  for (int k = 0; k < kRegs; ++k) r[k] = __ldg(x + at(round, k, S));
#pragma unroll
  for (int k = 0; k < S; ++k) cp_async16(slot + k * kThreads, x + at(round, kRegs + k, S));
  asm volatile("cp.async.commit_group;\n" ::: "memory");
}
// Wait until every pack of the round has landed: the slots' copies, and a use of each register.
template <int S>
__device__ __forceinline__ unsigned wait_round(const uint4 (&r)[kRegs], const uint4* slot) {
  cp_async_wait_all();
  unsigned v = 0;
#pragma unroll
  for (int k = 0; k < kRegs; ++k) v ^= r[k].x;
#pragma unroll
  for (int k = 0; k < S; ++k) v ^= slot[k * kThreads].y;
  return v;
}

template <int S, Mode MODE>
__global__ void __launch_bounds__(kThreads, 2) rounds(const uint4* x, uint4* y, int nrounds, unsigned* sink,
                                                      unsigned* counters) {
  extern __shared__ uint4 slots[];
  uint4* slot = slots + threadIdx.x;  // this thread's pack in each slot
  uint4 r[kRegs];
  unsigned v = 0;
  if (MODE == kRefill) load_round<S>(x, 0, r, slot);
  for (int round = 0; round < nrounds; ++round) {
    mark(round, 0);
    if (MODE != kRefill) load_round<S>(x, round, r, slot);
    v ^= wait_round<S>(r, slot);
    mark(round, 1);
    if (groups_of(MODE) > 0) group_sync(counters, groups_of(MODE), round);
    else if (MODE != kStream) cg::this_grid().sync();
    mark(round, 2);
    const bool next = MODE == kRefill && round + 1 < nrounds;
#pragma unroll
    for (int k = 0; k < kRegs; ++k) {
      y[at(round, k, S)] = r[k];
      if (next) r[k] = __ldg(x + at(round + 1, k, S));
    }
#pragma unroll
    for (int k = 0; k < S; ++k) {
      y[at(round, kRegs + k, S)] = slot[k * kThreads];
      if (next) cp_async16(slot + k * kThreads, x + at(round + 1, kRegs + k, S));
    }
    if (next) asm volatile("cp.async.commit_group;\n" ::: "memory");
    mark(round, 3);
  }
  if (v == 0x12345678u) *sink = v;  // keeps the waits
}

// Double buffering: round r (of kRegs packs a thread) in the registers when r is even, in the
// first kRegs slots when it is odd; round r + 2 is loaded into the buffer as soon as round r is
// written. Rounds here are laid out like at(round, k, 0).
__global__ void __launch_bounds__(kThreads, 2) double_rounds(const uint4* x, uint4* y, int nrounds, unsigned* sink) {
  extern __shared__ uint4 slots[];
  uint4* slot = slots + threadIdx.x;
  uint4 r[kRegs];
  unsigned v = 0;
#pragma unroll
  for (int k = 0; k < kRegs; ++k) r[k] = __ldg(x + at(0, k, 0));
  if (nrounds > 1) {
#pragma unroll
    for (int k = 0; k < kRegs; ++k) cp_async16(slot + k * kThreads, x + at(1, k, 0));
    asm volatile("cp.async.commit_group;\n" ::: "memory");
  }
  for (int round = 0; round < nrounds; ++round) {
    const bool next = round + 2 < nrounds;
    if (round % 2 == 0) {
#pragma unroll
      for (int k = 0; k < kRegs; ++k) v ^= r[k].x;  // round r's registers have landed
      cg::this_grid().sync();
#pragma unroll
      for (int k = 0; k < kRegs; ++k) {
        y[at(round, k, 0)] = r[k];
        if (next) r[k] = __ldg(x + at(round + 2, k, 0));
      }
    } else {
      cp_async_wait_all();  // the only group in flight is this round's
#pragma unroll
      for (int k = 0; k < kRegs; ++k) v ^= slot[k * kThreads].y;
      cg::this_grid().sync();
#pragma unroll
      for (int k = 0; k < kRegs; ++k) {
        y[at(round, k, 0)] = slot[k * kThreads];
        if (next) cp_async16(slot + k * kThreads, x + at(round + 2, k, 0));
      }
      if (next) asm volatile("cp.async.commit_group;\n" ::: "memory");
    }
  }
  if (v == 0x12345678u) *sink = v;
}

unsigned* g_counters;  // the groups' barrier counters (8), zeroed before each call

template <int S>
float run(Mode mode, const uint4* x, uint4* y, int nrounds, int grid, unsigned* sink, cudaStream_t st) {
  const size_t smem = size_t{S} * kThreads * 16;
  if (mode == kMemcpy) {
    CK(cudaMemcpyAsync(y, x, size_t(grid) * (kRegs + S) * kThreads * 16 * nrounds, cudaMemcpyDeviceToDevice, st));
    return 0;
  }
  const void* k = mode == kPhased ? (const void*)rounds<S, kPhased>
                : mode == kRefill ? (const void*)rounds<S, kRefill>
                : mode == kG2     ? (const void*)rounds<S, kG2>
                : mode == kG4     ? (const void*)rounds<S, kG4>
                : mode == kG8     ? (const void*)rounds<S, kG8> : (const void*)rounds<S, kStream>;
  if (mode == kDouble) {
    int n2 = 2 * nrounds;  // rounds of half the size: the same bytes
    void* args[] = {&x, &y, &n2, &sink};
    CK(cudaLaunchCooperativeKernel((const void*)double_rounds, grid, kThreads, args, smem, st));
    return 0;
  }
  void* args[] = {&x, &y, &nrounds, &sink, &g_counters};
  CK(cudaLaunchCooperativeKernel(k, grid, kThreads, args, smem, st));
  return 0;
}

template <int S>
void study(const cudaDeviceProp& p, uint4* x, uint4* y, char* flush, int64_t fbytes, unsigned* sink,
           std::vector<uint4>& hx, std::vector<uint4>& hy) {
  const size_t smem = size_t{S} * kThreads * 16;
  for (const void* k : {(const void*)rounds<S, kPhased>, (const void*)rounds<S, kRefill>, (const void*)rounds<S, kStream>,
                        (const void*)double_rounds, (const void*)rounds<S, kG2>, (const void*)rounds<S, kG4>,
                        (const void*)rounds<S, kG8>})
    CK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
  int per_sm = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, rounds<S, kPhased>, kThreads, smem));
  const int grid = std::min(per_sm, 2) * p.multiProcessorCount;
  const int64_t round_bytes = int64_t{grid} * (kRegs + S) * kThreads * 16;
  cudaStream_t st = 0;
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  for (int nrounds : {2}) {
    const int64_t bytes = round_bytes * nrounds, packs = bytes / 16;
    if (bytes > int64_t(hx.size()) * 16) continue;
    std::printf("\nS = %d slots (%d blocks of %lld KB, a round %.1f MB), %d rounds: %.1f MB\n", S, grid,
                (long long)((kRegs + S) * kThreads * 16 / 1024), round_bytes / 1048576.0, nrounds, bytes / 1048576.0);
    bool ok = true;
    for (int mo = 0; mo < kModes; ++mo) {  // the check: y equals x
      if ((mo == kDouble && S != kRegs) || (groups_of(Mode(mo)) && grid % groups_of(Mode(mo)))) continue;
      CK(cudaMemset(y, 0xff, bytes));
      CK(cudaMemset(g_counters, 0, 8 * sizeof(unsigned)));
      run<S>(Mode(mo), x, y, nrounds, grid, sink, st);
      CK(cudaDeviceSynchronize());
      CK(cudaMemcpy(hy.data(), y, bytes, cudaMemcpyDeviceToHost));
      if (std::memcmp(hx.data(), hy.data(), bytes) != 0) { std::printf("  CHECK FAILED: %s\n", kNames[mo]); ok = false; }
    }
    if (!ok) continue;
    for (int rep = 1; rep <= 2; ++rep) {
      float t[kModes];
      for (int mo = 0; mo < kModes; ++mo) {
        t[mo] = 0;
        if ((mo == kDouble && S != kRegs) || (groups_of(Mode(mo)) && grid % groups_of(Mode(mo)))) continue;
        std::vector<float> v;
        unsigned long long* tl = nullptr;
        const size_t marks = size_t{kMaxRounds} * grid * kMarks;
        for (int it = 0; it < 31; ++it) {
          const bool traced = it == 10 && rep == 1 && (mo == kPhased || mo == kStream);
          if (traced) {
            CK(cudaMalloc(&tl, marks * 8));
            CK(cudaMemset(tl, 0, marks * 8));
            CK(cudaMemcpyToSymbol(g_tl, &tl, sizeof(tl)));
          }
          CK(cudaMemsetAsync(flush, 0, fbytes, st));
          CK(cudaMemsetAsync(g_counters, 0, 8 * sizeof(unsigned), st));
          CK(cudaEventRecord(e0, st));
          run<S>(Mode(mo), x, y, nrounds, grid, sink, st);
          CK(cudaEventRecord(e1, st));
          CK(cudaEventSynchronize(e1));
          float ms;
          CK(cudaEventElapsedTime(&ms, e0, e1));
          if (it > 0) v.push_back(ms * 1000.0f);
          if (traced) {
            std::vector<unsigned long long> h(marks);
            CK(cudaMemcpy(h.data(), tl, marks * 8, cudaMemcpyDeviceToHost));
            unsigned long long* none = nullptr;
            CK(cudaMemcpyToSymbol(g_tl, &none, sizeof(none)));
            CK(cudaFree(tl));
            unsigned long long t0 = ~0ull;
            for (size_t i = 0; i < marks; ++i) if (h[i] && h[i] < t0) t0 = h[i];
            const char* names[kMarks] = {"round starts", "loads landed", "barrier returned", "last store issued"};
            std::printf("  timeline of %s, call %d: %.2f us (us from the first mark; min / median / max over blocks)\n",
                        kNames[mo], it, ms * 1000.0f);
            for (int rd = 0; rd < nrounds && rd < kMaxRounds; ++rd)
              for (int k = 0; k < kMarks; ++k) {
                std::vector<double> w;
                for (int b = 0; b < grid; ++b) {
                  const unsigned long long t = h[(size_t(rd) * grid + b) * kMarks + k];
                  if (t) w.push_back((t - t0) * 1e-3);
                }
                if (w.empty()) continue;
                std::sort(w.begin(), w.end());
                std::printf("    round %d %-18s %8.2f %8.2f %8.2f\n", rd, names[k], w.front(), w[w.size() / 2], w.back());
              }
          }
        }
        std::sort(v.begin(), v.end());
        t[mo] = 0.5f * (v[v.size() / 2 - 1] + v[v.size() / 2]);
      }
      std::printf("  round %d:", rep);
      for (int mo = 0; mo < kModes; ++mo)
        if (t[mo] > 0) std::printf(" %s %.2f (%.1f%%)", kNames[mo], t[mo], 100.0 * t[kMemcpy] / t[mo]);
      std::printf("\n");
    }
    (void)packs;
  }
}

int main() {
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, 0));
  const int64_t fbytes = std::max<int64_t>(2 * int64_t{p.l2CacheSize}, 64 << 20), most = int64_t{400} << 20;
  std::printf("%s, %d SMs, L2 %d MB; µs are medians of 30 calls, %% of memcpy in the same round\n", p.name,
              p.multiProcessorCount, p.l2CacheSize >> 20);
  uint4 *x, *y;
  char* flush;
  unsigned* sink;
  CK(cudaMalloc(&x, most));
  CK(cudaMalloc(&y, most));
  CK(cudaMalloc(&flush, fbytes));
  CK(cudaMalloc(&sink, 4));
  CK(cudaMalloc(&g_counters, 8 * sizeof(unsigned)));
  std::vector<uint4> hx(most / 16), hy(most / 16);
  for (size_t i = 0; i < hx.size(); ++i) hx[i] = make_uint4(unsigned(i), unsigned(i * 3), unsigned(i * 7), unsigned(~i));
  CK(cudaMemcpy(x, hx.data(), most, cudaMemcpyHostToDevice));
  study<8>(p, x, y, flush, fbytes, sink, hx, hy);
  return 0;
}
