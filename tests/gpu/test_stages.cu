// GPU tests: every registered stage against the double-precision CPU reference, over the corner
// shapes, special inputs, rows with a stride and (where the stage allows it) more than 2^31
// elements; plus broken kernels that the checks must catch, so a check that cannot fail shows up here.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdlib>
#include <ctime>
#include <string>
#include <utility>
#include <vector>

#include "buffers.cuh"
#include "cuda_check.cuh"
#include "dispatch.h"
#include "explain.cuh"
#include "scratch.h"
#include "stage.h"
#include "validate.cuh"

#ifndef SOFTMAX_COMMIT
#define SOFTMAX_COMMIT "unknown"
#endif

namespace {

const std::vector<DType> kDtypes = {DType::f32, DType::f16, DType::bf16};

// Validate one stage/dtype/shape/input if the stage takes it; print one record line.
void check_one(const Stage& s, DType t, int64_t M, int64_t N, InputKind kind) {
  const DeviceInfo& d = device_info();
  if (!stage_refusal(s, d, t, M, N).empty()) return;
  const CheckResult r = validate_stage(s, t, M, N, kind, 1000 + M * 7 + N);
  std::printf("stage %s %-4s M=%-7lld N=%-9lld %-9s %s %s\n", s.id, dtype_name(t),
              static_cast<long long>(M), static_cast<long long>(N), input_kind_name(kind),
              r.pass ? "ok  " : "FAIL", r.summary().c_str());
  const std::string what = std::string("stage ") + s.id + " " + dtype_name(t) + " M=" +
                           std::to_string(M) + " N=" + std::to_string(N) + " " + input_kind_name(kind);
  INFO(what);
  CHECK_MESSAGE(r.pass, r.summary());
}

std::vector<int64_t> test_cols(const Stage& s, DType t) {
  const int64_t largest = stage_max_cols(s, device_info(), t, int64_t{1} << 22);
  std::vector<int64_t> cols = {1, 31, 1000, 1024, 4097};
  if (largest > 4097) cols.push_back(largest);
  return cols;
}

// SOFTMAX_TEST_STAGES=10,11: only those stage ids, to run one stage again under a knob of its own
// (STEP10_LOAD=bulk, STEP09_MODE=two-launch); unset or empty: every stage.
bool selected(const Stage& s) {
  const char* only = std::getenv("SOFTMAX_TEST_STAGES");
  if (!only || !*only) return true;
  return ("," + std::string(only) + ",").find("," + std::string(s.id) + ",") != std::string::npos;
}

template <class Body>
void for_each_stage(Body body) {
  for (const Stage* s : stage_registry())
    if (selected(*s))
      for (DType t : kDtypes)
      if (stage_has(*s, t)) body(*s, t);
}

}  // namespace

TEST_CASE("every stage matches the reference on random inputs, corner shapes") {
  for_each_stage([](const Stage& s, DType t) {
    for (int64_t M : {1, 7, 2048})
      for (int64_t N : test_cols(s, t))
        if (M * N <= (int64_t{1} << 28)) check_one(s, t, M, N, InputKind::random);
  });
}

// Row lengths that pick each of stage 08's team sizes (rows of 128 B to 64 KB: 1 to 32 warps per
// row, four or two rows per block for the smallest) and the register kernel after them, at M = 7
// (fewer rows than SMs, and a last block with teams past the last row; its teams of 2-8 warps
// reduce with the shorter second level, a grid of at most one block an SM) and M = 133 (the five
// steps, on a GPU of up to 132 SMs).
TEST_CASE("every stage on rows of 128 B to 128 KB, few rows and a partial last block") {
  for_each_stage([](const Stage& s, DType t) {
    for (int64_t M : {7, 133})
      for (int64_t N : {64, 128, 256, 512, 2048, 4096, 8192, 16384, 32768}) check_one(s, t, M, N, InputKind::random);
  });
}

// Short rows (thirty-sixth session): stage 08's teams of 1-16 lanes hold 2-32 rows per warp, so a
// warp may hold rows past the last one (M = 5, 4099 = 32 * 128 + 3), and its pack_rows holds 2-8
// rows per thread in 1 or 3 whole packs (every length it takes since the thirty-seventh session:
// 1, 2, 3, 6 floats, 1, 2, 3, 4, 6, 12 halves; 5, 7, 10, 14 floats and 5, 7, 10, 14, 20, 28 halves
// before), the last group partial at M = 5 and 4099; rows that share a 16-byte pack (N * sizeof(T)
// not a multiple of 16), which 08 stages through shared memory in matrices of 2 MB or more (2^20 + 3
// rows of 10: 21-42 MB) and gives its shifted team below; every special input on a few of them;
// and 2^20 + 3 rows of 4, 8, 10 and 50 (staged in every dtype: 50 on the team of 4 lanes x 14 and
// 10 on 2 x 6 since the fifty-sixth session, in pairs), the special inputs on 10 and 50 too; and of
// 9, 11, 17, 25, 33 and 45, odd, staged in pairs and one element alone since the fifty-seventh
// (every other row's pairs start at its second element; 9, 17 and 33 fill the slots of 1 x 8,
// 2 x 8 and 4 x 8 and the one alone rides beside them), the special inputs on 25 and 33; and of
// 100 and 150, on the teams of 8 lanes x 14 and 16 x 12 since the fifty-seventh.
TEST_CASE("every stage on short rows (N = 1 .. 300), several rows per warp") {
  for_each_stage([](const Stage& s, DType t) {
    for (int64_t M : {1, 5, 4099})
      for (int64_t N : {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 12, 14,  16,  17,  20,  24,  28,
                        31, 32, 33, 48, 50, 63, 64, 65, 100, 128, 255, 256, 300})
        check_one(s, t, M, N, InputKind::random);
    for (InputKind kind : {InputKind::special, InputKind::huge, InputKind::neg_inf, InputKind::all_equal})
      for (int64_t N : {1, 3, 4, 8, 10, 50, 64}) check_one(s, t, 37, N, kind);
    for (int64_t N : {4, 8, 9, 10, 11, 17, 25, 33, 45, 50, 100, 150})
      check_one(s, t, (int64_t{1} << 20) + 3, N, InputKind::random);
    for (InputKind kind : {InputKind::special, InputKind::neg_inf})
      for (int64_t N : {10, 25, 33, 50}) check_one(s, t, (int64_t{1} << 20) + 3, N, kind);
  });
}

// Rows of 1 KB to 8 KB not in 16-byte packs, which stage 08 stages a warp's rows at a time through
// 4 KB of shared memory up to 512 floats or 1024 halves (thirty-seventh session): each team size's
// last length and the next (a team of 32 lanes holds 256, 512 and 1024), the last lengths of one
// row a warp, and rows past what it takes; M = 4099 ends on a warp with fewer rows than the others
// and on a partial pack; the special inputs at 37 rows. Stage 08 stages only matrices of 2 MB or
// more, 32 MB for halves rows over 64 bytes (smaller ones take its shifted team, as does any call
// with STEP08_STAGED_ROWS=0): 32771 rows of 510, 511 (fp32, halves) and 1001 (halves) are staged,
// 33-67 MB, the special inputs too; 510, an even length, in pairs of elements (fifty-sixth session);
// 65539 rows of 383 and 700 on the teams of 32 lanes x 12 and 32 x 24 (fifty-seventh; halves 50
// and 92 MB, fp32 rows of 383), the special inputs on 700.
TEST_CASE("every stage on rows of 1-8 KB not in packs, where 08 stages a warp's rows in shared memory") {
  for_each_stage([](const Stage& s, DType t) {
    for (int64_t M : {1, 3, 97, 4099})
      for (int64_t N : {257, 301, 383, 500, 511, 513, 777, 1001, 1019, 1021, 1023, 1025, 1029, 2041, 2047})
        check_one(s, t, M, N, InputKind::random);
    for (int64_t N : {510, 511, 1001}) check_one(s, t, 32771, N, InputKind::random);
    for (int64_t N : {383, 700}) check_one(s, t, 65539, N, InputKind::random);
    for (InputKind kind : {InputKind::special, InputKind::huge, InputKind::neg_inf, InputKind::all_equal}) {
      for (int64_t N : {500, 1001}) check_one(s, t, 37, N, kind);
      for (int64_t N : {510, 511}) check_one(s, t, 32771, N, kind);
      check_one(s, t, 65539, 700, kind);
    }
  });
}

