// Stage 08 — half precision: fp16 / bf16 in and out, fp32 inside, the row cached in registers and
// shared memory so it is read from memory once.
//
// New here:
//   * 16-byte packed accesses: one load or store moves 8 halves (4 floats), unpacked two at a time
//     (__half22float2 / a shift and a mask for bf16) and packed back with round-to-nearest;
//   * one kernel template `onepass`, four cache layouts: registers only (sized to the row), "wide"
//     (512 or 1024 threads, registers + 64 or 128 KB of shared memory: rows of up to 256 KB, the
//     twelfth session's; up to 208 KB, rows of up to 336 KB, the eighteenth's), "medium"
//     (registers + 32 KB of shared memory, no opt-in) and "extreme" (registers + all the shared
//     memory a block may opt in to); the shared part is filled with cp.async, not via registers;
//     the cache itself is common/row_cache.cuh's RowCache;
//   * `twopass` for any N (the second read of the row comes from L2) and a two-kernel split-K for a
//     few long rows, so every shape has a path; the launcher dispatches by shape;
//   * `team_rows` for rows of up to 32 KB (64 KB when rows are fewer than SMs; while two of the
//     team's blocks fit an SM, fp32 rows in packs to 64 KB and halves rows to 40 KB on an H100, the
//     halves' block teams capped at 56 registers): stage 03's warp per row widened to a team of 1-32
//     warps, in 16-byte packs of any dtype, exp taken once per element; since the thirty-sixth
//     session narrowed too, to teams of 1-16 lanes (several rows of 16-256 bytes per warp), and
//     `pack_rows` for rows shorter than a pack (several rows per thread; its loads by cp.async since
//     the fifty-sixth, 1 / sum one MUFU.RCP and groups of one pack without shared memory since the
//     fifty-ninth); since the thirty-eighth,
//     a row between the powers of two takes a block of just the warps it needs, not the next team
//     of a power of two; since the fortieth, teams of 2-8 warps whose grid has at most one block an
//     SM reduce over their warps' partials in log2(warps) shuffles (team_allreduce's SHORT_CHAIN);
//     since the forty-third, many rows of 257 B - 4 KB in packs take deep teams of 4 packs a thread
//     (8 in fp32 rows of 4 KB) once the configured team's grid would need more than one wave
//     (2 a thread past the L2 in halves and twice the L2 in fp32 since the sixtieth; fp32 rows of
//     513 B - 2 KB 2 rows a warp, warp_rows, since the sixty-first);
//     since the fifty-second, many halves rows of 8-32 KB in packs take lean teams (x kept in its
//     packs, exp twice, 32 registers in fp16 and 40 in bf16: more blocks an SM);
//   * `staged_rows` for short rows not in whole packs (thirty-seventh session): a warp's stretch of
//     rows copied into shared memory in 16-byte packs, a team of lanes per row there, and back
//     (rows of an even length two elements an access there since the fifty-sixth, odd since the
//     fifty-seventh; exp_sum's FFMA and halves teams of fewer lanes since the fifty-eighth);
//   * rows that are not a whole number of packs (N % kVec != 0, or x and y misaligned alike) in
//     those same caches, "shifted": packs counted from the 16-byte boundary before the row, the two
//     partial ones element by element (common/packs.cuh's ShiftedRow, stage 03's row_chunks.cuh for
//     any dtype), so they are still read once (sixteenth session; the two-pass kernel before).
// STEP08_PATH=team|register|wide|medium|extreme|twopass|splitk forces one path (the doc's comparison tables;
// refuse() names the shapes it cannot take); STEP08_ROWS_PER_SM=k overrides the two-pass kernel's
// L2-sized residency cap; STEP08_BLOCK_TEAMS=0 keeps rows in teams of a power of two warps,
// STEP08_CAPPED=0 runs halves block teams without the register cap; STEP08_LEAN=0 keeps the halves'
// teams of before the lean ones; STEP08_DEEP=0 keeps the
// configured teams where deep ones would run (STEP08_DEEP_TWO=0 their 4 packs beyond the L2,
// STEP08_WARP_ROWS=0 the deep teams where fp32 rows of 513 B - 2 KB take 2 rows a warp);
// STEP08_SHORT_CHAIN=0 keeps the
// reductions' five-step second level in teams whose grid fits the SMs once;
// STEP08_PACK_ROWS=0 leaves pack_rows' lengths to the kernels below it (STEP08_PACK_ASYNC=0 loads
// them through registers, not by cp.async; STEP08_PACK_DIRECT=0 takes groups of one pack through
// shared memory too),
// STEP08_STAGED_ROWS=0 leaves staged_rows' to the shifted teams (=1 stages them at any matrix
// size, =all rows in packs too; STEP08_STAGED_SPREAD=k spreads a small matrix over k warps an SM;
// STEP08_STAGED_PAIRS=0 takes every row one element an access, STEP08_STAGED_ODD=0 only the odd
// ones, STEP08_STAGED_FINE=0 skips its configurations whose elements a lane are not 8, 16 or 32,
// STEP08_STAGED_FEWER=0 its halves teams of fewer lanes: for comparisons).
// See docs/08_half.md.
#include <array>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>

#include "cuda_check.cuh"
#include "fast_exp.cuh"  // exp_ftz (stage 09 took it first)
#include "packs.cuh"
#include "reduce.cuh"
#include "row_cache.cuh"
#include "scratch.h"
#include "stage.h"

namespace {

// (The 16-byte pack helpers this stage introduced, opaque() and cp_async16() among them, live in
// common/packs.cuh.)

// A comparison knob of this stage: on unless the environment sets NAME=0 (each caller reads it once).
bool knob_on(const char* name) {
  const char* e = std::getenv(name);
  return !(e && std::strcmp(e, "0") == 0);
}

// Element access with W elements per access: W = kVec<T> (16-byte packs; rows are 16-byte aligned
// when N % kVec == 0) or W = 1 (one element at a time: any N). Raw<T, W> is what one access holds
// before conversion: a uint4 pack, or one float.
template <class T, int W>
using Raw = std::conditional_t<W == 1, float, uint4>;

template <class T, int W>
__device__ __forceinline__ Raw<T, W> load_raw(const T* p, int v) {
  if constexpr (W == 1) {
    return static_cast<float>(p[v]);
  } else {
    return load_x_pack(reinterpret_cast<const uint4*>(p) + v);
  }
}
template <class T>
__device__ __forceinline__ float raw_max(float r) { return r; }
template <class T>
__device__ __forceinline__ float raw_max(const uint4& r) { return pack_max<T>(r); }
template <class T>
__device__ __forceinline__ void raw_unpack(float r, float (&f)[1]) { f[0] = r; }
template <class T>
__device__ __forceinline__ void raw_unpack(const uint4& r, float (&f)[kVec<T>]) { unpack<T>(r, f); }

template <class T, int W>
__device__ __forceinline__ void store_w(T* p, int v, const float (&f)[W]) {
  if constexpr (W == 1) {
    p[v] = static_cast<T>(f[0]);
  } else {
    reinterpret_cast<uint4*>(p)[v] = pack<T>(f);
  }
}

// Fold U accesses into a running (max, sum): the batch's max first (packed, exact), then one
// rescale of the sum per batch and one exp per element. While the max is still -inf the exps are
// taken against 0 instead: -inf entries give 0, a NaN gives NaN, never exp(-inf - -inf).
template <class T, int W, int U>
__device__ __forceinline__ void absorb(MaxSum& s, const Raw<T, W> (&r)[U]) {
  float m = s.m;
#pragma unroll
  for (int u = 0; u < U; ++u) m = fmaxf(m, raw_max<T>(r[u]));
  const float vm = m == -INFINITY ? 0.0f : m;
  float l = s.l * exp_ftz(s.m - vm);
#pragma unroll
  for (int u = 0; u < U; ++u) {
    float f[W];
    raw_unpack<T>(r[u], f);
#pragma unroll
    for (int k = 0; k < W; ++k) l += exp_ftz(f[k] - vm);
  }
  s = MaxSum{m, l};
}

// ---- one pass: the row cached in registers (+ shared memory) --------------------------------
//
// Thread t owns the 16-byte packs t, t + THREADS, t + 2*THREADS, ...: the first REG of them in
// registers, the next SMEM in shared memory (slice i at smem[i*THREADS + t], so a warp's accesses
// are consecutive). N <= THREADS * (REG + SMEM) * kVec<T>, N % kVec<T> == 0.
// SHIFTED: the row may start off a 16-byte boundary (N % kVec<T> != 0, or x and y misaligned alike):
// its packs are counted from the boundary before it, the partial first and last element by element
// (packs.cuh's ShiftedRow); N + kVec<T> - 1 <= THREADS * (REG + SMEM) * kVec<T> then.
// BULK (seventy-first session): the slices by bulk copy (row_cache.cuh), for rows in packs.
template <class T, int THREADS, int REG, int SMEM, int MINB, bool SHIFTED = false, bool BULK = false>
__global__ void __launch_bounds__(THREADS, MINB)
    onepass(const T* __restrict__ x, T* __restrict__ y, int64_t N) {
  static_assert(!(SHIFTED && BULK), "bulk slices take rows in whole packs");
  extern __shared__ uint4 cache[];
  const T* xr = x + blockIdx.x * N;
  const int nvec = SHIFTED ? row_pack_count<true>(xr, static_cast<int>(N)) : static_cast<int>(N / kVec<T>);
  RowCache<T, THREADS, REG, SMEM, BULK> row_cache(cache);
  // 1. Every load of the thread's packs in flight: shared memory by cp.async (or bulk copies), then registers.
  if constexpr (SHIFTED) row_cache.load(row_packs<true>(xr, static_cast<int>(N)), nvec);
  else row_cache.load(reinterpret_cast<const uint4*>(x + blockIdx.x * N), nvec);  // (as team_rows says)
  // 2. This thread's (max, sum), then the row's: the max across the block, then the rescaled sums
  //    (reduce.cuh's two cheap steps, since the twenty-third session; the merge chain before).
  const MaxSum row = block_allreduce_two_step(row_cache.summary(nvec));
  // 3. Normalise from the cache; 16-byte stores.
  row_cache.store(row_packs<SHIFTED>(y + blockIdx.x * N, static_cast<int>(N)), nvec, row);
}

// ---- short and medium rows: a team of lanes per row ------------------------------------------
//
// Stage 03's warp per row, widened and narrowed: a team of TL lanes holds one row (TL a power of
// two: 1-16 lanes, several rows per warp, for rows of 16-256 bytes; 1-32 whole warps from 512
// bytes), thread t of the team owning packs t, t + TL, ..., t + TL (P - 1). Each load instruction
// of a warp reads 512 contiguous bytes (for teams under a warp, the packs of 32 / TL neighbouring
// rows), and all P loads are issued before the first is used. exp(x - max) is taken once per
// element and kept as P * kVec<T> floats until the row is normalised. Both reductions are shuffles
// (within the team's lanes under a warp), plus one exchange through shared memory when the team
// is more than one warp (lanes_allreduce). A block has max(128, TL) threads: 128 / TL rows, or one.
// TL = kBlockTeam (thirty-eighth session): the block is the team, one row, blockDim.x lanes of any
// whole number of warps, so a row just past a power of two takes one more warp, not twice the warps.
// N <= TL P kVec<T>, N % kVec<T> == 0.
template <int TL>
__host__ __device__ constexpr int team_threads() { return TL == kBlockTeam ? 1024 : TL < 128 ? 128 : TL; }
template <int TL>
__host__ __device__ constexpr int team_rows_per_block() { return TL == kBlockTeam ? 1 : team_threads<TL>() / TL; }

// SHIFTED: as onepass's (N + kVec<T> - 1 <= TL P kVec<T>). SHORT_CHAIN (teams of 2-8 warps, a
// power of two): the reductions' second level in log2(TW) shuffles (common/reduce.cuh), for a grid
// of at most one block an SM. EXP_TWICE: x stays in its packs and exp(x - max) is taken again at
// the stores (the same floats, so the same outputs), half the registers (team_rows_lean), bf16
// unpacked through cuda_bf16.h (packs.cuh: the shift and mask spilled 12 bytes at 40). The body
// of the kernels team_rows, team_rows_capped and team_rows_lean (below), which differ only in how
// ptxas may spend registers.
template <class T, int TL, int P, bool SHIFTED = false, bool SHORT_CHAIN = false, bool EXP_TWICE = false>
__device__ __forceinline__ void team_rows_body(const T* __restrict__ x, T* __restrict__ y, int64_t M, int64_t N) {
  constexpr int THREADS = team_threads<TL>(), V = kVec<T>;
  constexpr bool whole_block = TL == kBlockTeam;
  __shared__ float max_slots[THREADS / 32], sum_slots[THREADS / 32];
  const int lanes = whole_block ? static_cast<int>(blockDim.x) : TL;  // the team's lanes
  const int64_t first_row = int64_t{blockIdx.x} * team_rows_per_block<TL>();
  const int64_t row = first_row + (whole_block ? 0 : threadIdx.x / lanes);
  const bool live = row < M;  // a team past the last row still joins its warp's shuffles and the block's barriers
  if constexpr (!whole_block && TL <= 32) {  // a warp with no row leaves (teams of a warp or less have no barrier)
    if (first_row + threadIdx.x / 32 * (32 / TL) >= M) return;
  }
  const int t = static_cast<int>(whole_block ? threadIdx.x : threadIdx.x % lanes);
  const int nvec = SHIFTED ? row_pack_count<true>(x + (live ? row : 0) * N, static_cast<int>(N)) : static_cast<int>(N / V);
  // (The plain pointers are cast here, not in row_packs: passed through its parameter, x lost its
  // __restrict__ and ptxas scheduled the kernel 8 instructions longer, 0.1 us slower at 2048 x 1024.)
  const auto xr = [&] {
    if constexpr (SHIFTED) return row_packs<true>(x + (live ? row : 0) * N, static_cast<int>(N));
    else return reinterpret_cast<const uint4*>(x + (live ? row : 0) * N);
  }();
  const auto yr = [&] {
    if constexpr (SHIFTED) return row_packs<true>(y + (live ? row : 0) * N, static_cast<int>(N));
    else return reinterpret_cast<uint4*>(y + (live ? row : 0) * N);
  }();

  // 1. The thread's whole share first: P independent 16-byte loads in flight.
  uint4 r[P];
#pragma unroll
  for (int i = 0; i < P; ++i) r[i] = fetch_pack_if<T>(live && t + lanes * i < nvec, xr, t + lanes * i);
  if constexpr (SHIFTED) {  // the partial first and last pack, once the whole ones are in flight
#pragma unroll
    for (int i = 0; i < P; ++i)
      if (live && t + lanes * i < nvec && edge_pack(xr, t + lanes * i)) r[i] = fetch_edge_pack(xr, t + lanes * i);
  }
  // 2. The row's max: per thread on the packs, then across the team.
  float m = -INFINITY;
#pragma unroll
  for (int i = 0; i < P; ++i) m = fmaxf(m, pack_max<T, EXP_TWICE>(r[i]));
  m = lanes_allreduce<TL, SHORT_CHAIN>(m, MaxOp{}, max_slots);
  // 3. exp(x - max) once, kept as floats, and the row's sum; an all -inf row sums against 0 (sum
  //    0, output NaN as torch's).
  const float ms = m == -INFINITY ? 0.0f : m;
  if constexpr (EXP_TWICE) {
    float l = 0.0f;
#pragma unroll
    for (int i = 0; i < P; ++i) {
      float f[V];
      unpack<T, EXP_TWICE>(r[i], f);
#pragma unroll
      for (int k = 0; k < V; ++k) l += exp_ftz(f[k] - ms);
    }
    const float inv = 1.0f / lanes_allreduce<TL, SHORT_CHAIN>(l, SumOp{}, sum_slots);
    // 4'. Normalise from the packs, exp again; 16-byte stores.
#pragma unroll
    for (int i = 0; i < P; ++i) {
      if (live && t + lanes * i < nvec) {
        float f[V];
        unpack<T, EXP_TWICE>(r[i], f);
#pragma unroll
        for (int k = 0; k < V; ++k) f[k] = exp_ftz(f[k] - ms) * inv;
        put_pack(yr, t + lanes * i, pack<T>(f));
      }
    }
    return;
  }
  float e[P][V];
  float l = 0.0f;
#pragma unroll
  for (int i = 0; i < P; ++i) {
    unpack<T>(r[i], e[i]);
#pragma unroll
    for (int k = 0; k < V; ++k) {
      e[i][k] = exp_ftz(e[i][k] - ms);
      l += e[i][k];
    }
  }
  const float inv = 1.0f / lanes_allreduce<TL, SHORT_CHAIN>(l, SumOp{}, sum_slots);
  // 4. Normalise from registers; 16-byte stores.
#pragma unroll
  for (int i = 0; i < P; ++i) {
    if (live && t + lanes * i < nvec) {
#pragma unroll
      for (int k = 0; k < V; ++k) e[i][k] *= inv;
      put_pack(yr, t + lanes * i, pack<T>(e[i]));
    }
  }
}

// The team of TL lanes (a power of two, or kBlockTeam) as a kernel.
template <class T, int TL, int P, bool SHIFTED = false, bool SHORT_CHAIN = false>
__global__ void __launch_bounds__(team_threads<TL>()) team_rows(const T* __restrict__ x, T* __restrict__ y,
                                                                int64_t M, int64_t N) {
  team_rows_body<T, TL, P, SHIFTED, SHORT_CHAIN>(x, y, M, N);
}

// A block team of halves, compiled as its own kernel capped at 48 registers (56 until the
// sixty-fourth session). Uncapped, ptxas gave it 63-64 off the 16-byte boundary (the partial
// packs' bookkeeping) and 52 in packs; capped at 56, 47-48 with no spills. Off the boundary an SM
// then fits eight blocks of 5 warps instead of six: fp16 2048 x 4097 17.06 against 18.46 us, 8193
// 28.53 against 30.74 (results/h100/explore/session38/cap/). In packs (52 uncapped, 47-48 capped)
// it ran level up to 17 warps, and at 19 and 20 two blocks fit an SM instead of one (each
// scheduler holds ten warps of 48 registers; at 21 one block fits either way): results/h100/
// explore/session39/halves42/, fp16 2048 x 5120 18.77 against 18.89 us, 20480 61.2 against 62.6
// on the register block. With x's loads under the L2 policy (packs.cuh) ptxas took 52-55 under
// the cap of 56, and those blocks were lost; at 48 it takes 45-48, no spills, and on an H200
// bf16 2048 x 19456 ran 43.11 against 46.27 us, fp16 43.02 against 45.09, fp16 64 x 5120 4.95
// against 5.40 (results/h200/explore/session64/cap/). No launch bounds: nvcc takes __maxnreg__ or
// __launch_bounds__, not both; 1024 threads at 48 registers fit an SM.
template <class T, int P, bool SHIFTED>
__global__ void __maxnreg__(48) team_rows_capped(const T* __restrict__ x, T* __restrict__ y, int64_t M, int64_t N) {
  team_rows_body<T, kBlockTeam, P, SHIFTED>(x, y, M, N);
}

// The lean team of halves (fifty-second session): rows in packs on a team of 5-16 warps keep x in
// their 4 packs a thread and take exp twice, capped at 32 registers in fp16 (no spills; 47
// uncapped, 47-48 in the block teams capped at 56) and 40 in bf16 (at 32 it spilled 52 bytes and
// ran at half the speed). An SM then holds four blocks of 16 warps in fp16, three in bf16, not two,
// and their loads fill the time the others spend on arithmetic. On an H200, three rounds
// (results/h200/explore/session52/lean/): fp16 2048 x 16384 37.1 against 38.4 us (96.3-96.9% of
// the copy against 93.1-93.5%), 512 x 16384 13.1 against 14.2, 2048 x 8192 (8 warps) 2.4% less
// time, block teams of 5-10 warps 0.8-1.6%, of 12 level; bf16 2048 x 16384 2.0% less. Where it did
// not gain, the teams of before stay: bf16 under 16 warps (2048 x 12288 0.7% slower), teams of
// 17-32 warps (rows past 32 KB: fp16 2048 x 32768 0.8-1.4% slower), and grids of no more blocks
// than SMs, where exp twice only lengthens each block's path (fp16 8 x 16384 1-3%, bf16 64 x 16384
// up to 8.5%). Exp once under the same caps was slower (40 registers: 12 bytes spilled) or spilled
// (32: half the speed), and a team of 32 warps of 2 packs a thread was level (team/team.txt).
// STEP08_LEAN=0 keeps the teams of before everywhere (for comparisons).
template <class T>
constexpr int kLeanRegs = std::is_same_v<T, __half> ? 32 : 40;
template <class T, int TL, int P>
__global__ void __maxnreg__(kLeanRegs<T>) team_rows_lean(const T* __restrict__ x, T* __restrict__ y, int64_t M,
                                                        int64_t N) {
  team_rows_body<T, TL, P, false, false, true>(x, y, M, N);
}
bool lean_teams_enabled() {
  static const bool on = knob_on("STEP08_LEAN");
  return on;
}
// The teams that have a lean kernel: halves rows in packs, 4 packs a thread; in fp16 the teams of
// 8 and 16 warps and the block teams, in bf16 the team of 16 warps.
template <class T, int TL, int P, bool SHIFTED>
constexpr bool lean_team_takes() {
  if (sizeof(T) != 2 || SHIFTED || P != 4) return false;
  return std::is_same_v<T, __half> ? TL == kBlockTeam || TL == 256 || TL == 512 : TL == 512;
}
// Whether a launch of `blocks` teams of `warps` warps runs lean (where lean_team_takes).
bool lean_wanted(int64_t blocks, int warps) {
  return lean_teams_enabled() && warps <= 16 && blocks > device_info().sm_count;
}
// Teams bounded to the blocks an SM they had before x's L2 policy (sixty-fifth session, H200).
// Under the policy ptxas gave three teams registers past an occupancy step: halves teams of 4 and
// 8 warps x 4 packs off the 16-byte boundary 53-55 (an SM held 9 and 4 blocks, not 10 and 5), fp32
// teams of 4 warps x 4 packs in packs 34 (12, not 16). Compiled again with those blocks as launch
// bounds (48 and 32 registers, no spills) they took 1.4-4.1% off grids of more blocks than the
// GPU holds of the unbounded kernel (fp16 2048 x 8185 21.47 -> 20.82 us, bf16 21.69 -> 20.80,
// fp32 2048 x 2048 11.71 -> 11.30; means of two rounds), ran level at 2048 x 4089 and were 2.5%
// slower on a grid that fits at once either way (fp16 512 x 8185: 8.64 -> 8.86):
// results/h200/explore/session65/caps/.
// A bound of 1 on every team is not neutral: ptxas then gives many kernels more registers.
template <class T, int TL, int P, bool SHIFTED>
constexpr int team_min_blocks() {
  if (sizeof(T) == 2 && SHIFTED && P == 4 && (TL == 128 || TL == 256)) return TL == 128 ? 10 : 5;
  if (sizeof(T) == 4 && !SHIFTED && P == 4 && TL == 128) return 16;
  return 0;
}
template <class T, int TL, int P, bool SHIFTED>
__global__ void __launch_bounds__(team_threads<TL>(), team_min_blocks<T, TL, P, SHIFTED>())
    team_rows_bounded(const T* __restrict__ x, T* __restrict__ y, int64_t M, int64_t N) {
  team_rows_body<T, TL, P, SHIFTED>(x, y, M, N);
}
// Whether a grid of `blocks` is more than the GPU holds at once of team_rows<T, TL, P, SHIFTED>
// (the runtime's occupancy calculator, read once): there the bounded kernel's extra block pays.
template <class T, int TL, int P, bool SHIFTED>
bool bounded_team_wanted(int64_t blocks) {
  static const int64_t held = [] {
    int b = 0;
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, team_rows<T, TL, P, SHIFTED>, team_threads<TL>(), 0));
    return int64_t{b} * device_info().sm_count;
  }();
  return blocks > held;
}
// The kernel of a team of TL lanes (the reductions' five steps) for a grid of `blocks`: lean where
// it takes and `lean`, bounded where it takes and the grid needs more than one wave.
template <class T, int TL, int P, bool SHIFTED>
auto team_kernel(bool lean, int64_t blocks) {
  if constexpr (lean_team_takes<T, TL, P, SHIFTED>())
    if (lean) return team_rows_lean<T, TL, P>;
  if constexpr (team_min_blocks<T, TL, P, SHIFTED>() > 0)
    if (bounded_team_wanted<T, TL, P, SHIFTED>(blocks)) return team_rows_bounded<T, TL, P, SHIFTED>;
  return team_rows<T, TL, P, SHIFTED>;
}

// STEP08_CAPPED=0 runs the halves block teams as team_rows, uncapped (for comparisons).
bool capped_teams_enabled() {
  static const bool on = knob_on("STEP08_CAPPED");
  return on;
}

// The kernel of a block team: lean where it takes and `lean`, else the capped one for halves.
template <class T, int P, bool SHIFTED>
auto block_team_kernel(bool lean) {
  if constexpr (lean_team_takes<T, kBlockTeam, P, SHIFTED>())
    if (lean) return team_rows_lean<T, kBlockTeam, P>;
  if constexpr (sizeof(T) == 2)
    return capped_teams_enabled() ? team_rows_capped<T, P, SHIFTED> : team_rows<T, kBlockTeam, P, SHIFTED>;
  else return team_rows<T, kBlockTeam, P, SHIFTED>;
}

// ---- many fp32 rows of 513 B - 2 KB: two rows a warp -----------------------------------------
//
// A warp holds R rows, W warps a block (sixty-first session; torch.compile's persistent reduction
// takes 2 rows a warp, 1 warp a block for fp32 65536 x 512). Lane l owns packs l, l + 32, ...,
// l + 32 (P - 1) of each of its warp's rows, all R P loads issued before the first is used; the R
// rows' reductions are R independent shuffle chains, which ptxas interleaves. A row's max and sum
// are taken as team_rows takes them on 32 lanes of P packs, so the outputs are that team's bits.
// No shared memory, no barrier; a warp past the last row leaves, a missing second row is -inf and
// is not stored.
// N <= 32 P kVec<T>, N % kVec<T> == 0.
template <class T, int P, int R, int W>
__global__ void __launch_bounds__(W * 32) warp_rows(const T* __restrict__ x, T* __restrict__ y, int64_t M, int64_t N) {
  constexpr int V = kVec<T>;
  const int lane = static_cast<int>(threadIdx.x % 32);
  const int64_t first = (int64_t{blockIdx.x} * W + threadIdx.x / 32) * R;
  if (first >= M) return;
  const int nvec = static_cast<int>(N / V);
  // 1. Every row's packs first: R x P independent 16-byte loads in flight.
  uint4 r[R][P];
#pragma unroll
  for (int j = 0; j < R; ++j) {
    const bool live = first + j < M;
    const uint4* xr = reinterpret_cast<const uint4*>(x + (live ? first + j : 0) * N);
#pragma unroll
    for (int i = 0; i < P; ++i) r[j][i] = load_x_pack_if(live && lane + 32 * i < nvec, xr + lane + 32 * i, neg_inf_pack<T>());
  }
  // 2. Each row's max: per lane on the packs, then across the warp.
  float m[R];
#pragma unroll
  for (int j = 0; j < R; ++j) {
    m[j] = -INFINITY;
#pragma unroll
    for (int i = 0; i < P; ++i) m[j] = fmaxf(m[j], pack_max<T>(r[j][i]));
  }
#pragma unroll
  for (int j = 0; j < R; ++j) m[j] = warp_allreduce(m[j], MaxOp{});
  // 3. exp(x - max) once, kept as floats, and each row's sum (an all -inf row sums against 0).
  float e[R][P][V], inv[R];
#pragma unroll
  for (int j = 0; j < R; ++j) {
    const float ms = m[j] == -INFINITY ? 0.0f : m[j];
    float l = 0.0f;
#pragma unroll
    for (int i = 0; i < P; ++i) {
      unpack<T>(r[j][i], e[j][i]);
#pragma unroll
      for (int k = 0; k < V; ++k) {
        e[j][i][k] = exp_ftz(e[j][i][k] - ms);
        l += e[j][i][k];
      }
    }
    inv[j] = l;
  }
#pragma unroll
  for (int j = 0; j < R; ++j) inv[j] = 1.0f / warp_allreduce(inv[j], SumOp{});
  // 4. Normalise from registers; 16-byte stores, the rows that exist.
#pragma unroll
  for (int j = 0; j < R; ++j) {
    if (first + j >= M) break;
    uint4* yr = reinterpret_cast<uint4*>(y + (first + j) * N);
#pragma unroll
    for (int i = 0; i < P; ++i) {
      if (lane + 32 * i < nvec) {
#pragma unroll
        for (int k = 0; k < V; ++k) e[j][i][k] *= inv[j];
        yr[lane + 32 * i] = pack<T>(e[j][i]);
      }
    }
  }
}