// Rows between the powers of two (thirty-eighth session): stage 08 gives a row its team's packs a
// lane on just the warps it needs, a block of 3-31 warps (team_rows<T, kBlockTeam, P>), where its
// team of 8-32 warps would leave warps idle, and its team of 4 warps too for rows off the 16-byte
// boundary. For each team of 4-32 warps: the fewest packs past the team before and a length in the
// middle, in whole packs and not (N = packs * kVec - kVec + 1 holds as many packs, shifted); at M =
// 1, 7 (fewer rows than SMs: teams of up to 64 KB, 17-31 warps here in halves, 9-16 in fp32) and
// 133 (where halves rows of 2049 and 2400 packs, in packs or not, take a capped team of 17 and 19
// warps too, two blocks an SM on an H100, those of 2688 the register block, and fp32 rows in packs
// a team of 9-16 warps of 8 packs since the forty-second session: 3841 packs, one past 15 warps'
// worth, take all 16); the special inputs on a few.
TEST_CASE("every stage on rows between powers of two, where 08's team is a block of just the warps needed") {
  for_each_stage([](const Stage& s, DType t) {
    const int64_t V = 16 / static_cast<int64_t>(dtype_size(t));
    for (int64_t M : {1, 7, 133})
      for (int64_t packs : {65, 96, 129, 160, 257, 320, 513, 640, 1025, 1537, 2049, 2400, 2688, 3000, 3841})
        for (int64_t N : {packs * V, packs * V - V + 1}) check_one(s, t, M, N, InputKind::random);
    for (InputKind kind : {InputKind::special, InputKind::huge, InputKind::neg_inf, InputKind::all_equal})
      for (int64_t packs : {129, 513, 2049}) check_one(s, t, 7, packs * V - V + 1, kind);
  });
}

// Halves rows of 8-64 KB in packs, where stage 08's teams of 5-32 warps keep x in its packs and take
// exp twice under a register cap (its lean teams, fifty-second session): every special input, at
// M = 7 and 133, in teams of 5, 8 (a power of two), 16 (the fp16 team of 15361-16384 elements),
// 17 and 32 warps (fp32: other kernels, the same rows).
TEST_CASE("every stage on special inputs in rows of 8-64 KB in packs, where 08's halves take exp twice") {
  for_each_stage([](const Stage& s, DType t) {
    const int64_t V = 16 / static_cast<int64_t>(dtype_size(t));
    for (InputKind kind : {InputKind::special, InputKind::huge, InputKind::neg_inf, InputKind::all_equal})
      for (int64_t M : {7, 133})
        for (int64_t packs : {640, 1024, 2048, 2049, 4096}) check_one(s, t, M, packs * V, kind);
  });
}

// Many rows of 257 B - 4 KB in 16-byte packs, where stage 08's team of 32-128 lanes and 1-2 packs a
// thread gives way to a deep team of 8-64 lanes and 4 packs (forty-third session) once its grid
// needs more than one wave of the GPU's threads: one row past a wave of 32-lane teams (8449 on an
// H100, 132 SMs x 2048 threads / 32), a partial last block of the deep teams' 2-16 rows. For each
// configuration, a row that fills a part of its team (17, 50, 65 and 250 packs), and the special
// inputs on one.
TEST_CASE("every stage on many rows of 257 B - 4 KB, where 08's team takes 4 packs a thread") {
  const DeviceInfo& d = device_info();
  const int64_t M = int64_t{d.sm_count} * d.max_threads_per_sm / 32 + 1;
  for_each_stage([M](const Stage& s, DType t) {
    const int64_t V = 16 / static_cast<int64_t>(dtype_size(t));
    for (int64_t packs : {17, 50, 65, 250}) check_one(s, t, M, packs * V, InputKind::random);
    for (InputKind kind : {InputKind::special, InputKind::huge, InputKind::neg_inf, InputKind::all_equal})
      check_one(s, t, M, 50 * V, kind);
  });
}

// The same rows in a matrix larger than the L2 (twice the L2 in fp32), where 08's deep teams hold
// 2 packs a thread, not 4 (sixtieth session): 32 lanes of 2 (50 packs), 64 of 2 (100), and the
// configured 128 of 2 (200), each a few rows past that size (a partial last block); the special
// inputs on the first. Stages 08 and 11 (the others do not change with the matrix's size there).
TEST_CASE("stages 08 and 11 on many rows of 257 B - 4 KB beyond the L2, 2 packs a thread") {
  const DeviceInfo& d = device_info();
  for_each_stage([&d](const Stage& s, DType t) {
    if (std::string(s.id) != "08" && std::string(s.id) != "11") return;
    const int64_t past = d.l2_bytes * (t == DType::f32 ? 2 : 1);  // the matrix size 08 switches at
    for (int64_t packs : {50, 100, 200}) {
      const int64_t M = past / (packs * 16) + 3, N = packs * (16 / static_cast<int64_t>(dtype_size(t)));
      check_one(s, t, M, N, InputKind::random);
      if (packs == 50)
        for (InputKind kind : {InputKind::special, InputKind::huge, InputKind::neg_inf}) check_one(s, t, M, N, kind);
    }
  });
}

// Stage 08's bounded teams (sixty-fifth session): on a grid of more blocks than the GPU holds at once
// of the unbounded kernel, fp32 rows of 4-8 KB in packs (4 warps x 4 packs) and halves rows of 6-16
// KB off the 16-byte boundary (4 and 8 warps x 4 packs; shorter rows take a block of fewer warps)
// take team_rows_bounded. More rows than any GPU holds of 128-thread blocks (4225 on 132 SMs), one
// row a block; for each team its first length and its last (halves: 3066 and 4089, 7162 and 8185,
// N + 7 cached), the special inputs on the 4-warp teams' last. Stages 08 and 11.
TEST_CASE("stages 08 and 11 on many rows of 4-16 KB, where 08's teams are bounded to their blocks an SM") {
  const DeviceInfo& d = device_info();
  const int64_t many = int64_t{d.sm_count} * d.max_threads_per_sm / 128 + 1;
  for_each_stage([many](const Stage& s, DType t) {
    if (std::string(s.id) != "08" && std::string(s.id) != "11") return;
    const bool f32 = t == DType::f32;
    for (int64_t N : f32 ? std::vector<int64_t>{1028, 2048} : std::vector<int64_t>{3066, 4089, 7162, 8185})
      check_one(s, t, many, N, InputKind::random);
    for (InputKind kind : {InputKind::special, InputKind::huge, InputKind::neg_inf})
      check_one(s, t, many, f32 ? 2048 : 4089, kind);
  });
}