// ---- rows shorter than a pack: several rows per thread ----------------------------------------
//
// Short rows not in whole packs (N % kVec<T> != 0), x and y on a 16-byte boundary: R rows of N fill
// P whole packs exactly (R = kVec / g, P = N / g, g = gcd(N, kVec): four rows of 3 floats in three
// packs, two rows of 4 halves in one, two rows of 10 floats in five), and thread i of the grid
// takes group i: the R rows' softmax in registers, no reduction crossing a thread. A warp's 32
// groups are 32 P consecutive packs, loaded and stored 512 contiguous bytes an instruction and
// handed to their threads through shared memory (thread l reads packs l P .. l P + P - 1 there:
// P is odd, so the eight lanes of each 128-byte phase hit different banks). Lengths whose group
// is at most kPackRowsMaxPacks packs take it: floats 1, 2, 3 and 6, halves 1, 2, 3, 4, 6 and 12.
// (Groups of up to 7 packs did until staged_rows, below, ran 3-27 points faster on groups of 5 and
// 7 packs: results/h100/explore/session37/staged/staged.txt.) The matrix's last pack may be partial; it is read and
// written element by element.
// ASYNC (fifty-sixth session): the whole packs go to shared memory by cp.async, not through
// registers. Through registers ptxas stores each pack to shared memory before the branch to the
// next one's load, so a thread had one load in flight at a time; cp.async issues them back to
// back. On an H200 it took 9-16% off 8388608 x 3 and 5-14% off rows of 6 and 12 (fp16 34.31 ->
// 28.67 us, 81 -> 98% of the copy), level at one pack (results/h200/explore/session56/final/).
// STEP08_PACK_ASYNC=0 loads through registers (for comparisons).
// 1 / sum (fifty-ninth session) is rcp_approx, one MUFU.RCP. 1.0f / l took a refinement and a
// call to a slow path, whose registers cost blocks (sm_90: pack_rows<__half, 3> 48 -> 32
// registers, pack_rows<float, 2> 20 -> 16). On an H200 the rows of 2-4 ran 0.7-3.7% faster (fp16
// 16777216 x 2 95 -> 99% of the copy, bf16 8388608 x 3 95 -> 98%), halves rows of 12 0.8% slower
// (results/h200/explore/session59/rcp/). The same in staged_rows took 1.6-4.7% more time on
// halves rows of 10 and 1023; there and in the teams 1.0f / sum stays.
// DIRECT (fifty-ninth session): a group of one pack (fp32 rows of 1-2, halves 1, 2, 4) is the pack
// its thread loads, so shared memory only added a store, a load and a warp barrier each way:
// the thread loads it into registers and stores it from there, as torch.compile's pointwise
// kernels for such rows do. On an H200 0.3-1.2% less time, every such shape at 99.6-100.4% of
// the copy (bf16 16777216 x 2: 36.06 -> 35.65 us; results/h200/explore/session59/direct/).
// STEP08_PACK_DIRECT=0 keeps shared memory (for comparisons).
constexpr int kPackRowsThreads = 256, kPackRowsMaxPacks = 3;

__host__ __device__ constexpr int gcd_int(int a, int b) { return b == 0 ? a : gcd_int(b, a % b); }
// The packs a group of rows of n elements fills (n not a multiple of vec).
__host__ __device__ constexpr int group_packs(int n, int vec) { return n / gcd_int(n, vec); }
// The row lengths pack_rows takes, for packs of vec elements: up to 6 floats, 12 halves.
constexpr bool pack_rows_len(int n, int vec) { return n % vec != 0 && group_packs(n, vec) <= kPackRowsMaxPacks; }
// No row of this length or more takes it (a length not in packs shares at most a factor 4 with a pack of 8).
constexpr int kPackRowsLongest = 4 * kPackRowsMaxPacks + 1;

// DIRECT's load: pack q of the matrix (elems elements, whole of them in whole packs), a 16-byte
// load, or the partial last one element by element, -inf past the end.
template <class T>
__device__ __forceinline__ uint4 pack_or_tail(const T* __restrict__ x, int64_t q, int64_t elems, int64_t whole) {
  constexpr int V = kVec<T>;
  uint4 p = neg_inf_pack<T>();
  if (q < whole) {
    p = load_x_pack(reinterpret_cast<const uint4*>(x) + q);
  } else if (q * V < elems) {
    T el[V];
#pragma unroll
    for (int k = 0; k < V; ++k) el[k] = q * V + k < elems ? x[q * V + k] : static_cast<T>(-INFINITY);
    memcpy(&p, el, 16);
  }
  return p;
}
// And back: a 16-byte store, or the partial last pack's elements.
template <class T>
__device__ __forceinline__ void put_pack_or_tail(T* __restrict__ y, int64_t q, const uint4& p, int64_t elems,
                                                 int64_t whole) {
  constexpr int V = kVec<T>;
  if (q < whole) {
    store_pack16(y + q * V, p);
  } else if (q * V < elems) {
    T el[V];
    memcpy(el, &p, 16);
#pragma unroll
    for (int k = 0; k < V; ++k)
      if (q * V + k < elems) y[q * V + k] = el[k];
  }
}

// The softmax of R rows of N held in f, in place (an all -inf row gives NaN, as torch's).
template <int N, int R>
__device__ __forceinline__ void rows_softmax(float (&f)[R * N]) {
#pragma unroll
  for (int r = 0; r < R; ++r) {
    float m = -INFINITY, l = 0.0f;
#pragma unroll
    for (int k = 0; k < N; ++k) m = fmaxf(m, f[r * N + k]);
    const float ms = m == -INFINITY ? 0.0f : m;
#pragma unroll
    for (int k = 0; k < N; ++k) {
      f[r * N + k] = exp_ftz(f[r * N + k] - ms);
      l += f[r * N + k];
    }
    const float inv = rcp_approx(l);  // one MUFU.RCP (fast_exp.cuh), not 1.0f / l's refinement
#pragma unroll
    for (int k = 0; k < N; ++k) f[r * N + k] *= inv;
  }
}

template <class T, int N, bool ASYNC = true, bool DIRECT = true>
__global__ void __launch_bounds__(kPackRowsThreads) pack_rows(const T* __restrict__ x, T* __restrict__ y, int64_t M) {
  constexpr int V = kVec<T>, R = V / gcd_int(N, V), P = group_packs(N, V);
  const int64_t elems = M * N, whole = elems / V;  // the matrix's elements, and its whole packs
  if constexpr (P == 1 && DIRECT) {
    // A group of one pack: thread i loads pack i itself (a warp's 32 loads are 512 contiguous
    // bytes), takes its rows' softmax and stores it; no shared memory.
    const int64_t q = int64_t{blockIdx.x} * kPackRowsThreads + threadIdx.x;
    if (q * V >= elems) return;
    float f[V];
    unpack<T>(pack_or_tail(x, q, elems, whole), f);
    rows_softmax<N, R>(f);
    put_pack_or_tail(y, q, pack<T>(f), elems, whole);
    return;
  }
  __shared__ uint4 stage[kPackRowsThreads * P];
  const int lane = static_cast<int>(threadIdx.x % 32);
  uint4* const mine = stage + (threadIdx.x - lane) * P;  // this warp's 32 P packs
  const int64_t first = (int64_t{blockIdx.x} * kPackRowsThreads + threadIdx.x - lane) * P;  // its first pack
  if (first * V >= elems) return;  // a warp past the end (no barrier below crosses warps)
  // 1. The warp's packs, 32 consecutive ones an instruction (whole ones by cp.async where ASYNC,
  //    the partial last one element by element, -inf past the end), into shared memory; then this
  //    thread's group from there. (The loads and stores here are pack_or_tail's and
  //    put_pack_or_tail's written out: through those helpers ptxas scheduled these loops
  //    differently, and fp32 rows of 3 and 6 ran 1.0-1.2% slower, session59/direct/.)
#pragma unroll
  for (int j = 0; j < P; ++j) {
    const int64_t q = first + j * 32 + lane;
    if (ASYNC && q < whole) {
      cp_async16(&mine[j * 32 + lane], reinterpret_cast<const uint4*>(x) + q);
      continue;
    }
    uint4 p = neg_inf_pack<T>();
    if (q < whole) {
      p = load_x_pack(reinterpret_cast<const uint4*>(x) + q);
    } else if (q * V < elems) {
      T el[V];
#pragma unroll
      for (int k = 0; k < V; ++k) el[k] = q * V + k < elems ? x[q * V + k] : static_cast<T>(-INFINITY);
      memcpy(&p, el, 16);
    }
    mine[j * 32 + lane] = p;
  }
  if constexpr (ASYNC) cp_async_wait_all();
  __syncwarp();
  float f[R * N];
#pragma unroll
  for (int j = 0; j < P; ++j) {
    float u[V];
    unpack<T>(mine[lane * P + j], u);
#pragma unroll
    for (int k = 0; k < V; ++k) f[j * V + k] = u[k];
  }
  // 2. Each row's max, exp(x - max) and sum, normalised in place (rows past the last one are
  //    never stored).
  rows_softmax<N, R>(f);
  // 3. Back through shared memory (each thread rewrites only the packs it read), then 32
  //    consecutive 16-byte stores an instruction.
#pragma unroll
  for (int j = 0; j < P; ++j) {
    float u[V];
#pragma unroll
    for (int k = 0; k < V; ++k) u[k] = f[j * V + k];
    mine[lane * P + j] = pack<T>(u);
  }
  __syncwarp();
#pragma unroll
  for (int j = 0; j < P; ++j) {
    const int64_t q = first + j * 32 + lane;
    const uint4 p = mine[j * 32 + lane];
    if (q < whole) {
      store_pack16(y + q * V, p);
    } else if (q * V < elems) {
      T el[V];
      memcpy(el, &p, 16);
#pragma unroll
      for (int k = 0; k < V; ++k)
        if (q * V + k < elems) y[q * V + k] = el[k];
    }
  }
}

// ---- short rows not in packs, staged: a warp's rows through shared memory -------------------
//
// Rows not in whole packs (N % kVec<T> != 0) of up to kStagedMaxBytes (512 floats, 1024 halves)
// that pack_rows does not take, x and y on a 16-byte boundary, rows contiguous. Warp w takes rows
// [w R, w R + R): R at most the rows whose elements fill kStagedPacks - 1 packs (fewer for a small
// matrix: the launcher), one stretch of the matrix, which the packs from the 16-byte boundary
// before it cover (at most kStagedPacks). The warp copies those packs into shared memory, 512
// contiguous bytes an instruction (cp.async); a team of TL lanes then takes each row from there,
// 32 / TL rows at a time, lane t holding elements t, t + TL, ... (at most E), so a team reads TL
// consecutive elements an instruction: max, exp once, sum, and the row normalised back over
// itself. The warp stores the packs again, 16 bytes each, but the partial first and last ones
// element by element (their other elements are the neighbouring warps' rows). The matrix's last
// pack may be partial; it is read element by element. Unlike pack_rows, no length is compiled in.
// PAIRS (fifty-sixth session, rows of an even length): a lane takes its row's elements two at a
// time, pairs t, t + TL, ... (E / 2 of them), one 4-byte (halves) or 8-byte (floats) shared-memory
// access a pair. Nsight Compute had the halves' rows of 10 and 50 issuing an instruction on 78-85%
// of cycles; on an H200 pairs took 13-15% off halves 4194304 x 10 (fp16 79 -> 93% of the copy),
// 5-7% off x 50 and 3-4% off x 500, fp32 level (results/h200/explore/session56/last/). Loops
// that stopped at a lane's last element instead of running all E slots were slower everywhere
// (their branches; staged/). STEP08_STAGED_PAIRS=0 keeps one element an access (for comparisons).
// Rows of an odd length (fifty-seventh session) in pairs too: a row's first element is even on
// every other row, so the pairs start at its first element or its second, and lane 0 of the team
// takes the one element they leave (its last, or its first) by itself, so a team holds odd rows
// one longer than its slots (staged_holds). On an H200, halves odd rows of 5-1023 (64 MB) took
// 1-34% less time, most where the smaller team now holds them (fp16 x 65: 62 -> 95% of the copy),
// rows of 11 0.6-1.9% more; fp32 level to -7% (results/h200/explore/session57/last/odd4.txt).
// STEP08_STAGED_ODD=0 keeps odd rows one element an access (for comparisons).
// Since the fifty-eighth session the exponentials are fast_exp.cuh's exp_sum, one FFMA and one
// ex2 an element where exp_ftz(x - max) took a subtraction and a multiply: on an H200 3-7% less
// time on halves rows of 18-45 on the teams they had (fp16 x 35: 86 -> 93% of the copy), 0.2-5.2%
// on halves rows of 9-1023 whose team kept its shape (x 257: 90 -> 94.5%), fp32 level
// (results/h200/explore/session58/: fewer/, final/fewer2.txt, odd/fewer4.txt).
constexpr int kStagedWarps = 4, kStagedPacks = 256;  // 4 KB of shared memory a warp
// Past 2 KB rows the shifted team is as fast or faster (fp32 rows of 777 and 1001 floats:
// results/h100/explore/session37/staged/staged.txt).
constexpr int64_t kStagedMaxBytes = 2048;
constexpr int kStagedSpreadWarps = 32;  // a small matrix's warps an SM (8 blocks of 4), see the launcher

// Element pair p of a row in shared memory (its first element even, so the access is aligned), as
// floats; and back.
template <class T>
__device__ __forceinline__ float2 load_pair(const T* row, int p) {
  if constexpr (std::is_same_v<T, float>) return reinterpret_cast<const float2*>(row)[p];
  else return word_to_float2(reinterpret_cast<const uint32_t*>(row)[p], T{});
}
template <class T>
__device__ __forceinline__ void store_pair(T* row, int p, float2 f) {
  if constexpr (std::is_same_v<T, float>) reinterpret_cast<float2*>(row)[p] = f;
  else reinterpret_cast<uint32_t*>(row)[p] = float2_to_word(f, T{});
}

// How a lane reads its row's elements in shared memory: one an access; two an access (rows of an
// even length); two an access and, on the team's lane 0, the one element the pairs leave (odd).
enum class Access { elements, pairs, pairs_odd };