// Stage 08's fp32 rows of 513 B - 2 KB in packs on many rows, 2 rows a warp (warp_rows, sixty-first
// session): rows of 33, 50 and 64 packs (2 packs a lane, 2-warp blocks) and 65, 97 and 128 (4 packs
// a lane, 1-warp blocks), a warp's last packs partial or whole, on an odd number of rows (the last
// warp has one), inside the L2 (twice the rows past which the 64-lane team gives way, SMs x threads
// an SM / 64, plus one: 8449 on 132 SMs) and past twice the L2 (where deep teams of 2 packs ran
// before); the special inputs on rows of 33 and 65 packs; then more than 2^31 elements (64-bit row
// offsets). Stages 08 and 11.
TEST_CASE("stages 08 and 11 on many fp32 rows of 513 B - 2 KB, 2 rows a warp") {
  const DeviceInfo& d = device_info();
  for_each_stage([&d](const Stage& s, DType t) {
    if ((std::string(s.id) != "08" && std::string(s.id) != "11") || t != DType::f32) return;
    const int64_t many = int64_t{d.sm_count} * d.max_threads_per_sm / 32 + 1;  // odd
    for (int64_t N : {132, 200, 256, 260, 388, 512}) {
      check_one(s, t, many, N, InputKind::random);
      check_one(s, t, 2 * d.l2_bytes / (N * 4) + 3, N, InputKind::random);
    }
    for (InputKind kind : {InputKind::special, InputKind::huge, InputKind::neg_inf})
      for (int64_t N : {132, 260}) check_one(s, t, many, N, kind);
    const int64_t M = (int64_t{1} << 31) / 512 + 9;
    size_t free_b = 0, total_b = 0;
    CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
    if (static_cast<double>(2 * M * 512 * 4) > 0.8 * free_b) MESSAGE("skipped: ", M, " x 512 needs more GPU memory");
    else check_one(s, t, M, 512, InputKind::random);
  });
}

// Rows of 96 KB to 2 MB in 16-byte packs, where stage 08's wide kernel and stage 10's wide clusters
// hold up to 256 KB per 1024-thread block (registers + shared memory): one block per row (rows of
// 96 KB take 08's 512-thread form, two per SM), then clusters of 2 .. 8 of them; a last part shorter
// than the others (N not a multiple of the cluster size in packs); special values in one row of
// each kind. Rows of up to 256 KB at M = 133 too (a partial last wave of blocks), and 256 KB rows of
// the special input there: stage 08 gives M = 10 to split-K and M = 133 to its 1024-thread wide
// kernel, which had special values only through stage 10's CTAs before (fourteenth session).
// Last, 08's wider block (eighteenth session): rows of 256 KB + 16 B and 336 KB, the longest it
// holds on an H100 (13 slices), at M = 3 and 133.
TEST_CASE("every stage on rows of 96 KB to 2 MB, where 08 holds up to 336 KB per block and 10 256 KB") {
  for_each_stage([](const Stage& s, DType t) {
    const std::vector<int64_t> cols = t == DType::f32
        ? std::vector<int64_t>{24580, 32772, 65536, 131076, 262144, 524288}
        : std::vector<int64_t>{49160, 65544, 131072, 262152, 524288, 1048576};
    for (int64_t N : cols) check_one(s, t, 3, N, InputKind::random);
    for (int64_t N : {cols[0], cols[1], cols[2]}) check_one(s, t, 133, N, InputKind::random);
    const int64_t V = 16 / static_cast<int64_t>(dtype_size(t));
    for (int64_t N : {16385 * V, 21504 * V})
      for (int64_t M : {3, 133}) check_one(s, t, M, N, InputKind::random);
    check_one(s, t, 133, cols[2], InputKind::special);
    for (InputKind kind : {InputKind::special, InputKind::huge, InputKind::neg_inf})
      for (int64_t N : {cols[0], cols[2], cols[3]}) check_one(s, t, 10, N, kind);
  });
}

// Stage 10's wide clusters are persistent for many rows (fourteenth session): with clusters of 2 or
// more and at least 16 rows per cluster the GPU holds at once (66 of 2, 30 of 4 on an H100), the grid
// is those clusters and each takes rows by ticket from a global counter, loading a row while it
// writes the one before. Below that, one cluster per row, several waves of them. Special rows
// (NaN, +inf, all -inf) between finite ones on the same cluster; M not a multiple of the clusters.
// Rows of whole 256 KB parts take 8-slice CTAs, rows just past them the 13-slice CTAs (nineteenth
// session: fewer of them), but not 3 of them where 4 of 8 slices hold the row (fifty-fifth).
// fp32: 13 slices x 2 (persistent), 8 x 4 (persistent), 13 x 2 (one per row), 8 x 4 where 13 x 3
// would hold it (one per row); halves (the wide form from 512 rows): 8 x 2 and 13 x 2
// (persistent), 13 x 1 (persistent from 2 rows a CTA since the fifty-fifth session: 264 on 132
// SMs), the same 8 x 4 where 13 x 3 would hold it. Halves' persistent rows of 449-512 KB take 4
// paired CTAs of 512 threads instead of 2 wide ones (sixty-sixth session): 1060 x 262144, and
// 1100 x 229384, whose last CTA's part is shorter than the others'. Rows of 336-384 KB take 3 in
// every dtype (sixty-seventh): 1500 x 90004 (fp32) and 180008 (halves), the last part shorter;
// halves' rows of 224-256 KB 2, persistent, from 4 rows a cluster: 600 x 122888; rows of 128-224
// KB too since the sixty-eighth: 600 x 73736 (a part of 577 lines, then a shorter one); and 3
// for halves' rows of 256-336 KB from 2.5 rows a cluster, where the plan was the wider CTAs
// (clusters of one): 600 x 139272 (persistent), 200 x 151944 (below 512 rows: the parts form
// before).
TEST_CASE("every stage on many long rows: persistent wide clusters, several rows each") {
  for_each_stage([](const Stage& s, DType t) {
    const bool f32 = t == DType::f32;
    for (const auto& [M, N] : f32 ? std::vector<std::pair<int64_t, int64_t>>{{1060, 131076}, {490, 262144}}
                                  : std::vector<std::pair<int64_t, int64_t>>{{1060, 262144}, {1060, 262152},
                                                                             {530, 131080}})
      check_one(s, t, M, N, InputKind::special);
    check_one(s, t, f32 ? 200 : 520, f32 ? 131076 : 131080, InputKind::random);
    check_one(s, t, f32 ? 40 : 512, f32 ? 200004 : 400008, InputKind::random);
    if (!f32) check_one(s, t, 1100, 229384, InputKind::random);
    check_one(s, t, 1500, f32 ? 90004 : 180008, InputKind::special);
    if (!f32) check_one(s, t, 600, 122888, InputKind::special);
    if (!f32) check_one(s, t, 600, 73736, InputKind::special);
    if (!f32) check_one(s, t, 600, 139272, InputKind::special);
    if (!f32) check_one(s, t, 200, 151944, InputKind::special);
    if (f32) check_one(s, t, 600, 69636, InputKind::special);  // fp32 on 3 paired CTAs (seventieth session)
    if (f32) check_one(s, t, 140, 86012, InputKind::random);    // past 12 slices, from more rows than SMs
  });
}

// Rows past 320 KB, where stage 08's wider block and stage 10's wider CTAs need their 13th slice
// and take their slices by bulk copy (seventy-first session): over more rows than SMs (08's blocks
// in waves), one pack into the 13th slice, 64 rows, and rows of 1000 KB (10's parts).
TEST_CASE("every stage on rows past 320 KB, where 08 and 10 take the 13th slice by bulk copy") {
  for_each_stage([](const Stage& s, DType t) {
    const bool f32 = t == DType::f32;
    check_one(s, t, 140, f32 ? 86016 : 172032, InputKind::random);
    check_one(s, t, 300, f32 ? 81924 : 163848, InputKind::special);
    check_one(s, t, 64, f32 ? 83972 : 167944, InputKind::random);
    check_one(s, t, 24, f32 ? 256000 : 512000, InputKind::special);
  });
}

// Stage 10's plan for rows of 256-336 KB, read from its plan note (nothing launches): 3 paired
// CTAs from more rows than SMs to 20 rows for each 3-CTA cluster the GPU holds, and at any number
// of rows past 320 KB, where a wider CTA would need its 13th slice (sixty-ninth and seventieth
// sessions), in bf16 and fp32; halves rows of 256 KB take 2. The bounds are in SMs and clusters
// held, so the test holds on any GPU with clusters; under a STEP10_ knob it is skipped.
TEST_CASE("stage 10 plans 3 paired CTAs for rows of 256-336 KB between its bounds") {
  const Stage* s = find_stage("10");
  const DeviceInfo& d = device_info();
  for (const char* knob : {"STEP10_FORM", "STEP10_SLICES", "STEP10_PERSISTENT", "STEP10_PAIRED", "STEP10_CLUSTER"})
    if (std::getenv(knob)) return;
  if (!s || !s->plan_note || !selected(*s)) return;
  // Rows of 272, 297, 320 (the wider CTA's 12 slices), 320 and a pack (its 13th) and 336 KB.
  struct Rows { DType t; int64_t kb272, kb297, kb320, past320, kb336; };
  for (const Rows& r : {Rows{DType::bf16, 139264, 151936, 163840, 163848, 172032},
                        Rows{DType::f32, 69632, 75968, 81920, 81924, 86016}}) {
    if (!stage_refusal(*s, d, r.t, 1, r.kb336).empty()) continue;
    auto note = [&](int64_t M, int64_t N) { return s->plan_note(d, r.t, M, N); };
    auto paired3 = [&](int64_t M, int64_t N) { return note(M, N).rfind("paired CTAs: clusters of 3 ", 0) == 0; };
    const std::string many = note(int64_t{1} << 20, r.kb336);
    INFO(dtype_name(r.t) << ": " << many);
    REQUIRE(paired3(int64_t{1} << 20, r.kb336));
    const size_t at = many.find("persistent on ");
    REQUIRE(at != std::string::npos);
    const int64_t held = std::stoll(many.substr(at + 14));
    const int64_t lo = d.sm_count + 1, hi = 20 * held;  // more rows than SMs, M <= 20 held
    INFO("clusters held: " << held);
    CHECK(paired3(lo, r.kb272));
    CHECK_FALSE(paired3(lo - 1, r.kb272));
    CHECK(paired3(hi, r.kb297));
    CHECK_FALSE(paired3(hi + 1, r.kb297));
    CHECK_FALSE(paired3(hi + 1, r.kb320));
    CHECK(paired3(hi + 1, r.past320));  // past 12 slices at any number from lo
    CHECK_FALSE(paired3(lo - 1, r.past320));
    if (r.t == DType::bf16) CHECK(note(hi, 131072).rfind("paired CTAs: clusters of 2 ", 0) == 0);
  }
}

TEST_CASE("every stage handles huge values, -inf entries and all-equal rows") {
  for_each_stage([](const Stage& s, DType t) {
    for (InputKind kind : {InputKind::huge, InputKind::neg_inf, InputKind::all_equal})
      for (int64_t N : {int64_t{1}, int64_t{33}, int64_t{1000}, int64_t{4097}, test_cols(s, t).back()})
        check_one(s, t, 5, N, kind);
  });
}

TEST_CASE("every stage follows torch.softmax's convention on NaN, +inf and all -inf rows") {
  for_each_stage([](const Stage& s, DType t) {
    for (int64_t N : {int64_t{1}, int64_t{33}, int64_t{1000}, int64_t{4097}, test_cols(s, t).back()})
      check_one(s, t, 10, N, InputKind::special);
  });
}

// Stages 03-05 count a row's 16-byte chunks from the boundary before it, so a misaligned base
// costs 3 elements of register capacity: at their exact largest N they take only aligned
// pointers (refuse() cannot see pointers; the launcher stops with exit 2). Hence largest - 3.
TEST_CASE("every stage takes pointers that are not 16-byte aligned") {
  for_each_stage([](const Stage& s, DType t) {
    for (int64_t offset : {1, 3})
      for (int64_t N : {int64_t{1000}, int64_t{4097}, test_cols(s, t).back() - 3}) {
        if (!stage_refusal(s, device_info(), t, 3, N).empty()) continue;
        const CheckResult r = validate_stage(s, t, 3, N, InputKind::random, 77 + N, offset);
        std::printf("stage %s %-4s M=3       N=%-9lld offset=%lld  %s %s\n", s.id, dtype_name(t),
                    static_cast<long long>(N), static_cast<long long>(offset), r.pass ? "ok  " : "FAIL",
                    r.summary().c_str());
        const std::string what = std::string("stage ") + s.id + " " + dtype_name(t) + " N=" +
                                 std::to_string(N) + " offset=" + std::to_string(offset);
        INFO(what);
        CHECK_MESSAGE(r.pass, r.summary());
      }
  });
}

// softmax() runs stage 12 on its shapes only when x and y are 16-byte aligned
// (Stage::wants_aligned16: its bulk copies need them); pointers off 16 bytes go to the next rule's
// stage, and the answer is still right. Skipped where stage 12 is not linked or refuses (no sm_90).
// The shape is rule 14's, 12's where no amendment applies: the choices are asked for this GPU
// under a name no amendment names (the H200's give 09 every shape of rule 14).
TEST_CASE("the dispatcher passes stage 12 over for pointers off 16 bytes") {
  DeviceInfo d = device_info();
  d.name = "a GPU without amendments";
  const Stage* ring = find_stage("12");
  const Stage* dispatcher = find_stage("11");
  const int64_t M = 20, N = int64_t{1} << 20;  // 80 MB of fp32: rule 14
  if (!ring || !dispatcher || !stage_refusal(*ring, d, DType::f32, M, N).empty()) return;
  const DispatchChoice aligned = dispatch_choose(d, DType::f32, M, N, N, true);
  const DispatchChoice off = dispatch_choose(d, DType::f32, M, N, N, false);
  REQUIRE(aligned.stage != nullptr);
  REQUIRE(off.stage != nullptr);
  CHECK(std::string(aligned.stage->id) == "12");
  CHECK(std::string(off.stage->id) != "12");
  const CheckResult r = validate_stage(*dispatcher, DType::f32, M, N, InputKind::random, 12, 1);
  CHECK_MESSAGE(r.pass, r.summary());
}