template <class T, int TL, int E, Access A = Access::elements>
__global__ void __launch_bounds__(kStagedWarps * 32)
    staged_rows(const T* __restrict__ x, T* __restrict__ y, int64_t M, int N, int R) {
  constexpr bool PAIRS = A != Access::elements, ODD = A == Access::pairs_odd;
  constexpr int V = kVec<T>, TEAMS = 32 / TL, LOADS = kStagedPacks / 32;
  __shared__ uint4 stage[kStagedWarps][kStagedPacks];
  const int lane = static_cast<int>(threadIdx.x % 32), warp = static_cast<int>(threadIdx.x / 32);
  const int64_t row0 = (int64_t{blockIdx.x} * kStagedWarps + warp) * R;
  if (row0 >= M) return;  // a warp past the end (no barrier below crosses warps)
  const int rows = static_cast<int>(M - row0 < R ? M - row0 : R);
  const int64_t begin = row0 * N, end = begin + int64_t{rows} * N;  // the stretch's elements
  const int64_t elems = M * N, whole = elems / V, q0 = begin / V;  // q0: the pack it starts in
  const int packs = static_cast<int>((end + V - 1) / V - q0);
  uint4* const buf = stage[warp];
  // 1. The stretch's packs into shared memory (the matrix's partial last one element by element).
#pragma unroll
  for (int i = 0; i < LOADS; ++i) {
    const int j = lane + 32 * i;
    const int64_t q = q0 + j;
    if (j >= packs) break;
    if (q < whole) {
      cp_async16(buf + j, reinterpret_cast<const uint4*>(x) + q);
    } else {
      T* const el = reinterpret_cast<T*>(buf + j);
#pragma unroll
      for (int k = 0; k < V; ++k)
        if (q * V + k < elems) el[k] = x[q * V + k];
    }
  }
  cp_async_wait_all();
  __syncwarp();
  // 2. A team per row, 32 / TL rows at a time: max, exp(x - max) once, sum, normalised in place
  //    (an all -inf row gives NaN, as torch's). Every lane runs every round (the shuffles need all 32).
  //    Even rows start on an even element (the stretch does: begin = row0 N), so pairs align; an
  //    odd row's pairs start at its element s, the parity of its first (row0 + r), and its one
  //    element left, `one`, is its first (s = 1) or its last (s = 0).
  T* const stretch = reinterpret_cast<T*>(buf) + (begin - q0 * V);
  const int team = lane / TL, t = lane % TL;
  for (int first = 0; first < rows; first += TEAMS) {
    const int r = first + team;
    T* const row = stretch + (r < rows ? r : 0) * N;
    float v[E + ODD];  // in odd pairs v[E] is the element alone (-inf off lane 0)
    float m = -INFINITY;
    [[maybe_unused]] const int s = ODD ? static_cast<int>((row0 + r) & 1) : 0;
    [[maybe_unused]] T* const alone = row + (s ? 0 : N - 1);
    if constexpr (PAIRS) {
      T* const even = row + s;
#pragma unroll
      for (int e = 0; e < E / 2; ++e) {
        const int p = t + TL * e;
        const float2 f = r < rows && 2 * p + ODD < N ? load_pair(even, p) : make_float2(-INFINITY, -INFINITY);
        v[2 * e] = f.x;
        v[2 * e + 1] = f.y;
        m = fmaxf(m, fmaxf(f.x, f.y));
      }
      if constexpr (ODD) {
        v[E] = r < rows && t == 0 ? static_cast<float>(*alone) : -INFINITY;
        m = fmaxf(m, v[E]);
      }
    } else {
#pragma unroll
      for (int e = 0; e < E; ++e) {
        v[e] = r < rows && t + TL * e < N ? static_cast<float>(row[t + TL * e]) : -INFINITY;
        m = fmaxf(m, v[e]);
      }
    }
    m = lanes_allreduce<TL>(m, MaxOp{}, nullptr);
    const float ms = m == -INFINITY ? 0.0f : m;
    const float inv = 1.0f / lanes_allreduce<TL>(exp_sum(v, ms), SumOp{}, nullptr);  // one FFMA an exp
    if constexpr (PAIRS) {
      T* const even = row + s;
#pragma unroll
      for (int e = 0; e < E / 2; ++e)
        if (r < rows && 2 * (t + TL * e) + ODD < N)
          store_pair(even, t + TL * e, make_float2(v[2 * e] * inv, v[2 * e + 1] * inv));
      if constexpr (ODD)
        if (r < rows && t == 0) *alone = static_cast<T>(v[E] * inv);
    } else {
#pragma unroll
      for (int e = 0; e < E; ++e)
        if (r < rows && t + TL * e < N) row[t + TL * e] = static_cast<T>(v[e] * inv);
    }
  }
  __syncwarp();
  // 3. Back out: whole packs by one 16-byte store, the stretch's partial ends element by element.
#pragma unroll
  for (int i = 0; i < LOADS; ++i) {
    const int j = lane + 32 * i;
    const int64_t q = q0 + j;
    if (j >= packs) break;
    if (q * V >= begin && q * V + V <= end) {
      store_pack16(y + q * V, buf[j]);
    } else {
      const T* const el = reinterpret_cast<const T*>(buf + j);
#pragma unroll
      for (int k = 0; k < V; ++k)
        if (q * V + k >= begin && q * V + k < end) y[q * V + k] = el[k];
    }
  }
}

// ---- two passes, any N: read for (max, sum), read again (from L2) to normalise ---------------
constexpr int kTwoPassMaxThreads = 1024;
constexpr int kBatch = 4;  // accesses per thread in flight in each loop step

template <class T, int W>
__device__ __forceinline__ MaxSum summarise_range(const T* p, int end) {
  MaxSum s = maxsum_identity();
  const int step = blockDim.x;
  int v = threadIdx.x;
  for (; v + (kBatch - 1) * step < end; v += kBatch * step) {
    Raw<T, W> r[kBatch];
#pragma unroll
    for (int u = 0; u < kBatch; ++u) r[u] = load_raw<T, W>(p, v + u * step);
    absorb<T, W>(s, r);
  }
  for (; v < end; v += step) {
    const Raw<T, W> r[1] = {load_raw<T, W>(p, v)};
    absorb<T, W>(s, r);
  }
  return thread_summary(s.m, s.l);
}

template <class T, int W>
__device__ __forceinline__ void normalise_one(const Raw<T, W>& r, T* q, int v, MaxSum row, float inv) {
  float f[W];
  raw_unpack<T>(r, f);
#pragma unroll
  for (int k = 0; k < W; ++k) f[k] = exp_ftz(f[k] - row.m) * inv;
  store_w<T, W>(q, v, f);
}

// Accesses [0, end), walked from the end: the part of the range read last by the first pass is
// the likeliest to be still in L2, so the second read starts there.
template <class T, int W>
__device__ __forceinline__ void normalise_range(const T* p, T* q, int end, MaxSum row) {
  const float inv = 1.0f / row.l;
  const int step = blockDim.x;
  int v = end - 1 - static_cast<int>(threadIdx.x);
  for (; v - (kBatch - 1) * step >= 0; v -= kBatch * step) {
    Raw<T, W> r[kBatch];
#pragma unroll
    for (int u = 0; u < kBatch; ++u) r[u] = load_raw<T, W>(p, v - u * step);
#pragma unroll
    for (int u = 0; u < kBatch; ++u) normalise_one<T, W>(r[u], q, v - u * step, row, inv);
  }
  for (; v >= 0; v -= step) normalise_one<T, W>(load_raw<T, W>(p, v), q, v, row, inv);
}

// One block per row; W elements per access (kVec<T> when N % kVec<T> == 0, else 1). The launcher
// may give it unused dynamic shared memory: that only caps the blocks per SM (see rows_per_sm).
template <class T, int W>
__global__ void __launch_bounds__(kTwoPassMaxThreads, 2)
    twopass(const T* __restrict__ x, T* __restrict__ y, int64_t N) {
  const T* xr = x + blockIdx.x * N;
  T* yr = y + blockIdx.x * N;
  const int n = static_cast<int>(N / W);  // N <= 2^30: refuse()
  const MaxSum row = block_allreduce(summarise_range<T, W>(xr, n));
  normalise_range<T, W>(xr, yr, n, row);
}

// ---- split-K, two kernels: a few long rows spread over the whole GPU -------------------------
// Item w = (row w / cpr, chunk w % cpr); a chunk is `chunk` elements (a multiple of 2048).
constexpr int kSplitThreads = 256, kSplitMinBlocks = 6;  // 6 blocks per SM: at most 42 registers

template <class T, int W>
__global__ void __launch_bounds__(kSplitThreads, kSplitMinBlocks)
    splitk_summarise(const T* __restrict__ x, MaxSum* __restrict__ ws, int64_t N, int64_t chunk, int64_t cpr) {
  const int64_t w = blockIdx.x, row = w / cpr, c = w % cpr;
  const int64_t begin = c * chunk, end = begin + chunk < N ? begin + chunk : N;
  const MaxSum s = block_allreduce(summarise_range<T, W>(x + row * N + begin, static_cast<int>((end - begin) / W)));
  if (threadIdx.x == 0) ws[w] = s;
}

template <class T, int W>
__global__ void __launch_bounds__(kSplitThreads, kSplitMinBlocks)
    splitk_normalise(const T* __restrict__ x, T* __restrict__ y, const MaxSum* __restrict__ ws, int64_t N,
                     int64_t chunk, int64_t cpr) {
  // Newest chunk first: the chunks the first kernel read last are the ones still in L2.
  const int64_t w = gridDim.x - 1 - blockIdx.x, row = w / cpr, c = w % cpr;
  MaxSum t = maxsum_identity();
  for (int64_t j = threadIdx.x; j < cpr; j += blockDim.x) t = maxsum_merge(t, ws[row * cpr + j]);
  const MaxSum total = block_allreduce(t);
  const int64_t begin = c * chunk, end = begin + chunk < N ? begin + chunk : N;
  normalise_range<T, W>(x + row * N + begin, y + row * N + begin, static_cast<int>((end - begin) / W), total);
}

// ---- the paths and their limits ------------------------------------------------------------

enum class Path { automatic, team, reg, wide, medium, extreme, twopass, splitk };

const char* path_name(Path p) {
  switch (p) {
    case Path::automatic: return "auto";
    case Path::team: return "team";
    case Path::reg: return "register";
    case Path::wide: return "wide";
    case Path::medium: return "medium";
    case Path::extreme: return "extreme";
    case Path::twopass: return "twopass";
    case Path::splitk: return "splitk";
  }
  return "?";
}

// STEP08_PATH, read once; an unknown value is a usage error.
Path forced_path() {
  static const Path p = [] {
    const char* e = std::getenv("STEP08_PATH");
    if (!e || !*e) return Path::automatic;
    for (Path q : {Path::automatic, Path::team, Path::reg, Path::wide, Path::medium, Path::extreme, Path::twopass, Path::splitk})
      if (std::strcmp(e, path_name(q)) == 0) return q;
    std::fprintf(stderr, "error: STEP08_PATH=%s: expected team, register, wide, medium, extreme, twopass or splitk\n", e);
    std::exit(kExitUsage);
  }();
  return p;
}

// STEP08_ROWS_PER_SM: the two-pass kernel's rows in flight per SM; unset or 0: from the L2 size.
int rows_per_sm_override() {
  static const int n = [] {
    const char* e = std::getenv("STEP08_ROWS_PER_SM");
    return e ? std::atoi(e) : 0;
  }();
  return n;
}

// The register-only configurations, smallest first: (threads, 16-byte packs per thread). The
// launcher takes the first whose row capacity threads * packs * kVec covers N, so a short row gets
// a small unrolled cache (few registers, many blocks per SM) rather than the largest one.
// min_blocks goes to __launch_bounds__: it caps the registers at 65536 / (threads * min_blocks).
struct RegCfg {
  int threads, packs, min_blocks;
};
constexpr RegCfg kRegCfgs[] = {{128, 1, 16}, {256, 1, 8}, {128, 4, 12}, {256, 4, 6},
                               {512, 4, 3},  {512, 8, 2}, {1024, 8, 1}};
constexpr int kNumRegCfgs = sizeof(kRegCfgs) / sizeof(kRegCfgs[0]);

// The team configurations, smallest first: (lanes per row, packs per thread). Configuration k holds
// a row of 16 * 2^k bytes (16 B .. 64 KB): one lane per pack up to 512 B rows (1-16 lanes, several
// rows per warp, since the thirty-sixth session: results/h100/explore/session36/), two packs a
// thread at 4 KB, four from 8 KB on, and as many warps as that takes (results/h100/explore/
// session9/rows.txt). A row takes the first that covers it; the stage chooses the team path for
// rows of up to kTeamAutoBytes, or kTeamFewRowsBytes when there are fewer rows than SMs, or when
// two of the team's blocks fit an SM and the rows are in packs or halves (thirty-eighth and
// thirty-ninth sessions). The last, rows of 32-64 KB, depends on the element: fp32 takes 16 warps
// of 8 packs (Triton's fused kernel's geometry at N = 16384). Against 32 warps of 4, in two probes,
// it was 0.3-1.5% faster on many rows of 32-40 KB (fp32 4096 x 10240: 115.60 against 115.96 us,
// 116.98 against 117.51; 2048 x 8200: 49.36 against 50.03, 50.19 against 50.57), within 0.3%
// either way at 48-64 KB (2048 x 16384: 94.17 against 94.29, 94.78 against 94.70), and 0.02-0.06
// us slower on fewer rows than SMs (4 x 16384: 6.46 against 6.40). Halves keep 32 of 4: their
// capped block team of 8 packs ran at half the speed (fp16 2048 x 20480: 117.4 against 61.2 us).
// Forty-second session: results/h100/explore/session42/third/team16.txt and t16/t16.txt.
struct TeamCfg {
  int lanes, packs;
};
template <class T>
constexpr TeamCfg kTeamCfgs[] = {{1, 1},   {2, 1},   {4, 1},   {8, 1},   {16, 1},  {32, 1},  {64, 1},
                                 {128, 1}, {128, 2}, {128, 4}, {256, 4}, {512, 4},
                                 sizeof(T) == 4 ? TeamCfg{512, 8} : TeamCfg{1024, 4}};
constexpr int kNumTeamCfgs = sizeof(kTeamCfgs<float>) / sizeof(TeamCfg);
// The contract above, checked for both lists: configuration k holds 16 * 2^k bytes.
template <class T>
constexpr bool team_cfgs_double() {
  if (sizeof(kTeamCfgs<T>) / sizeof(TeamCfg) != kNumTeamCfgs) return false;
  for (int k = 0; k < kNumTeamCfgs; ++k)
    if (int64_t{kTeamCfgs<T>[k].lanes} * kTeamCfgs<T>[k].packs * 16 != int64_t{16} << k) return false;
  return true;
}
static_assert(team_cfgs_double<float>() && team_cfgs_double<__half>(), "team configuration k holds 16 * 2^k bytes");
constexpr int64_t kTeamAutoBytes = 32 * 1024, kTeamFewRowsBytes = 64 * 1024;

// wide: the largest register kernel (1024 threads x 8 packs) plus 8 slices of shared memory (128 KB,
// opt-in): a 256 KB row per block, one block per SM, loads for the whole row in flight at once
// (kWideThreads, kWideReg, kWideSmem: common/row_cache.cuh). Rows of up to 128 KB take half of it,
// 512 threads, two blocks per SM; rows past 256 KB the same block with up to kWiderSmem = 13 slices
// (208 KB: rows of up to 336 KB on an H100; an A100's 163 KB opt-in gives 10, 288 KB).
constexpr int kHalfWideThreads = 512;
// medium: 256 threads, 8 packs in registers + 8 in shared memory (32 KB, under the 48 KB default).
constexpr int kMedThreads = 256, kMedReg = 8, kMedSmem = 8, kMedMinBlocks = 3;
// extreme: 256 threads, 48 packs in registers (192 registers of data; 56 spill) + up to 56 slices
// of shared memory (56 * 4 KB = 224 KB; the GPU's opt-in limit decides how many are usable).
constexpr int kExtThreads = 256, kExtReg = 48, kExtSmem = 56;
constexpr int64_t kSliceBytes = int64_t{kExtThreads} * 16;  // one shared-memory slice of the extreme kernel

// Static shared memory of block_allreduce(MaxSum): 32 summaries.
constexpr int64_t kReduceSmem = 32 * sizeof(MaxSum);

int64_t vec_of(DType t) { return 16 / static_cast<int64_t>(dtype_size(t)); }

int64_t reg_max_cols(DType t) {
  const RegCfg c = kRegCfgs[kNumRegCfgs - 1];
  return int64_t{c.threads} * c.packs * vec_of(t);
}
int64_t team_max_cols(DType t) {
  return with_element_type(t, [](auto tag) {
    constexpr TeamCfg c = kTeamCfgs<decltype(tag)>[kNumTeamCfgs - 1];
    return int64_t{c.lanes} * c.packs * kVec<decltype(tag)>;
  });
}
int64_t wide_max_cols(DType t) { return wide_packs(kWideThreads) * vec_of(t); }
int64_t wider_max_cols(const DeviceInfo& d, DType t) {
  return int64_t{kWideThreads} * (kWideReg + wider_slices(d.smem_per_block_optin, kReduceSmem)) * vec_of(t);
}
int64_t medium_max_cols(DType t) { return int64_t{kMedThreads} * (kMedReg + kMedSmem) * vec_of(t); }
int extreme_slices(const DeviceInfo& d) {
  const int64_t usable = (d.smem_per_block_optin - kReduceSmem) / kSliceBytes;
  return static_cast<int>(usable < kExtSmem ? usable : kExtSmem);
}
int64_t extreme_max_cols(const DeviceInfo& d, DType t) {
  return int64_t{kExtThreads} * (kExtReg + extreme_slices(d)) * vec_of(t);
}
// The longest row a path takes (0: any).
int64_t path_max_cols(const DeviceInfo& d, DType t, Path p) {
  switch (p) {
    case Path::team: return team_max_cols(t);
    case Path::reg: return reg_max_cols(t);
    case Path::wide: return wider_max_cols(d, t);
    case Path::medium: return medium_max_cols(t);
    case Path::extreme: return extreme_max_cols(d, t);
    default: return 0;
  }
}

// Split-K: few rows (at most half the SM count) of at least kSplitMinCols go there; each row is cut
// into chunks of a multiple of 2048 elements, about as many chunks as the GPU holds blocks at once.
constexpr int64_t kSplitMinCols = 65536;
constexpr int64_t kChunkAlign = 2048;
constexpr int64_t kWorkspaceItems = int64_t{1} << 16;  // chunk summaries the stage keeps: 512 KB

struct SplitPlan {
  int64_t chunk, cpr;  // elements per chunk, chunks per row
};

SplitPlan split_plan(const DeviceInfo& d, int64_t M, int64_t N) {
  const int64_t target = int64_t{d.sm_count} * kSplitMinBlocks;
  int64_t chunk = ceil_div(ceil_div(M * N, target), kChunkAlign) * kChunkAlign;
  chunk = chunk < (int64_t{1} << 30) ? chunk : (int64_t{1} << 30);  // a chunk's index is 32-bit
  return {chunk, ceil_div(N, chunk)};
}

// The elements a cache must have room for: N, or N + kVec - 1 for a row off the 16-byte boundary
// (shifted: its packs start up to kVec - 1 slots before it).
int64_t cache_cols(DType t, int64_t N, bool shifted) { return shifted_slots(N, shifted, vec_of(t)); }

// Whether two blocks of the team for a row of `cols` cached elements (32-64 KB) fit an SM: below,
// beside the launcher whose choice it asks about.
bool two_team_blocks_fit(DType t, int64_t cols, bool shifted);

Path choose(const DeviceInfo& d, DType t, int64_t M, int64_t N) {
  const Path f = forced_path();
  if (f != Path::automatic) return f;
  if (M * 2 <= d.sm_count && N >= kSplitMinCols) return Path::splitk;  // a few long rows
  // Rows not in whole packs are cached shifted, with room for the partial packs at their ends
  // (docs/08_half.md, "Rows not in 16-byte packs").
  const bool in_packs = N % vec_of(t) == 0;
  N = cache_cols(t, N, !in_packs);
  // Rows of up to 32 KB (64 KB when rows are fewer than SMs): a team of warps per row, exp taken
  // once, shuffles and one barrier per reduction; faster there than the block's registers with its
  // (max, sum) merges (docs/08_half.md, "A team of warps per row"). Rows in packs go further, as
  // long as two blocks of the team fit an SM: fp32 to 64 KB on an H100 (9-16 warps of 8 packs at
  // 50-52 registers; 17-32 warps of 4 at 31 before the forty-second session, level or up to 1% ahead
  // of the register block, fp32 2048 x 16384 94.2-94.4 against 95.0-95.1 us), halves to 40 KB (17-20
  // warps, 47-48 registers capped, ten warps a scheduler: fp16 2048 x 16392 50.8 against 54.3 us,
  // 19456 58.4 against 59.8; where one block fits, 12-21% behind). So do halves rows off the
  // boundary (fp16 2048 x 16385: 51.9 against 55.4 us); fp32 ones stay on the register block (fp32
  // 2048 x 8193: 50.98 us on the team, 50.42 on it). results/h100/explore/session38/ (check/,
  // team64/, last/) and session39/halves42/.
  const int64_t row_bytes = N * static_cast<int64_t>(dtype_size(t));
  if (row_bytes <= kTeamAutoBytes) return Path::team;
  if (row_bytes <= kTeamFewRowsBytes) {
    const bool team_ok = in_packs || t != DType::f32;
    if (M < d.sm_count || (team_ok && two_team_blocks_fit(t, N, !in_packs))) return Path::team;
  }
  // The row in registers up to 64 KB (two blocks per SM); then registers + shared memory, 512 threads
  // and two blocks per SM up to 128 KB, 1024 threads beyond (docs/08_half.md, "The wide kernel";
  // since its slices are summed as they land it also beats the 1024-thread register kernel on halves
  // rows of exactly 128 KB, by 0-4 points: results/h100/explore/session13/half128.txt), with up to
  // 13 slices past 256 KB (docs/08_half.md, "The wider block").
  const RegCfg two_per_sm = kRegCfgs[kNumRegCfgs - 2];  // 512 threads x 8 packs
  if (N <= int64_t{two_per_sm.threads} * two_per_sm.packs * vec_of(t)) return Path::reg;
  if (N <= wider_max_cols(d, t)) return Path::wide;
  return Path::twopass;
}

// Rows in flight per SM for the two-pass kernel. Its second read hits L2 only while every row in
// flight on the GPU is still there, so keep rows * SMs * row bytes within 60% of L2: 1 or 2 rows of
// 1024 threads per SM (2 is what threads and registers allow anyway).
int rows_per_sm(const DeviceInfo& d, int64_t row_bytes) {
  if (rows_per_sm_override() > 0) return rows_per_sm_override();
  const int64_t fit = d.l2_bytes * 6 / 10 / (d.sm_count * row_bytes);
  return fit < 1 ? 1 : (fit > 2 ? 2 : static_cast<int>(fit));
}

// ---- launchers -------------------------------------------------------------------------------

// Kernels that may ask for more than 48 KB of dynamic shared memory opt in once, to what one block
// may have on this GPU; returns the kernel ready to launch.
template <class Kernel>
const void* opt_in(Kernel kernel, bool& done) {
  if (!done) {
    cudaFuncAttributes a;  // its static shared memory: the reductions' slots (and bulk slices' mbarriers)
    CUDA_CHECK(cudaFuncGetAttributes(&a, kernel));
    CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    static_cast<int>(device_info().smem_per_block_optin - a.sharedSizeBytes)));
    done = true;
  }
  return reinterpret_cast<const void*>(kernel);
}

template <class T, int THREADS, int REG, int SMEM, int MINB, bool SHIFTED = false, bool BULK = false>
const void* onepass_ready() {
  const auto kernel = onepass<T, THREADS, REG, SMEM, MINB, SHIFTED, BULK>;
  if constexpr (int64_t{SMEM} * THREADS * 16 > 48 * 1024) {
    static bool done = false;
    return opt_in(kernel, done);
  }
  return reinterpret_cast<const void*>(kernel);
}

// Dynamic shared memory for a row of N (cols: cache_cols, N + kVec - 1 when shifted): the slices
// past the register part.
template <class T, int THREADS, int REG, int SMEM>
int64_t onepass_smem(int64_t cols) {
  return row_cache_smem_bytes(THREADS, REG, SMEM, ceil_div(cols, int64_t{kVec<T>}));
}

// The launchers below take SHIFTED rows (off the 16-byte boundary) with room for N + kVec - 1.
template <class T, bool SHIFTED>
int64_t launch_cols(int64_t N) { return cache_cols(dtype_of<T>(), N, SHIFTED); }

template <class T, int THREADS, int REG, int SMEM, int MINB, bool SHIFTED = false, bool BULK = false>
void launch_onepass(const T* x, T* y, int64_t M, int64_t N, cudaStream_t stream) {
  onepass_ready<T, THREADS, REG, SMEM, MINB, SHIFTED, BULK>();
  const int64_t smem = onepass_smem<T, THREADS, REG, SMEM>(launch_cols<T, SHIFTED>(N));
  onepass<T, THREADS, REG, SMEM, MINB, SHIFTED, BULK><<<static_cast<unsigned>(M), THREADS, static_cast<size_t>(smem), stream>>>(
      x, y, N);
  CUDA_CHECK_LAUNCH();
}

// STEP08_BLOCK_TEAMS=0 keeps a row in its configuration's team of 4-32 warps (4-16 in fp32), a
// power of two, however much of it the row leaves idle (for comparisons).
bool block_teams_enabled() {
  static const bool on = knob_on("STEP08_BLOCK_TEAMS");
  return on;
}

// A team of whole warps (one row a block) that the row does not fill gives way to a block of just
// the warps the row needs, with the configuration's packs a lane: a team of 8-32 warps always (fp16
// 2048 x 8200: 9 warps, not 16, 27.8 against 33.1 us), one of 4 warps and 2 or 4 packs for rows off
// the 16-byte boundary only (fp16 2048 x 1025: 7.9 against 8.6 us; rows in packs of 2-6 KB were
// 1-3% either way: results/h100/explore/session38/).
constexpr bool block_team_takes(TeamCfg c, bool shifted) {
  return c.lanes > 128 || (c.lanes == 128 && shifted && c.packs > 1);
}
// Its warps for a row that needs `warps` of them, or 0 where the configuration's own team is no
// larger.
int block_team_size(TeamCfg c, int64_t warps) {
  return warps < c.lanes / 32 && block_teams_enabled() ? static_cast<int>(warps) : 0;
}
// The warps a row of `cols` cached elements needs in configuration c.
template <class T>
int64_t team_warps_needed(TeamCfg c, int64_t cols) {
  return ceil_div(ceil_div(cols, int64_t{kVec<T>}), int64_t{32} * c.packs);
}
template <class T, bool SHIFTED>
int block_team_warps(TeamCfg c, int64_t N) {
  return block_team_size(c, team_warps_needed<T>(c, launch_cols<T, SHIFTED>(N)));
}

// Deep teams (forty-third session): configurations 5-8 (rows in packs of 257 B - 4 KB) give a
// thread one or two packs, 32-128 lanes a row. When their grid needs more than one wave of the
// GPU's threads (M x lanes > SMs x threads an SM), the row takes a team of kDeepPacks packs a
// thread instead, 8-64 lanes: an SM's 2048 threads then hold 128 KB of loads in flight, not 32-64,
// so a 16 MB matrix is requested in one wave where it took two to four. results/h100/explore/
// session43/geom.txt, fp32 16 MB: 14.3 against 15.5-16.0 us at rows of 512 B - 4 KB; 2-5% at 24-32
// MB, up to 2% at 64 MB; level at 4 MB, where the grid fits one wave either way. fp32 rows of 4 KB take one warp of
// 8 packs, stage 03's geometry: two warps of 4 ran 1.8% behind 03 at 4096 x 1024 (deep.txt), one
// warp level (deep2.txt). STEP08_DEEP=0 keeps the configured team (for comparisons).
constexpr int kDeepPacks = 4;
constexpr bool deep_team_takes(TeamCfg c, bool shifted) {
  return !shifted && c.lanes >= 32 && c.lanes <= 128 && c.packs < kDeepPacks;
}
template <class T>
constexpr TeamCfg deep_team(TeamCfg c) {
  const int row_packs = c.lanes * c.packs;
  const int packs = sizeof(T) == 4 && row_packs > 32 * kDeepPacks ? row_packs / 32 : kDeepPacks;
  return {row_packs / packs, packs};
}
// The contract above, checked for both lists: a deep team holds its configuration's packs, on a
// power of two of lanes (team_rows' rows per block), with at least kDeepPacks a thread.
template <class T>
constexpr bool deep_teams_hold_their_rows() {
  for (int k = 0; k < kNumTeamCfgs; ++k) {
    const TeamCfg c = kTeamCfgs<T>[k], d = deep_team<T>(c);
    if (!deep_team_takes(c, false)) continue;
    if (d.lanes * d.packs != c.lanes * c.packs || d.packs < kDeepPacks || (d.lanes & (d.lanes - 1)) != 0) return false;
  }
  return true;
}
static_assert(deep_teams_hold_their_rows<float>() && deep_teams_hold_their_rows<__half>(),
              "a deep team holds its configuration's packs, 4 or more a thread");
bool deep_teams_enabled() {
  static const bool on = knob_on("STEP08_DEEP");
  return on;
}
// Rows of up to 512 B (a warp of one pack a row) stay in their team once the matrix is larger than
// the L2: depth gained them nothing there (fp32 262144 x 128: 93.9 against 93.6 us, deep.txt).
bool deep_team_wanted(TeamCfg c, int64_t M, int64_t row_bytes) {
  const DeviceInfo& d = device_info();
  if (!deep_teams_enabled() || M * c.lanes <= int64_t{d.sm_count} * d.max_threads_per_sm) return false;
  return c.lanes * c.packs > 32 || M * row_bytes <= d.l2_bytes;
}
// Beyond the L2 (sixtieth session, H200) a deep team holds 2 packs a thread, not 4: rows of 513 B -
// 2 KB on 32-64 lanes (`two_pack_team`); teams of 2 packs already (rows of 2-4 KB) keep their
// configured team. Halves take it past the L2: their 4-pack teams need 47 registers
// (1280 threads an SM), 2 packs 31-32 (2048), and 64-128 MB ran 1.6-2.9% faster (fp16 16384 x 2048
// 37.11 -> 36.04 us). fp32 has 2048 threads an SM either way (31 and 24-25 registers): 2 packs were
// 0.3-0.6% slower at 64 MB, within 0.4% either way at 128 MB and 1.0-1.2% faster at 256 MB (131072
// x 512 132.04 -> 130.46 us), so it takes them past twice the L2. results/h200/explore/session60/
// two/two.txt. STEP08_DEEP_TWO=0 keeps the deep teams of 4 or more packs there (for comparisons).
constexpr int kTwoPacks = 2;
// A deep team of rows of more than 32 packs (rows of up to 512 B are not deep past the L2) and
// fewer than 2 packs a thread has a 2-pack form; the others take their configured team.
constexpr bool two_pack_takes(TeamCfg c) { return c.lanes * c.packs > 32 && c.packs < kTwoPacks; }
constexpr TeamCfg two_pack_team(TeamCfg c) { return {c.lanes * c.packs / kTwoPacks, kTwoPacks}; }
template <class T>
bool two_pack_teams_wanted(int64_t M, int64_t row_bytes) {
  static const bool on = knob_on("STEP08_DEEP_TWO");
  return on && M * row_bytes > device_info().l2_bytes * (sizeof(T) == 4 ? 2 : 1);
}