// Rows that are not a whole number of 16-byte packs start off the boundary by a different amount
// each (h = 0 .. kVec - 1 across the first rows). Stage 08 caches them shifted: packs counted from
// the boundary before the row, the partial first and last element by element, so a row needs
// kVec - 1 more slots. For each of its caches (8 team sizes, the 512-thread register kernel, the
// wide kernel at 512 and 1024 threads, the wider block's 21 packs a thread on an H100) the longest
// such row it holds and the next length, which must go to the next cache: N = C - kVec + 1 and
// C - kVec + 2 for a capacity of C elements (both not multiples of kVec). M = 133 (every h, a
// partial last block) and M = 7 (fewer rows than SMs: the team holds up to 64 KB). Special values
// on three of them (the wider block's at M = 133: 08 gives 10 such rows to split-K).
TEST_CASE("every stage on rows not in 16-byte packs, at each of stage 08's cache capacities") {
  for_each_stage([](const Stage& s, DType t) {
    const int64_t V = 16 / static_cast<int64_t>(dtype_size(t));
    for (int64_t packs : {32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 21504})
      for (int64_t N : {packs * V - V + 1, packs * V - V + 2}) {
        check_one(s, t, 133, N, InputKind::random);
        if (packs >= 2048 && packs <= 8192) check_one(s, t, 7, N, InputKind::random);
      }
    for (int64_t N : {31 * V + 1, 16384 * V - V + 1}) check_one(s, t, 10, N, InputKind::special);
    check_one(s, t, 133, 21504 * V - V + 1, InputKind::special);
  });
}

// Stage 10's wide clusters take rows off the 16-byte boundary shifted (seventeenth session): each
// CTA's part (a multiple of kVec elements, so it starts at the row's misalignment) is a ShiftedRow
// with kVec - 1 slots of room, so clusters of C CTAs of 16384 packs take rows of up to
// C (16384 kVec - kVec) elements. For C = 1, 2, 4: the longest such row and the next length, which
// needs one CTA more (fp32 at M = 10; fp16/bf16 at M = 520, where their wide form starts for rows
// in packs; for shifted rows it starts at 64, also tested). Then many rows, many waves of
// clusters (rows in packs of these lengths would take persistent clusters; shifted rows take one
// cluster each), special values among them; the 13-slice CTAs' edges; and rows in whole packs with
// x and y one element off the boundary.
TEST_CASE("every stage on long rows not in 16-byte packs, where 10's wide clusters take them shifted") {
  for_each_stage([](const Stage& s, DType t) {
    const bool f32 = t == DType::f32;
    const int64_t V = 16 / static_cast<int64_t>(dtype_size(t)), longest = 16384 * V - V;
    for (int64_t c : {1, 2, 4})
      for (int64_t N : {c * longest - 1, c * longest + 1})
        if (f32 || c < 4) check_one(s, t, f32 ? 10 : 520, N, InputKind::random);
    check_one(s, t, 1060, longest + 1, InputKind::special);  // 13 slices x 1 (8 x 2)
    if (f32) check_one(s, t, 490, 4 * longest + 1, InputKind::random);  // 13 x 4 (8 x 5)
    check_one(s, t, f32 ? 200 : 1060, 2 * longest + 1, InputKind::random);  // 13 x 2 (8 x 3)
    if (!f32) check_one(s, t, 70, longest + 1, InputKind::random);  // wide from 64 rows when shifted
    // 13-slice CTAs (nineteenth session) where they need fewer CTAs than 8-slice ones and keep as
    // many SMs busy: the longest row c of them hold, and the next length, which needs as many CTAs
    // of 8 slices (c = 1, 2: 8 slices again) or one more of 13 (c = 4: 5 of 13 or 6 of 8).
    const int64_t longest13 = 21504 * V - V;
    for (int64_t c : {1, 2, 4})
      for (int64_t N : {c * longest13 - 1, c * longest13 + 1})
        if (f32 || c < 4) check_one(s, t, 133, N, InputKind::random);
    // The longest row 16 such CTAs hold, and the next length, which stage 10 takes in its parts
    // (the dispatcher gave them to it in the twentieth session: 16 fp32 rows, 64 halves rows; since
    // the twenty-first, to 09's shifted packs).
    for (int64_t N : {16 * longest13 - 1, 16 * longest13 + 1}) check_one(s, t, f32 ? 16 : 64, N, InputKind::random);
    const int64_t M = f32 ? 10 : 520, N = 2 * longest;  // whole packs, both pointers 1 element off
    if (!stage_refusal(s, device_info(), t, M, N).empty()) return;
    const CheckResult r = validate_stage(s, t, M, N, InputKind::random, 91, 1);
    std::printf("stage %s %-4s M=%-7lld N=%-9lld offset=1  %s %s\n", s.id, dtype_name(t), static_cast<long long>(M),
                static_cast<long long>(N), r.pass ? "ok  " : "FAIL", r.summary().c_str());
    const std::string what = std::string("stage ") + s.id + " " + dtype_name(t) + " offset=1";
    INFO(what);
    CHECK_MESSAGE(r.pass, r.summary());
  });
}

// Nothing is written outside y: 64 bytes before and after it stay poison. Rows off the 16-byte
// boundary (a misaligned base, N not in whole packs) put partial packs at y's two ends, where a
// 16-byte store would spill over; inside y such a store would land on a neighbouring row, which
// the reference check sees only if it lands last. N = 131065: stage 10's wide clusters, shifted.
TEST_CASE("no stage writes outside its output, whatever the alignment") {
  constexpr int64_t kGuard = 64;
  for_each_stage([&](const Stage& s, DType t) {
    const int64_t size = static_cast<int64_t>(dtype_size(t));
    for (int64_t offset : {0, 1, 3})
      for (int64_t N : {int64_t{1}, int64_t{4}, int64_t{12}, int64_t{31}, int64_t{50}, int64_t{500}, int64_t{1001},
                        int64_t{4097}, int64_t{50257}, int64_t{131065}}) {
        const int64_t M = 3, bytes = M * N * size;
        if (!stage_refusal(s, device_info(), t, M, N).empty()) continue;
        DeviceBuffer xb(bytes + offset * size), yb(bytes + offset * size + 2 * kGuard);
        char* x = static_cast<char*>(xb.get()) + offset * size;
        char* y = static_cast<char*>(yb.get()) + kGuard + offset * size;
        fill_input(x, t, M, N, InputKind::random, 5 + N, 0);
        poison_output(yb.get(), bytes + offset * size + 2 * kGuard, 0);
        launch_stage(s, t, x, y, M, N, 0);
        CUDA_CHECK(cudaDeviceSynchronize());
        std::vector<unsigned char> before(kGuard + offset * size), after(kGuard);
        CUDA_CHECK(cudaMemcpy(before.data(), yb.get(), before.size(), cudaMemcpyDeviceToHost));
        CUDA_CHECK(cudaMemcpy(after.data(), y + bytes, after.size(), cudaMemcpyDeviceToHost));
        int64_t touched = 0;
        for (unsigned char b : before) touched += b != 0xFF;
        for (unsigned char b : after) touched += b != 0xFF;
        const CheckResult r = check_output(x, y, t, M, N);
        std::printf("stage %s %-4s M=3       N=%-9lld offset=%lld  guard bytes written %lld, %s %s\n", s.id,
                    dtype_name(t), static_cast<long long>(N), static_cast<long long>(offset),
                    static_cast<long long>(touched), r.pass ? "ok  " : "FAIL", r.summary().c_str());
        const std::string what = std::string("stage ") + s.id + " " + dtype_name(t) + " N=" + std::to_string(N) +
                                 " offset=" + std::to_string(offset);
        INFO(what);
        CHECK(touched == 0);
        CHECK_MESSAGE(r.pass, r.summary());
      }
  });
}

// x and y off the 16-byte boundary by different amounts (x one element off and y on it, then y
// three off): a row of y does not lie as x's does, so no stage may store x's packs into y 16 bytes at
// a time. Lengths: one block's row, stage 10's wide clusters shifted, and (fp32 5 rows of 2^21 + 3,
// halves of 2^22 + 3) stage 09's chunks in shared memory, which take shifted rows since the
// twenty-first session. Stages 06 and 07 (and 07b) stop such calls with exit 2 instead: their
// float4 paths need x and y at the same address modulo 16 (require_same_alignment), so they are
// left out here.
TEST_CASE("every stage takes x and y off the 16-byte boundary by different amounts") {
  for_each_stage([](const Stage& s, DType t) {
    if (s.id[0] == '0' && (s.id[1] == '6' || s.id[1] == '7')) return;
    const int64_t size = static_cast<int64_t>(dtype_size(t));
    const int64_t longest = t == DType::f32 ? (int64_t{1} << 21) + 3 : (int64_t{1} << 22) + 3;
    for (const auto& [x_off, y_off] : std::vector<std::pair<int64_t, int64_t>>{{1, 0}, {0, 3}})
      for (const auto& [M, N] : std::vector<std::pair<int64_t, int64_t>>{{3, 1001}, {3, 131065}, {5, longest}}) {
        if (!stage_refusal(s, device_info(), t, M, N).empty()) continue;
        const int64_t bytes = M * N * size;
        DeviceBuffer xb(bytes + x_off * size), yb(bytes + y_off * size);
        char* x = static_cast<char*>(xb.get()) + x_off * size;
        char* y = static_cast<char*>(yb.get()) + y_off * size;
        fill_input(x, t, M, N, InputKind::random, 17 + N, 0);
        poison_output(y, bytes, 0);
        launch_stage(s, t, x, y, M, N, 0);
        CUDA_CHECK(cudaDeviceSynchronize());
        const CheckResult r = check_output(x, y, t, M, N);
        std::printf("stage %s %-4s M=%-7lld N=%-9lld x+%lld y+%lld  %s %s\n", s.id, dtype_name(t),
                    static_cast<long long>(M), static_cast<long long>(N), static_cast<long long>(x_off),
                    static_cast<long long>(y_off), r.pass ? "ok  " : "FAIL", r.summary().c_str());
        const std::string what = std::string("stage ") + s.id + " " + dtype_name(t) + " N=" + std::to_string(N) +
                                 " x+" + std::to_string(x_off) + " y+" + std::to_string(y_off);
        INFO(what);
        CHECK_MESSAGE(r.pass, r.summary());
      }
  });
}

// Long rows (the stage's largest, at most 32768) in every dtype, and short ones (1000: rows of up
// to 4 KB take other kernels in the stages that choose by row length, such as 08's team of warps)
// in fp16 only: the same templates serve every dtype, and each case costs a scan of 2^31 elements.
// bf16 rows of 1001, not in packs: 08's staged rows (a warp's stretch of rows indexed in 64 bits).
TEST_CASE("more than 2^31 elements: no 32-bit index overflow") {
  const int64_t kElems = (int64_t{1} << 31) + 4096;
  for_each_stage([&](const Stage& s, DType t) {
    std::vector<int64_t> cols = {std::min<int64_t>(test_cols(s, t).back(), 32768)};
    if (t == DType::f16) cols.push_back(1000);
    if (t == DType::bf16) cols.push_back(1001);
    for (int64_t N : cols) {
      const int64_t M = ceil_div(kElems, N);
      size_t free_b = 0, total_b = 0;
      CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
      if (static_cast<double>(2 * M * N * dtype_size(t)) > 0.8 * free_b) {
        MESSAGE("skipped: ", M, " x ", N, " needs more GPU memory than is free");
        continue;
      }
      check_one(s, t, M, N, InputKind::random);
    }
  });
}

// Stages that take any N, on rows longer than the chip holds at once (about 11 M floats or 23 M
// halves on an H100: stage 09 then keeps several registers-only chunks per block) and on matrices
// that stage 09 takes in rounds: 3 rows of 2^23 + 5 (fp32: a row a round; fp16 and bf16: 2 + 1
// rows), then shapes its two pipelines take: fp32 5 rows of 2^22 + 3 (a row a round, 3 + 2 rounds)
// and 13 of 2^21 + 1 (rounds of 2 rows, the last of 1), fp16 and bf16 5 rows of 2^23 + 3; last,
// rows of 64 MB, longer than stage 09's grid holds (registers-only chunks, several a block):
// one of 2^24 + 3 floats, two of 2^24, and for fp16 and bf16 two of 2^25; six of them, odd (09:
// one row a round on two pipelines, several chunks a block). Then two whole rounds that two
// pipelines take (fifty-fourth session): fp32 18 rows of 2^20 + 1 (3 rows a round, by the rounds'
// cost), fp16 and bf16 9 of 2^22 + 3 (2 rows a round, the last of 1). Odd lengths, so every chunk
// boundary has a tail, and even ones for the 16-byte loads.
TEST_CASE("stages that take any N: rows longer than the chip holds") {
  for_each_stage([](const Stage& s, DType t) {
    if (stage_max_cols(s, device_info(), t, 0) != 0) return;
    check_one(s, t, 1, (int64_t{1} << 25) - 1, InputKind::random);
    check_one(s, t, 3, (int64_t{1} << 23) + 5, InputKind::random);
    if (t == DType::f32) {
      check_one(s, t, 5, (int64_t{1} << 22) + 3, InputKind::random);
      check_one(s, t, 13, (int64_t{1} << 21) + 1, InputKind::random);
      check_one(s, t, 1, (int64_t{1} << 24) + 3, InputKind::random);
      check_one(s, t, 2, int64_t{1} << 24, InputKind::random);
      check_one(s, t, 6, (int64_t{1} << 24) + 3, InputKind::random);
      check_one(s, t, 18, (int64_t{1} << 20) + 1, InputKind::random);
    } else {
      check_one(s, t, 5, (int64_t{1} << 23) + 3, InputKind::random);
      check_one(s, t, 2, int64_t{1} << 25, InputKind::random);
      check_one(s, t, 6, (int64_t{1} << 25) + 3, InputKind::random);
      check_one(s, t, 9, (int64_t{1} << 22) + 3, InputKind::random);
    }
  });
}