// fp32 rows of 513 B - 2 KB in packs (the configurations of 64 and 128 packs) on many rows (where
// a deep team would run) take warp_rows, 2 rows a warp (sixty-first session, H200): rows of 1-2 KB
// on 4 packs a lane in 1-warp blocks, rows of 513 B - 1 KB on 2 packs a lane in 2-warp blocks.
// Against the deep teams (4 packs a thread; past twice the L2, 2) fp32 x 512 took 0.3-2.0% less
// time at 16-256 MB (32768 x 512 35.79 -> 35.06 us), x 260 9% (129055 x 260, 128 MB, 75.78 ->
// 68.81: 65 packs had 64 lanes of 2), and x 256 under a probe of 2 warps a block 0.7-2.1%
// (65536 x 256 35.82 -> 35.08); in peers.py fp32 65536 x 512 went from 1.3% behind torch.compile
// to 0.3% ahead. Rows of 256 on 1-warp blocks moved by -0.2 to +0.9%, rows of 512 on 4-warp blocks
// +0.3 to +1.3% at 64-256 MB; capping the deep teams at 32 warps an SM (the 1-warp blocks' limit)
// made rows of 512 3.9-9.9% slower, so it is the two rows' independent chains that pay, not fewer
// warps. Rows of 2-4 KB (640 floats -1.3 to -1.7%, 768 +0.4 to +1.6%, 1024 -0.6 to +0.8%) and
// halves (2 rows x 1 warp: -1.7 to +2.3%) keep their teams. results/h200/explore/
// session61/ (first/pair.txt, second/pair2.txt, final/final.txt). STEP08_WARP_ROWS=0 keeps the deep
// teams there (for comparisons).
constexpr int kWarpRows = 2;
// warp_rows' warps a block for a configuration, 0 where it takes its deep team.
template <class T>
constexpr int warp_rows_warps(TeamCfg c) {
  if constexpr (sizeof(T) != 4) return 0;
  return c.lanes * c.packs == 128 ? 1 : c.lanes * c.packs == 64 ? 2 : 0;
}
bool warp_rows_enabled() {
  static const bool on = knob_on("STEP08_WARP_ROWS");
  return on;
}
template <class T, int P, int W>
void launch_warp_rows(const T* x, T* y, int64_t M, int64_t N, cudaStream_t stream) {
  const unsigned blocks = static_cast<unsigned>(ceil_div(M, int64_t{kWarpRows} * W));
  warp_rows<T, P, kWarpRows, W><<<blocks, W * 32, 0, stream>>>(x, y, M, N);
  CUDA_CHECK_LAUNCH();
}

// team_rows on TL lanes of P packs a thread, team_rows_per_block<TL>() rows a block.
template <class T, int TL, int P, bool SHIFTED>
void launch_team_rows(const T* x, T* y, int64_t M, int64_t N, cudaStream_t stream) {
  constexpr int threads = team_threads<TL>();
  const unsigned blocks = static_cast<unsigned>(ceil_div(M, int64_t{team_rows_per_block<TL>()}));
  team_rows<T, TL, P, SHIFTED><<<blocks, threads, 0, stream>>>(x, y, M, N);
  CUDA_CHECK_LAUNCH();
}

// Teams of 2-8 warps whose grid has at most one block an SM run the reductions' second level in
// log2(warps) shuffles, not 5: there each block's reductions are the kernel's critical path, and
// the shorter chain took 0.04-0.27 us off each of 15 few-row shapes (fp32 128 x 1024: 4.59
// against 4.72 us; fp16 128 x 8192: 6.18 against 6.44; results/h100/explore/session40/check/
// chain.txt, means of three runs, each its own process). Given to every team in a first probe
// (latency/reduce.txt), it was no faster or slower where many blocks share an SM (fp16 2048 x 1024
// 7.09 against 7.00 us, fp32 2048 x 4096 26.00 against 25.78), as in the twentieth session.
// STEP08_SHORT_CHAIN=0 keeps the five steps (for comparisons).
constexpr bool short_chain_takes(TeamCfg c) { return c.lanes >= 64 && c.lanes <= 256; }
bool short_chain_enabled() {
  static const bool on = knob_on("STEP08_SHORT_CHAIN");
  return on;
}

template <class T, bool SHIFTED, int I = 0>
void launch_team(const T* x, T* y, int64_t M, int64_t N, cudaStream_t stream) {
  constexpr TeamCfg c = kTeamCfgs<T>[I];
  if constexpr (I + 1 < kNumTeamCfgs) {
    if (launch_cols<T, SHIFTED>(N) > int64_t{c.lanes} * c.packs * kVec<T>)
      return launch_team<T, SHIFTED, I + 1>(x, y, M, N, stream);
  }
  if constexpr (deep_team_takes(c, SHIFTED)) {  // many rows: 4 packs a thread, a narrower team
    const int64_t row_bytes = N * static_cast<int64_t>(sizeof(T));
    if (deep_team_wanted(c, M, row_bytes)) {
      if constexpr (warp_rows_warps<T>(c) > 0) {  // fp32 rows of 513 B - 2 KB: 2 rows a warp
        if (warp_rows_enabled())
          return launch_warp_rows<T, c.lanes * c.packs / 32, warp_rows_warps<T>(c)>(x, y, M, N, stream);
      }
      if (!two_pack_teams_wanted<T>(M, row_bytes)) {
        constexpr TeamCfg d = deep_team<T>(c);
        return launch_team_rows<T, d.lanes, d.packs, SHIFTED>(x, y, M, N, stream);
      }
      if constexpr (two_pack_takes(c)) {  // beyond the L2: 2 packs a thread (else the configured team)
        constexpr TeamCfg d = two_pack_team(c);
        return launch_team_rows<T, d.lanes, d.packs, SHIFTED>(x, y, M, N, stream);
      }
    }
  }
  if constexpr (block_team_takes(c, SHIFTED)) {  // a block of just the warps the row needs
    if (const int warps = block_team_warps<T, SHIFTED>(c, N)) {
      const auto kernel = block_team_kernel<T, c.packs, SHIFTED>(lean_wanted(M, warps));
      kernel<<<static_cast<unsigned>(M), warps * 32, 0, stream>>>(x, y, M, N);
      CUDA_CHECK_LAUNCH();
      return;
    }
  }
  constexpr int threads = team_threads<c.lanes>(), rows_per_block = threads / c.lanes;
  const unsigned blocks = static_cast<unsigned>(ceil_div(M, rows_per_block));
  if constexpr (short_chain_takes(c)) {  // at most one block an SM: the reductions' shorter chain
    if (blocks <= static_cast<unsigned>(device_info().sm_count) && short_chain_enabled()) {
      team_rows<T, c.lanes, c.packs, SHIFTED, true><<<blocks, threads, 0, stream>>>(x, y, M, N);
      CUDA_CHECK_LAUNCH();
      return;
    }
  }
  const auto kernel = team_kernel<T, c.lanes, c.packs, SHIFTED>(lean_wanted(blocks, c.lanes / 32), blocks);
  kernel<<<blocks, threads, 0, stream>>>(x, y, M, N);
  CUDA_CHECK_LAUNCH();
}

// Blocks an SM fits of what launch_team runs for a row of `cols` cached elements in its last
// configuration (rows of 32-64 KB: 16 warps x 8 packs in fp32, 32 x 4 in halves): the block team
// block_team_size gives it, or the whole team. From the runtime's calculator, so the compiler's
// register count on this GPU decides; read once for each of the 1-16 or 1-32 warps a row may need.
template <class T, bool SHIFTED>
int long_team_blocks_per_sm(int64_t cols) {
  static constexpr TeamCfg c = kTeamCfgs<T>[kNumTeamCfgs - 1];
  static_assert(block_team_takes(c, SHIFTED), "rows of 32-64 KB may take a block team");
  static const std::array<int, c.lanes / 32 + 1> blocks = [] {
    std::array<int, c.lanes / 32 + 1> b{};
    for (int w = 1; w <= c.lanes / 32; ++w) {
      const int block_warps = block_team_size(c, w);
      const void* k = block_warps ? reinterpret_cast<const void*>(block_team_kernel<T, c.packs, SHIFTED>(false))
                                  : reinterpret_cast<const void*>(team_rows<T, c.lanes, c.packs, SHIFTED>);
      const int threads = block_warps ? block_warps * 32 : team_threads<c.lanes>();
      CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b[w], k, threads, 0));
    }
    return b;
  }();
  return blocks[team_warps_needed<T>(c, cols)];
}

bool two_team_blocks_fit(DType t, int64_t cols, bool shifted) {
  return with_element_type(t, [&](auto tag) {
    using T = decltype(tag);
    return (shifted ? long_team_blocks_per_sm<T, true>(cols) : long_team_blocks_per_sm<T, false>(cols)) >= 2;
  });
}

// Short rows not in packs whose group of rows fills at most kPackRowsMaxPacks packs, x and y on a
// 16-byte boundary: pack_rows, unless STEP08_PACK_ROWS=0 (the shifted team then, for comparisons).
bool pack_rows_enabled() {
  static const bool on = knob_on("STEP08_PACK_ROWS");
  return on;
}
// STEP08_PACK_ASYNC=0 runs pack_rows with its loads through registers (for comparisons).
bool pack_rows_async() {
  static const bool on = knob_on("STEP08_PACK_ASYNC");
  return on;
}

// STEP08_PACK_DIRECT=0 runs pack_rows' groups of one pack through shared memory too (for comparisons).
bool pack_rows_direct() {
  static const bool on = knob_on("STEP08_PACK_DIRECT");
  return on;
}

// pack_rows for rows of N as the knobs choose: groups of one pack direct (ASYNC no matter) unless
// STEP08_PACK_DIRECT=0; the others by cp.async unless STEP08_PACK_ASYNC=0.
template <class T, int N>
auto pack_rows_kernel() {
  if constexpr (group_packs(N, kVec<T>) == 1) {
    if (pack_rows_direct()) return pack_rows<T, N>;
    return pack_rows_async() ? pack_rows<T, N, true, false> : pack_rows<T, N, false, false>;
  } else {
    return pack_rows_async() ? pack_rows<T, N> : pack_rows<T, N, false>;
  }
}

template <class T>
bool pack_rows_ok(const T* x, const T* y, int64_t N) {
  return N < kPackRowsLongest && pack_rows_len(static_cast<int>(N), kVec<T>) && pack_rows_enabled() &&
         (reinterpret_cast<uintptr_t>(x) | reinterpret_cast<uintptr_t>(y)) % 16 == 0;
}

// The kernel for N: instantiated for each length pack_rows_len admits, found by a walk up from 1;
// false (nothing launched) for a length it does not admit.
template <class T, int N = 1>
bool launch_pack_rows(const T* x, T* y, int64_t M, int64_t n, cudaStream_t stream) {
  if constexpr (N + 1 < kPackRowsLongest) {
    if (n != N || !pack_rows_len(N, kVec<T>)) return launch_pack_rows<T, N + 1>(x, y, M, n, stream);
  }
  if constexpr (pack_rows_len(N, kVec<T>)) {
    if (n != N) return false;
    constexpr int R = kVec<T> / gcd_int(N, kVec<T>);
    const int64_t groups = ceil_div(M, int64_t{R});
    const auto kernel = pack_rows_kernel<T, N>();
    kernel<<<static_cast<unsigned>(ceil_div(groups, int64_t{kPackRowsThreads})), kPackRowsThreads, 0, stream>>>(x, y, M);
    CUDA_CHECK_LAUNCH();
    return true;
  }
  return false;
}

// Short rows not in packs that pack_rows does not take, up to staged_max_cols<T>(), x and y on a
// 16-byte boundary, in a matrix of at least kStagedMinBytes (kStagedMinBytesLongHalves for halves
// rows over 64 bytes): staged_rows (a smaller matrix is latency-bound, and the shifted team's
// shorter path from load to store wins there).
// STEP08_STAGED_ROWS=0 leaves them to the shifted team, =1 stages them whatever the matrix's size,
// =all stages rows in packs of up to 2 KB too, instead of the teams (the last two for comparisons).
enum class Staged { off, large, any_size, all };
Staged staged_rows_mode() {
  static const Staged m = [] {
    const char* e = std::getenv("STEP08_STAGED_ROWS");
    if (e && std::strcmp(e, "0") == 0) return Staged::off;
    if (e && std::strcmp(e, "1") == 0) return Staged::any_size;
    if (e && std::strcmp(e, "all") == 0) return Staged::all;
    return Staged::large;
  }();
  return m;
}
// The smallest matrices (x alone) staged: 2 MB; 32 MB for halves rows of more than 64 bytes, whose
// shifted team wastes less on its partial packs (results/h100/explore/session37/cross/cross.txt:
// fp16 rows of 1001 and 50 up to 14% faster on the team at 4-16 MB, level or behind at 32 MB;
// rows of 10 floats or halves and of 127 floats 6-31% faster staged at 3.9-4.2 MB, 50 floats
// level there; spread*/: 0.3-1 MB faster on the team, 3.3 MB level or staged).
constexpr int64_t kStagedMinBytes = int64_t{2} << 20, kStagedMinBytesLongHalves = int64_t{32} << 20;
constexpr int64_t kStagedShortHalves = 32;  // halves rows of up to 64 bytes

// The staged configurations, smallest first: (lanes per row, elements per lane). A row takes the
// first that holds it: teams of 1-32 lanes with 8 elements each, then a warp with 16 or 32; and
// since the fifty-sixth session two in between that waste fewer slots, 2 x 6 (rows of 9-12:
// 10 takes 12 slots, not 16) and 4 x 14 (rows of 33-56: 50 takes 56, not 64, on 4 lanes, one
// shuffle step fewer). On an H200 they took 3-5% off halves 4194304 x 10 (to 94-96% of the
// copy) and 9-10% off 524288 x 50 (to 93%), fp32 level (results/h200/explore/session56/fine/).
// Since the fifty-seventh, four more between the longer ones: 8 x 14 (rows of 65-112, CIFAR-100's
// 100 among them), 16 x 12 (129-192), 32 x 12 (257-384) and 32 x 24 (513-768, halves). On an
// H200 they took 4-17% off the halves rows they take (fp16 x 150: 80 -> 96% of the copy), fp32
// up to 4.5% (results/h200/explore/session57/fine2/).
// STEP08_STAGED_FINE=0 skips those six, and the three below (for comparisons).
// Since the fifty-eighth, three of fewer lanes and more elements a lane for halves: 1 x 10 (rows of
// 10, and 11 odd: no shuffle, 32 rows a round), 2 x 12 (17-24, 25 odd) and 2 x 22 (33-44, 45
// odd), one or two shuffle steps fewer and twice the rows a round. On an H200, with exp_sum, they
// took 2.0-15.3% off the halves rows they take (fp16 x 18: 86 -> 101% of the copy, bf16 x 21: 84
// -> 99.5%), but only 0.4% off fp16 4194304 x 10 (results/h200/explore/session58/last/fewer3.txt).
// Floats were 0.8-1.2% slower on them (x 10, x 21), and 2 x 26 took halves rows of 50 and 52 1-2%
// slower than 4 x 14 does (fewer/fewer.txt). STEP08_STAGED_FEWER=0 skips them (for comparisons).
struct StagedCfg {
  int lanes, elems;
  bool halves = false;  // halves only (fp32 rows skip it)
};
constexpr StagedCfg kStagedCfgs[] = {{1, 8},         {1, 10, true}, {2, 6},  {2, 8},   {2, 12, true}, {4, 8},
                                     {2, 22, true},  {4, 14},       {8, 8},  {8, 14},  {16, 8},       {16, 12},
                                     {32, 8},        {32, 12},      {32, 16}, {32, 24}, {32, 32}};
constexpr int kNumStagedCfgs = sizeof(kStagedCfgs) / sizeof(kStagedCfgs[0]);

// The longest row staged_rows takes: 2 KB, which its largest team holds, and a warp's stretch too.
template <class T>
constexpr int64_t staged_max_cols() {
  constexpr StagedCfg c = kStagedCfgs[kNumStagedCfgs - 1];
  constexpr int64_t cols = kStagedMaxBytes / static_cast<int64_t>(sizeof(T));
  static_assert(cols <= int64_t{c.lanes} * c.elems && cols <= int64_t{kStagedPacks - 1} * kVec<T>);
  return cols;
}

template <class T>
bool staged_rows_ok(const T* x, const T* y, int64_t M, int64_t N) {
  const Staged m = staged_rows_mode();
  const bool aligned = (reinterpret_cast<uintptr_t>(x) | reinterpret_cast<uintptr_t>(y)) % 16 == 0;
  if (m == Staged::off || N > staged_max_cols<T>() || !aligned) return false;
  if (m == Staged::all) return true;
  const bool long_halves = sizeof(T) == 2 && N > kStagedShortHalves;
  const int64_t least = long_halves ? kStagedMinBytesLongHalves : kStagedMinBytes;
  return N % kVec<T> != 0 && (m == Staged::any_size || M * N * static_cast<int64_t>(sizeof(T)) >= least);
}

// STEP08_STAGED_PAIRS=0: one element a shared-memory access in rows of an even length too (for
// comparisons).
bool staged_pairs_enabled() {
  static const bool on = knob_on("STEP08_STAGED_PAIRS");
  return on;
}
// STEP08_STAGED_ODD=0: rows of an odd length one element an access (for comparisons).
bool staged_odd_enabled() {
  static const bool on = knob_on("STEP08_STAGED_ODD");
  return on;
}

// STEP08_STAGED_SPREAD=k: k warps an SM for a small matrix instead of kStagedSpreadWarps (for
// comparisons).
int staged_spread_warps() {
  static const int k = [] {
    const char* e = std::getenv("STEP08_STAGED_SPREAD");
    return e && std::atoi(e) > 0 ? std::atoi(e) : kStagedSpreadWarps;
  }();
  return k;
}

// The configurations STEP08_STAGED_FINE=0 skips: those whose elements are not 8, 16 or 32.
constexpr bool staged_cfg_fine(StagedCfg c) { return c.elems != 8 && c.elems != 16 && c.elems != 32; }
bool staged_fine_enabled() {
  static const bool on = knob_on("STEP08_STAGED_FINE");
  return on;
}
// A configuration the launcher takes for rows of T: the halves-only ones not for floats.
template <class T>
constexpr bool staged_cfg_for(StagedCfg c) { return !c.halves || sizeof(T) == 2; }
// STEP08_STAGED_FEWER=0 skips the halves-only configurations (for comparisons).
bool staged_fewer_enabled() {
  static const bool on = knob_on("STEP08_STAGED_FEWER");
  return on;
}

// How staged_rows reads rows of N elements: in pairs unless a knob says otherwise.
Access staged_access(int64_t N) {
  if (!staged_pairs_enabled()) return Access::elements;
  if (N % 2 == 0) return Access::pairs;
  return staged_odd_enabled() ? Access::pairs_odd : Access::elements;
}

// The longest row a configuration holds: its slots, and in odd pairs one more (the element alone
// rides beside the pairs, which then fill every slot: rows of 9, 17, 33 on 1 x 8, 2 x 8, 4 x 8).
int64_t staged_holds(StagedCfg c, Access a) { return int64_t{c.lanes} * c.elems + (a == Access::pairs_odd); }

// One staged configuration's launch, TL lanes a row and E elements each.
template <class T, int TL, int E>
void launch_staged_team(const T* x, T* y, int64_t M, int64_t N, cudaStream_t stream) {
  // As many rows a warp as fill its stretch, but no more than spread the matrix over
  // kStagedSpreadWarps warps an SM: a small matrix is latency-bound, and more warps with less each
  // finish it sooner (fp16 2048 x 1001: results/h100/explore/session37/).
  const int64_t fill = int64_t{kStagedPacks - 1} * kVec<T> / N;
  const int64_t spread = ceil_div(M, int64_t{device_info().sm_count} * staged_spread_warps());
  int rows_per_warp = static_cast<int>(spread < fill ? spread : fill);
  // A whole number of rounds of 32 / TL rows: a round's idle teams cost as much as busy ones (fp16
  // rows of 25, 80 rows a warp instead of 81: 10 rounds instead of 11, 99.5% of the copy against
  // 91.4%: results/h100/explore/session37/spread2/spread2.txt).
  constexpr int teams = 32 / TL;
  if (rows_per_warp > teams) rows_per_warp = rows_per_warp / teams * teams;
  const int64_t warps = ceil_div(M, int64_t{rows_per_warp});
  const Access access = staged_access(N);
  const auto kernel = access == Access::pairs       ? staged_rows<T, TL, E, Access::pairs>
                      : access == Access::pairs_odd ? staged_rows<T, TL, E, Access::pairs_odd>
                                                    : staged_rows<T, TL, E>;
  kernel<<<static_cast<unsigned>(ceil_div(warps, int64_t{kStagedWarps})), kStagedWarps * 32, 0, stream>>>(
      x, y, M, static_cast<int>(N), rows_per_warp);
  CUDA_CHECK_LAUNCH();
}

// The first configuration that holds the row (and is on).
template <class T, int I = 0>
void launch_staged_rows(const T* x, T* y, int64_t M, int64_t N, cudaStream_t stream) {
  constexpr StagedCfg c = kStagedCfgs[I];
  if constexpr (I + 1 < kNumStagedCfgs && int64_t{c.lanes} * c.elems < staged_max_cols<T>()) {
    if (!staged_cfg_for<T>(c) || N > staged_holds(c, staged_access(N)) ||
        (staged_cfg_fine(c) && !staged_fine_enabled()) || (c.halves && !staged_fewer_enabled()))
      return launch_staged_rows<T, I + 1>(x, y, M, N, stream);
  }
  // (Floats never reach a halves-only configuration here; nor are its float kernels compiled.)
  if constexpr (staged_cfg_for<T>(c)) launch_staged_team<T, c.lanes, c.elems>(x, y, M, N, stream);
}

template <class T, bool SHIFTED, int I = 0>
void launch_register(const T* x, T* y, int64_t M, int64_t N, cudaStream_t stream) {
  constexpr RegCfg c = kRegCfgs[I];
  if constexpr (I + 1 < kNumRegCfgs) {
    if (launch_cols<T, SHIFTED>(N) > int64_t{c.threads} * c.packs * kVec<T>)
      return launch_register<T, SHIFTED, I + 1>(x, y, M, N, stream);
  }
  launch_onepass<T, c.threads, c.packs, 0, c.min_blocks, SHIFTED>(x, y, M, N, stream);
}

// 512 threads up to 128 KB, 1024 to 256 KB, then the wider block (its shared memory sized to the
// row; a row in packs that needs its 13th slice takes its slices by bulk copy).
template <class T, bool SHIFTED>
void launch_wide(const T* x, T* y, int64_t M, int64_t N, cudaStream_t stream) {
  const int64_t cols = launch_cols<T, SHIFTED>(N);
  if (cols <= wide_packs(kHalfWideThreads) * kVec<T>)
    return launch_onepass<T, kHalfWideThreads, kWideReg, kWideSmem, 2, SHIFTED>(x, y, M, N, stream);
  if (cols <= wide_packs(kWideThreads) * kVec<T>)
    return launch_onepass<T, kWideThreads, kWideReg, kWideSmem, 1, SHIFTED>(x, y, M, N, stream);
  if constexpr (!SHIFTED && kBulkSlices) {
    if (cols > int64_t{kWideThreads} * (kWideReg + kWiderSmem - 1) * kVec<T>)
      return launch_onepass<T, kWideThreads, kWideReg, kWiderSmem, 1, false, true>(x, y, M, N, stream);
  }
  launch_onepass<T, kWideThreads, kWideReg, kWiderSmem, 1, SHIFTED>(x, y, M, N, stream);
}

// The two-pass launch: about kBatch accesses per thread, 128 to 1024 threads; a long row's block
// also takes the shared memory that caps the SM at rows_per_sm() rows (it uses none of it).
struct TwoPassLaunch {
  int threads;
  int64_t smem;
};
template <class T>
TwoPassLaunch twopass_launch(const DeviceInfo& d, int64_t N) {
  const int64_t accesses = N % kVec<T> == 0 ? N / kVec<T> : N;
  int64_t threads = ceil_div(ceil_div(accesses, kBatch), 32) * 32;
  threads = threads < 128 ? 128 : (threads > kTwoPassMaxThreads ? kTwoPassMaxThreads : threads);
  int64_t smem = 0;
  const int rows = rows_per_sm(d, N * static_cast<int64_t>(sizeof(T)));
  if (threads == kTwoPassMaxThreads && rows < 2)
    smem = d.smem_per_sm / (rows + 1) + 1 - kReduceSmem - d.smem_reserved_per_block;
  return {static_cast<int>(threads), smem};
}

// Packed (16-byte) accesses need rows on 16-byte boundaries: N a multiple of the pack and x, y
// themselves aligned (a caller may pass a pointer into the middle of a buffer).
template <class T>
bool packed_ok(const T* x, const T* y, int64_t N) {
  return N % kVec<T> == 0 && (reinterpret_cast<uintptr_t>(x) | reinterpret_cast<uintptr_t>(y)) % 16 == 0;
}

template <class T>
void launch_twopass(const T* x, T* y, int64_t M, int64_t N, cudaStream_t stream) {
  const TwoPassLaunch l = twopass_launch<T>(device_info(), N);
  static bool done_packed = false, done_scalar = false;
  if (packed_ok(x, y, N)) {
    opt_in(twopass<T, kVec<T>>, done_packed);
    twopass<T, kVec<T>><<<static_cast<unsigned>(M), l.threads, static_cast<size_t>(l.smem), stream>>>(x, y, N);
  } else {
    opt_in(twopass<T, 1>, done_scalar);
    twopass<T, 1><<<static_cast<unsigned>(M), l.threads, static_cast<size_t>(l.smem), stream>>>(x, y, N);
  }
  CUDA_CHECK_LAUNCH();
}

// The chunk summaries of split-K: one buffer per stream in flight, allocated by the split's first
// launch on a stream and kept (common/scratch.h), so later launches allocate nothing.
constexpr size_t kWorkspaceBytes = static_cast<size_t>(kWorkspaceItems) * sizeof(MaxSum);

template <class T>
void launch_splitk(const T* x, T* y, int64_t M, int64_t N, cudaStream_t stream) {
  const SplitPlan p = split_plan(device_info(), M, N);
  const unsigned grid = static_cast<unsigned>(M * p.cpr);  // <= kWorkspaceItems: refuse()
  const StreamScratch workspace("08 split-K summaries", kWorkspaceBytes, stream);
  MaxSum* ws = static_cast<MaxSum*>(workspace.get());
  if (packed_ok(x, y, N)) {
    splitk_summarise<T, kVec<T>><<<grid, kSplitThreads, 0, stream>>>(x, ws, N, p.chunk, p.cpr);
    CUDA_CHECK_LAUNCH();
    splitk_normalise<T, kVec<T>><<<grid, kSplitThreads, 0, stream>>>(x, y, ws, N, p.chunk, p.cpr);
  } else {
    splitk_summarise<T, 1><<<grid, kSplitThreads, 0, stream>>>(x, ws, N, p.chunk, p.cpr);
    CUDA_CHECK_LAUNCH();
    splitk_normalise<T, 1><<<grid, kSplitThreads, 0, stream>>>(x, y, ws, N, p.chunk, p.cpr);
  }
  CUDA_CHECK_LAUNCH();
}

// Rows off the 16-byte boundary (N not a multiple of the pack, or x and y misaligned alike) go to
// the team, register and wide caches shifted, when the row with its partial packs fits; anything
// else (y misaligned unlike x, the medium and extreme caches) to the two-pass kernel.
template <class T>
bool shifted_ok(const T* x, const T* y, int64_t N, Path p) {
  const bool cache = p == Path::team || p == Path::reg || p == Path::wide;
  return same_phase(x, y) && cache && launch_cols<T, true>(N) <= path_max_cols(device_info(), dtype_of<T>(), p);
}

template <class T>
void launch_t(const T* x, T* y, int64_t M, int64_t N, cudaStream_t stream) {
  Path path = choose(device_info(), dtype_of<T>(), M, N);
  const bool shifted = !packed_ok(x, y, N) && path != Path::splitk;
  if (shifted && !shifted_ok(x, y, N, path)) path = Path::twopass;
  switch (path) {
    case Path::automatic:  // choose() never returns it
    case Path::team:
      if (pack_rows_ok(x, y, N) && launch_pack_rows<T>(x, y, M, N, stream)) break;
      if (staged_rows_ok(x, y, M, N)) {
        launch_staged_rows<T>(x, y, M, N, stream);
        break;
      }
      if (shifted) launch_team<T, true>(x, y, M, N, stream);
      else launch_team<T, false>(x, y, M, N, stream);
      break;
    case Path::reg:
      shifted ? launch_register<T, true>(x, y, M, N, stream) : launch_register<T, false>(x, y, M, N, stream);
      break;
    case Path::wide:
      shifted ? launch_wide<T, true>(x, y, M, N, stream) : launch_wide<T, false>(x, y, M, N, stream);
      break;
    case Path::medium: launch_onepass<T, kMedThreads, kMedReg, kMedSmem, kMedMinBlocks>(x, y, M, N, stream); break;
    case Path::extreme: launch_onepass<T, kExtThreads, kExtReg, kExtSmem, 1>(x, y, M, N, stream); break;
    case Path::twopass: launch_twopass<T>(x, y, M, N, stream); break;
    case Path::splitk: launch_splitk<T>(x, y, M, N, stream); break;
  }
}

void launch_f32(const float* x, float* y, int64_t M, int64_t N, cudaStream_t s) { launch_t(x, y, M, N, s); }
void launch_f16(const __half* x, __half* y, int64_t M, int64_t N, cudaStream_t s) { launch_t(x, y, M, N, s); }
void launch_bf16(const __nv_bfloat16* x, __nv_bfloat16* y, int64_t M, int64_t N, cudaStream_t s) {
  launch_t(x, y, M, N, s);
}