// Stages with a strided launcher: rows ld elements apart, the gap columns of x filled with data
// the kernel must ignore and those of y poisoned, which must stay poison.
TEST_CASE("stages with a row stride leave the gaps untouched and match the reference") {
  const int64_t kMaxElems = int64_t{1} << 27;  // M * ld stays below this
  for_each_stage([&](const Stage& s, DType t) {
    if (!s.strided) return;
    const int64_t n_max = std::min(stage_max_cols(s, device_info(), t, int64_t{1} << 20),
                                   kMaxElems / 2 - 6);  // 2 * (n_max + 5) < 2^27
    const struct { int64_t M, N, ld; } shapes[] = {
        {1, 1, 2}, {7, 31, 33}, {5, 1000, 1003}, {3, 4097, 8192}, {3, 262144, 262160}, {2, n_max, n_max + 5}};
    for (const auto& sh : shapes) {
      if (!stage_refusal(s, device_info(), t, sh.M, sh.N).empty()) continue;
      const CheckResult r =
          validate_stage_strided(s, t, sh.M, sh.N, sh.ld, InputKind::random, 1000 + sh.M * 7 + sh.N);
      std::printf("stage %s %-4s M=%-7lld N=%-9lld ld=%-9lld %-9s %s %s\n", s.id, dtype_name(t),
                  static_cast<long long>(sh.M), static_cast<long long>(sh.N),
                  static_cast<long long>(sh.ld), input_kind_name(InputKind::random),
                  r.pass ? "ok  " : "FAIL", r.summary().c_str());
      const std::string what = std::string("stage ") + s.id + " " + dtype_name(t) + " M=" +
                               std::to_string(sh.M) + " N=" + std::to_string(sh.N) +
                               " ld=" + std::to_string(sh.ld);
      INFO(what);
      CHECK_MESSAGE(r.pass, r.summary());
    }
  });
}

TEST_CASE("the occupancy calculator agrees with the CUDA runtime on every stage kernel") {
  for_each_stage([](const Stage& s, DType t) {
    for (const ExplainRow& r : explain_rows(s, device_info(), t)) {
      std::printf("occupancy stage %s %-4s %-34s regs=%d threads=%d smem=%lld calc=%d api=%d\n", s.id,
                  dtype_name(t), r.config.label.c_str(), r.regs, r.config.threads,
                  static_cast<long long>(r.static_smem + r.config.dynamic_smem), r.calc.blocks_per_sm,
                  r.api_blocks);
      const std::string what = std::string("stage ") + s.id + " " + r.config.label;
      INFO(what);
      CHECK(r.calc.blocks_per_sm == r.api_blocks);
    }
  });
}

// A stage's first calls load its kernels and allocate what it keeps between launches (one buffer
// per stream, common/scratch.h); the same calls again must allocate nothing more.
TEST_CASE("running a stage again leaves no device memory behind") {
  const auto calls = [] {
    for_each_stage([](const Stage& s, DType t) {
      check_one(s, t, 64, 1000, InputKind::random);
      for (int64_t N : {int64_t{4097}, test_cols(s, t).back()}) check_one(s, t, 3, N, InputKind::random);
    });
  };
  size_t before = 0, after = 0, total = 0;
  calls();
  CUDA_CHECK(cudaMemGetInfo(&before, &total));
  calls();
  CUDA_CHECK(cudaMemGetInfo(&after, &total));
  CHECK(after == before);
}