// ---- what the stage takes ------------------------------------------------------------------

int64_t max_cols(const DeviceInfo& d, DType t) { return path_max_cols(d, t, forced_path()); }

std::string refuse(const DeviceInfo& d, DType t, int64_t M, int64_t N) {
  const Path p = choose(d, t, M, N);
  const std::string path = std::string("STEP08_PATH=") + path_name(p);
  if (p == Path::splitk) {
    if (M * split_plan(d, M, N).cpr > kWorkspaceItems)
      return path + ": more than " + std::to_string(kWorkspaceItems) + " chunks; the stage's dispatch sends "
             "so many rows to the per-row kernels";
    return "";
  }
  if (M > INT_MAX) return "M is larger than the grid can cover (2^31 - 1 blocks)";
  if (N > (int64_t{1} << 30))  // per-row kernels index a row with 32-bit ints
    return "rows of more than 2^30 elements go to split-K only, which takes at most 65536 chunks";
  if (p == Path::team || p == Path::reg || p == Path::wide || p == Path::medium || p == Path::extreme) {
    const bool whole_packs = N % vec_of(t) == 0;
    if (!whole_packs && (p == Path::medium || p == Path::extreme))
      return path + " needs N to be a multiple of " + std::to_string(vec_of(t)) + " (16-byte rows)";
    const int64_t most = path_max_cols(d, t, p);
    if (cache_cols(t, N, !whole_packs) > most)
      return path + " caches at most " + std::to_string(whole_packs ? most : most - vec_of(t) + 1) +
             " elements of a row on this GPU" + (whole_packs ? "" : " when they are not whole 16-byte packs");
  }
  return "";
}

// --explain: every kernel configuration the stage launches, at the longest row it serves.
// A configuration's name: shifted ones (rows off the 16-byte boundary) hold kVec - 1 fewer elements.
template <class T, bool SHIFTED>
std::string config_name(const std::string& what, int64_t cols) {
  return what + (SHIFTED ? " shifted, N <= " : ", N <= ") + std::to_string(SHIFTED ? cols - kVec<T> + 1 : cols);
}

template <class T, bool SHIFTED, int I = 0>
void explain_register(std::vector<KernelConfig>& out) {
  constexpr RegCfg c = kRegCfgs[I];
  const int64_t n = int64_t{c.threads} * c.packs * kVec<T>;
  out.push_back({config_name<T, SHIFTED>("onepass register " + std::to_string(c.threads) + "x" + std::to_string(c.packs), n),
                 onepass_ready<T, c.threads, c.packs, 0, c.min_blocks, SHIFTED>(), c.threads, 0,
                 int64_t{c.packs} * kVec<T>});
  if constexpr (I + 1 < kNumRegCfgs) explain_register<T, SHIFTED, I + 1>(out);
}

// A team's size in words: "4 lanes" under a warp, "2 warps" from one up.
std::string team_size_name(int lanes) {
  return lanes < 32 ? std::to_string(lanes) + (lanes == 1 ? " lane" : " lanes")
                    : std::to_string(lanes / 32) + (lanes == 32 ? " warp" : " warps");
}

template <class T, bool SHIFTED, int I = 0>
void explain_team(std::vector<KernelConfig>& out) {
  constexpr TeamCfg c = kTeamCfgs<T>[I];
  out.push_back({config_name<T, SHIFTED>("team_rows " + team_size_name(c.lanes) + " x " + std::to_string(c.packs) +
                                             (c.packs == 1 ? " pack" : " packs"), int64_t{c.lanes} * c.packs * kVec<T>),
                 reinterpret_cast<const void*>(team_rows<T, c.lanes, c.packs, SHIFTED>), team_threads<c.lanes>(), 0,
                 int64_t{c.packs} * kVec<T>});
  if constexpr (lean_team_takes<T, c.lanes, c.packs, SHIFTED>())  // many rows of halves: x kept, exp twice
    out.push_back({config_name<T, SHIFTED>("team_rows lean " + team_size_name(c.lanes) + " x " +
                                               std::to_string(c.packs) + " packs", int64_t{c.lanes} * c.packs * kVec<T>),
                   reinterpret_cast<const void*>(team_rows_lean<T, c.lanes, c.packs>), team_threads<c.lanes>(), 0,
                   int64_t{c.packs} * kVec<T>});
  if constexpr (team_min_blocks<T, c.lanes, c.packs, SHIFTED>() > 0)  // grids of more than one wave
    out.push_back({config_name<T, SHIFTED>("team_rows bounded " + team_size_name(c.lanes) + " x " +
                                               std::to_string(c.packs) + " packs", int64_t{c.lanes} * c.packs * kVec<T>),
                   reinterpret_cast<const void*>(team_rows_bounded<T, c.lanes, c.packs, SHIFTED>),
                   team_threads<c.lanes>(), 0, int64_t{c.packs} * kVec<T>});
  if constexpr (deep_team_takes(c, SHIFTED)) {  // the same rows when there are many: 4 packs a thread
    constexpr TeamCfg d = deep_team<T>(c);
    out.push_back({config_name<T, SHIFTED>("team_rows deep " + team_size_name(d.lanes) + " x " + std::to_string(d.packs) +
                                               " packs", int64_t{d.lanes} * d.packs * kVec<T>),
                   reinterpret_cast<const void*>(team_rows<T, d.lanes, d.packs, SHIFTED>), team_threads<d.lanes>(), 0,
                   int64_t{d.packs} * kVec<T>});
    if constexpr (warp_rows_warps<T>(c) > 0) {  // fp32 rows of 513 B - 2 KB: 2 rows a warp
      constexpr int P = c.lanes * c.packs / 32, W = warp_rows_warps<T>(c);
      out.push_back({config_name<T, SHIFTED>("warp_rows 2 rows x " + std::to_string(P) + " packs, " +
                                                 std::to_string(W) + (W == 1 ? " warp" : " warps"),
                                             int64_t{32} * P * kVec<T>),
                     reinterpret_cast<const void*>(warp_rows<T, P, kWarpRows, W>), W * 32, 0,
                     int64_t{kWarpRows} * P * kVec<T>});
    }
    if constexpr (two_pack_takes(c)) {  // and beyond the L2: 2 packs a thread
      constexpr TeamCfg w = two_pack_team(c);
      out.push_back({config_name<T, SHIFTED>("team_rows deep " + team_size_name(w.lanes) + " x 2 packs",
                                             int64_t{w.lanes} * w.packs * kVec<T>),
                     reinterpret_cast<const void*>(team_rows<T, w.lanes, w.packs, SHIFTED>), team_threads<w.lanes>(),
                     0, int64_t{w.packs} * kVec<T>});
    }
  }
  if constexpr (I + 1 < kNumTeamCfgs) explain_team<T, SHIFTED, I + 1>(out);
}

// The block teams (kBlockTeam) at one size each runs: 5 warps of 4 packs (rows just past 8 KB),
// and, off the 16-byte boundary, 3 warps of 2 (rows just past 2 KB).
template <class T, bool SHIFTED, int P>
void explain_block_team(std::vector<KernelConfig>& out, int warps) {
  out.push_back({config_name<T, SHIFTED>("team_rows block of " + team_size_name(warps * 32) + " x " +
                                             std::to_string(P) + " packs", int64_t{warps} * 32 * P * kVec<T>),
                 reinterpret_cast<const void*>(block_team_kernel<T, P, SHIFTED>(false)), warps * 32, 0,
                 int64_t{P} * kVec<T>});
  if constexpr (lean_team_takes<T, kBlockTeam, P, SHIFTED>())  // many rows of fp16: x kept, exp twice
    out.push_back({config_name<T, SHIFTED>("team_rows lean block of " + team_size_name(warps * 32) + " x " +
                                               std::to_string(P) + " packs", int64_t{warps} * 32 * P * kVec<T>),
                   reinterpret_cast<const void*>(team_rows_lean<T, kBlockTeam, P>), warps * 32, 0, int64_t{P} * kVec<T>});
}

template <class T, bool SHIFTED>
void explain_wide(std::vector<KernelConfig>& out, const DeviceInfo& d) {
  const int64_t nw = wide_max_cols(dtype_of<T>()), nr = wider_max_cols(d, dtype_of<T>());
  out.push_back({config_name<T, SHIFTED>("onepass wide 512", nw / 2),
                 onepass_ready<T, kHalfWideThreads, kWideReg, kWideSmem, 2, SHIFTED>(), kHalfWideThreads,
                 onepass_smem<T, kHalfWideThreads, kWideReg, kWideSmem>(nw / 2), int64_t{kWideReg + kWideSmem} * kVec<T>});
  out.push_back({config_name<T, SHIFTED>("onepass wide", nw),
                 onepass_ready<T, kWideThreads, kWideReg, kWideSmem, 1, SHIFTED>(), kWideThreads,
                 onepass_smem<T, kWideThreads, kWideReg, kWideSmem>(nw), int64_t{kWideReg + kWideSmem} * kVec<T>});
  out.push_back({config_name<T, SHIFTED>("onepass wider", nr),
                 onepass_ready<T, kWideThreads, kWideReg, kWiderSmem, 1, SHIFTED>(), kWideThreads,
                 onepass_smem<T, kWideThreads, kWideReg, kWiderSmem>(nr), int64_t{kWideReg + kWiderSmem} * kVec<T>});
  if constexpr (!SHIFTED && kBulkSlices)
    out.push_back({config_name<T, SHIFTED>("onepass wider, bulk slices", nr),
                   onepass_ready<T, kWideThreads, kWideReg, kWiderSmem, 1, false, true>(), kWideThreads,
                   onepass_smem<T, kWideThreads, kWideReg, kWiderSmem>(nr), int64_t{kWideReg + kWiderSmem} * kVec<T>});
}

template <class T, int N = 1>
void explain_pack_rows(std::vector<KernelConfig>& out) {
  if constexpr (pack_rows_len(N, kVec<T>)) {
    constexpr int R = kVec<T> / gcd_int(N, kVec<T>);
    out.push_back({"pack_rows " + std::to_string(R) + " rows of " + std::to_string(N) + " a thread",
                   reinterpret_cast<const void*>(pack_rows<T, N>), kPackRowsThreads, 0, R * N});
  }
  if constexpr (N + 1 < kPackRowsLongest) explain_pack_rows<T, N + 1>(out);
}

template <class T, int I = 0>
void explain_staged_rows(std::vector<KernelConfig>& out) {
  constexpr StagedCfg c = kStagedCfgs[I];
  if constexpr (!staged_cfg_for<T>(c)) {
    return explain_staged_rows<T, I + 1>(out);  // a halves-only configuration (never last)
  } else {
    const int64_t most = int64_t{c.lanes} * c.elems < staged_max_cols<T>() ? int64_t{c.lanes} * c.elems : staged_max_cols<T>();
    out.push_back({"staged_rows " + team_size_name(c.lanes) + " x " + std::to_string(c.elems) + ", N <= " +
                       std::to_string(most) + " not in packs",
                   reinterpret_cast<const void*>(staged_rows<T, c.lanes, c.elems>), kStagedWarps * 32, 0, c.elems});
    out.push_back({"staged_rows " + team_size_name(c.lanes) + " x " + std::to_string(c.elems) + " in pairs, even N <= " +
                       std::to_string(most) + " not in packs",
                   reinterpret_cast<const void*>(staged_rows<T, c.lanes, c.elems, Access::pairs>), kStagedWarps * 32, 0, c.elems});
    out.push_back({"staged_rows " + team_size_name(c.lanes) + " x " + std::to_string(c.elems) + " in pairs, odd N <= " +
                       std::to_string(most < staged_max_cols<T>() ? most + 1 : most) + " not in packs",
                   reinterpret_cast<const void*>(staged_rows<T, c.lanes, c.elems, Access::pairs_odd>), kStagedWarps * 32, 0,
                   c.elems + 1});
    if constexpr (I + 1 < kNumStagedCfgs && int64_t{c.lanes} * c.elems < staged_max_cols<T>())
      explain_staged_rows<T, I + 1>(out);
  }
}

template <class T>
std::vector<KernelConfig> explain_t(const DeviceInfo& d) {
  std::vector<KernelConfig> out;
  explain_pack_rows<T>(out);
  explain_staged_rows<T>(out);
  explain_team<T, false>(out);
  explain_block_team<T, false, 4>(out, 5);
  explain_register<T, false>(out);
  explain_wide<T, false>(out, d);
  explain_team<T, true>(out);
  explain_block_team<T, true, 2>(out, 3);
  explain_block_team<T, true, 4>(out, 5);
  explain_register<T, true>(out);
  explain_wide<T, true>(out, d);
  const DType t = dtype_of<T>();
  const int64_t nm = medium_max_cols(t), ne = extreme_max_cols(d, t);
  out.push_back({"onepass medium, N <= " + std::to_string(nm),
                 onepass_ready<T, kMedThreads, kMedReg, kMedSmem, kMedMinBlocks>(), kMedThreads,
                 onepass_smem<T, kMedThreads, kMedReg, kMedSmem>(nm), int64_t{kMedReg + kMedSmem} * kVec<T>});
  out.push_back({"onepass extreme, N <= " + std::to_string(ne), onepass_ready<T, kExtThreads, kExtReg, kExtSmem, 1>(),
                 kExtThreads, onepass_smem<T, kExtThreads, kExtReg, kExtSmem>(ne), ne / kExtThreads});
  static bool done = false;
  for (int64_t n : {int64_t{16384}, int64_t{65536}, int64_t{262144}}) {
    const TwoPassLaunch l = twopass_launch<T>(d, n);
    out.push_back({"twopass, N = " + std::to_string(n), opt_in(twopass<T, kVec<T>>, done), l.threads, l.smem, 0});
  }
  out.push_back({"splitk_summarise", reinterpret_cast<const void*>(splitk_summarise<T, kVec<T>>), kSplitThreads, 0, 0});
  out.push_back({"splitk_normalise", reinterpret_cast<const void*>(splitk_normalise<T, kVec<T>>), kSplitThreads, 0, 0});
  return out;
}

std::vector<KernelConfig> explain(const DeviceInfo& d, DType t) {
  return with_element_type(t, [&](auto tag) { return explain_t<decltype(tag)>(d); });
}

std::vector<Shape> sweep() {
  std::vector<Shape> s = sweep_m2048();                                   // 2048 x 1024 .. 262144
  s.push_back({128, 1024});                                               // the seed's small table
  for (int64_t n = 16384; n <= (int64_t{1} << 25); n *= 2) s.push_back({4, n});  // few huge rows
  return s;  // (the seed's 2048 x 1024 .. 8192 are in the first sweep)
}

const Stage stage08 = {"08", "half",
                       "fp16/bf16, 16-byte packs; several short rows a warp or a thread, a team of lanes per row "
                       "up to 32 KB, a block's registers (+ shared memory) for longer rows, two-pass and split-K "
                       "for the rest",
                       launch_f32, launch_f16, launch_bf16, refuse, max_cols, sweep(), explain};

}  // namespace

SOFTMAX_STAGE(stage08)