// ---- two streams at once --------------------------------------------------------------------
//
// Stages 07-10 keep device memory from one launch to the next (chunk summaries, barrier counters,
// row tickets), one buffer per stream in flight (common/scratch.h). Two calls of different shapes,
// each on a stream of its own, launched kRepeats times into kRepeats outputs, interleaved: every
// output must be what the call made alone gives, bit for bit (these kernels reduce in a fixed
// order), and that must match the reference. Calls that shared a buffer would take each other's
// summaries or tickets.
namespace {

constexpr int kRepeats = 4;

struct StreamCall {
  Shape shape;
  cudaStream_t stream = nullptr;
  DeviceBuffer x;
  std::vector<DeviceBuffer> y;
  std::vector<char> alone;  // the output of the call made alone
};

std::vector<char> to_host(const DeviceBuffer& b) {
  std::vector<char> h(static_cast<size_t>(b.bytes()));
  CUDA_CHECK(cudaMemcpy(h.data(), b.get(), h.size(), cudaMemcpyDeviceToHost));
  return h;
}

void check_two_streams(const Stage& s, DType t, Shape a, Shape b) {
  const DeviceInfo& d = device_info();
  if (!stage_refusal(s, d, t, a.M, a.N).empty() || !stage_refusal(s, d, t, b.M, b.N).empty()) return;
  const int64_t size = static_cast<int64_t>(dtype_size(t));
  require_device_memory((a.M * a.N + b.M * b.N) * size * (kRepeats + 1), "two streams");
  StreamCall calls[2];
  calls[0].shape = a, calls[1].shape = b;
  int seed = 0;
  for (StreamCall& c : calls) {  // 1. Each call alone, on an idle GPU, against the reference.
    const int64_t bytes = c.shape.M * c.shape.N * size;
    CUDA_CHECK(cudaStreamCreateWithFlags(&c.stream, cudaStreamNonBlocking));
    c.x = DeviceBuffer(bytes);
    fill_input(c.x.get(), t, c.shape.M, c.shape.N, InputKind::random, 77 + seed++, c.stream);
    for (int k = 0; k < kRepeats; ++k) c.y.emplace_back(bytes);
    poison_output(c.y[0].get(), bytes, c.stream);
    launch_stage(s, t, c.x.get(), c.y[0].get(), c.shape.M, c.shape.N, c.stream);
    CUDA_CHECK(cudaStreamSynchronize(c.stream));
    const CheckResult r = check_output(c.x.get(), c.y[0].get(), t, c.shape.M, c.shape.N);
    CHECK_MESSAGE(r.pass, r.summary());
    c.alone = to_host(c.y[0]);
    for (DeviceBuffer& y : c.y) poison_output(y.get(), bytes, c.stream);
  }
  // 2. Both at once: the calls alternate between the two streams, nothing in between.
  CUDA_CHECK(cudaDeviceSynchronize());
  for (int k = 0; k < kRepeats; ++k)
    for (StreamCall& c : calls) launch_stage(s, t, c.x.get(), c.y[k].get(), c.shape.M, c.shape.N, c.stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  // 3. Every output as the call alone gave it.
  int same = 0;
  for (StreamCall& c : calls)
    for (const DeviceBuffer& y : c.y) same += to_host(y) == c.alone;
  std::printf("stage %s %-4s two streams: %lld x %lld and %lld x %lld, %d of %d outputs as alone\n", s.id,
              dtype_name(t), static_cast<long long>(a.M), static_cast<long long>(a.N),
              static_cast<long long>(b.M), static_cast<long long>(b.N), same, 2 * kRepeats);
  const std::string what = std::string("stage ") + s.id + " " + dtype_name(t) + " two streams";
  INFO(what);
  CHECK(same == 2 * kRepeats);
  for (StreamCall& c : calls) CUDA_CHECK(cudaStreamDestroy(c.stream));
}

}  // namespace

__global__ void sleep_ms(int ms) {
  for (int i = 0; i < ms; ++i) __nanosleep(1000000);
}

// The pool itself (common/scratch.h): a busy buffer goes to no other stream, the same stream gets
// its own back at once, a finished one goes to any stream, and a "not ready" query leaves no error.
TEST_CASE("StreamScratch: one buffer per stream in flight, reused once free") {
  cudaStream_t s[3];
  for (cudaStream_t& st : s) CUDA_CHECK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  void *first = nullptr, *second = nullptr;
  {
    const StreamScratch a("test scratch", 1024, s[0]);
    sleep_ms<<<1, 1, 0, s[0]>>>(50);
    CUDA_CHECK_LAUNCH();
    first = a.get();
  }
  {
    const StreamScratch b("test scratch", 1024, s[1]);  // s[0]'s still sleeps: another buffer
    second = b.get();
    CHECK(cudaPeekAtLastError() == cudaSuccess);
  }
  CHECK(second != first);
  {
    const StreamScratch c("test scratch", 1024, s[0]);  // the same stream: its own, busy or not
    CHECK(c.get() == first);
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  {
    const StreamScratch d("test scratch", 1024, s[2]);  // both done: a third stream takes one
    CHECK((d.get() == first || d.get() == second));
  }
  CHECK(stream_scratch_buffers("test scratch") == 2);
  for (cudaStream_t st : s) CUDA_CHECK(cudaStreamDestroy(st));
}

// Per stage, shapes on the paths that keep a buffer: 07's split, 08's split-K (few long rows),
// 09's cooperative rounds (two pipelines for a; one row a round for b), 10's persistent clusters
// (of 4 for a, of 2 for b, fp32; halves: 2 wide CTAs for a, and for b one CTA a row until the
// sixty-seventh session, 2 paired CTAs since), 12's board of parts (rows spread over every SM, and
// over some), and the dispatcher on those.
TEST_CASE("calls on two streams at once do not share a stage's buffers") {
  const std::vector<std::pair<Shape, Shape>> few = {{{8, 1 << 21}, {5, 3000017}}};
  const std::vector<std::pair<Shape, Shape>> rounds = {{{8, 1 << 22}, {3, (1 << 23) + 5}}};
  const std::vector<std::pair<Shape, Shape>> ring = {{{16, 1 << 20}, {40, 1 << 14}}};
  for_each_stage([&](const Stage& s, DType t) {
    const std::string id = s.id;
    const int64_t odd = t == DType::f32 ? 131076 : 131080;  // a whole number of 16-byte packs
    const std::vector<std::pair<Shape, Shape>> clusters = {{{1060, odd}, {1100, 131072}}};
    const auto& pairs = id == "07" || id == "08" ? few
                        : id == "09"                ? rounds
                        : id == "10" || id == "11"  ? clusters
                        : id == "12"                ? ring
                                                    : std::vector<std::pair<Shape, Shape>>{};
    for (const auto& [a, b] : pairs) check_two_streams(s, t, a, b);
  });
}

// ---- the checks can fail ------------------------------------------------------------------

namespace broken {
__global__ void uniform_except_last(float* y, int64_t M, int64_t N) {
  const int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x;
  if (i < M * N - 1) y[i] = 1.0f / N;  // right only for constant rows, and the last element is missing
}
void skip_last(const float*, float* y, int64_t M, int64_t N, cudaStream_t s) {
  uniform_except_last<<<static_cast<unsigned>(ceil_div(M * N, 256)), 256, 0, s>>>(y, M, N);
}
void copy_input(const float* x, float* y, int64_t M, int64_t N, cudaStream_t s) {
  CUDA_CHECK(cudaMemcpyAsync(y, x, M * N * sizeof(float), cudaMemcpyDeviceToDevice, s));
}
const Stage skips_last = {"xx", "skips-last", "", skip_last, nullptr, nullptr, nullptr, nullptr, {}};
const Stage copies = {"xy", "copies", "", copy_input, nullptr, nullptr, nullptr, nullptr, {}};

// Rows ld apart: 1/N in the first `width` columns of every row — right for constant rows when
// width is N, and scribbling over the gaps as well when width is ld.
__global__ void uniform_columns(float* y, int64_t M, int64_t N, int64_t ld, int64_t width) {
  const int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x;
  if (i < M * ld && i % ld < width) y[i] = 1.0f / N;
}
void uniform_strided(DType, const void*, void* y, int64_t M, int64_t N, int64_t ld, cudaStream_t s) {
  uniform_columns<<<static_cast<unsigned>(ceil_div(M * ld, 256)), 256, 0, s>>>(
      static_cast<float*>(y), M, N, ld, N);
}
void scribble_gaps(DType, const void*, void* y, int64_t M, int64_t N, int64_t ld, cudaStream_t s) {
  uniform_columns<<<static_cast<unsigned>(ceil_div(M * ld, 256)), 256, 0, s>>>(
      static_cast<float*>(y), M, N, ld, ld);
}
void packed_rows(DType, const void*, void* y, int64_t M, int64_t N, int64_t, cudaStream_t s) {
  uniform_columns<<<static_cast<unsigned>(ceil_div(M * N, 256)), 256, 0, s>>>(
      static_cast<float*>(y), M, N, N, N);
}
const Stage strided_ok = {"xs", "uniform-strided", "", nullptr, nullptr, nullptr, nullptr, nullptr,
                          {}, nullptr, uniform_strided};
const Stage scribbles = {"xg", "scribbles-gaps", "", nullptr, nullptr, nullptr, nullptr, nullptr,
                         {}, nullptr, scribble_gaps};
const Stage ignores_ld = {"xp", "ignores-ld", "", nullptr, nullptr, nullptr, nullptr, nullptr,
                          {}, nullptr, packed_rows};
}  // namespace broken

TEST_CASE("the checks catch an unwritten element and a wrong answer") {
  const CheckResult unwritten = validate_stage(broken::skips_last, DType::f32, 3, 100, InputKind::all_equal, 1);
  CHECK_FALSE(unwritten.pass);
  CHECK(unwritten.unwritten == 1);
  const CheckResult wrong = validate_stage(broken::copies, DType::f32, 3, 100, InputKind::random, 1);
  CHECK_FALSE(wrong.pass);
  const CheckResult big = validate_stage(broken::skips_last, DType::f32, 4096, 8192, InputKind::all_equal, 1);
  CHECK_FALSE(big.pass);  // the sampled/scanned path finds it too
  CHECK(big.unwritten == 1);
}

TEST_CASE("the strided check catches a write into the gap between rows") {
  // The same uniform rows pass when the gaps are left alone: what fails below is the gap check.
  const CheckResult clean = validate_stage_strided(broken::strided_ok, DType::f32, 3, 100, 103,
                                                   InputKind::all_equal, 1);
  CHECK_MESSAGE(clean.pass, clean.summary());
  const CheckResult gaps = validate_stage_strided(broken::scribbles, DType::f32, 3, 100, 103,
                                                  InputKind::all_equal, 1);
  CHECK_FALSE(gaps.pass);
  CHECK(gaps.unwritten == 0);
  CHECK(gaps.first_bad_row == 0);
  // A launcher that ignores ld writes M*N packed elements: into the gaps of rows 0 and 1, and
  // short of row 2's end.
  const CheckResult packed = validate_stage_strided(broken::ignores_ld, DType::f32, 3, 100, 103,
                                                    InputKind::all_equal, 1);
  CHECK_FALSE(packed.pass);
  CHECK(packed.unwritten == 6);  // row 2 columns 94..99: elements 300..305 of y
}

int main(int argc, char** argv) {
  const DeviceInfo& d = device_info();
  char date[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
  std::printf("test-gpu  commit %s  %s\n", SOFTMAX_COMMIT, date);
  print_device_header(d, stdout);
  std::printf("stages:");
  for (const Stage* s : stage_registry())
    if (selected(*s)) std::printf(" %s_%s", s->id, s->name);
  for (const char* knob : {"SOFTMAX_TEST_STAGES", "STEP09_MODE", "STEP09_PIPELINES", "STEP10_LOAD", "STEP10_CLUSTER",
                            "STEP10_FORM", "STEP10_PERSISTENT"})
    if (const char* v = std::getenv(knob)) std::printf("  %s=%s", knob, v);
  std::printf("\n\n");
  doctest::Context ctx(argc, argv);
  return ctx.run();
}
