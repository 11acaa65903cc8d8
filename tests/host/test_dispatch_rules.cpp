// The dispatcher's choice (common/dispatch_rules.h): rule order and fall-through, strided and
// single rows, a GPU's amendments, the tuned table's parser and nearest entry, the shipped tables'
// invariants, and the docs' copies of them.
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "dispatch_rules.h"

namespace {

// A table of our own, so the mechanism's tests do not move when the H100 numbers are re-tuned.
const Rule kTestRules[] = {
    {kAnyDType, Rows::strided, 1, kNoLimit, 1, kNoLimit, kNoLimit, "10", "strided"},
    {kF32, Rows::contiguous, 1, kNoLimit, 1, 1024, kNoLimit, "03", "warp"},
    {kF32, Rows::contiguous, 1, kNoLimit, 1, 32768, kNoLimit, "04", "block"},
    {kF32, Rows::contiguous, 64, kNoLimit, 1, int64_t{1} << 19, kNoLimit, "10", "cluster"},
    {kF32, Rows::contiguous, 1, kNoLimit, 1, kNoLimit, int64_t{1} << 20, "09", "small"},
    {kF32, Rows::contiguous, 1, kNoLimit, 1, kNoLimit, kNoLimit, "07", "split-K"},
    {kF32, Rows::contiguous, 1, kNoLimit, 1, kNoLimit, kNoLimit, "06", "last resort"},
    {kHalves, Rows::contiguous, 1, kNoLimit, 1, kNoLimit, kNoLimit, "08", "half"},
};

// Refusals: every stage takes everything, or only the listed ones do.
std::string take_all(const std::string&) { return ""; }
struct Only {
  std::set<std::string> ids;
  std::string operator()(const std::string& id) const { return ids.count(id) ? "" : "not linked"; }
};

template <class Table, class Refusal>
std::string pick_id(const Table& t, DType d, int64_t M, int64_t N, int64_t ld, Refusal r) {
  return pick_stage(t, d, M, N, ld, r).stage;
}

TunedParse parse_text(const std::string& text) {
  std::istringstream in(text);
  return parse_tuned_table(in, "t.tsv");
}

const char* kGpu = "NVIDIA H100 80GB HBM3";
const std::string kTuned = std::string("# gpu: ") + kGpu + "\n" +
                           "# dtype M N stage time_us\n"
                           "f32 2048 1024 03 12.5\n"      // line 3
                           "f32 2048 65536 10 300\n"      // line 4
                           "\n"
                           "f32 4 1048576 07 25.1\n"      // line 6
                           "f16 2048 1024 08 9.75\n"      // line 7
                           "f32 1 1048576 09 20\n";       // line 8

}  // namespace

// ---- the rules -----------------------------------------------------------------------------

TEST_CASE("the first matching rule wins, by dtype, N, M and M x N") {
  CHECK(pick_id(kTestRules, DType::f32, 2048, 1024, 1024, take_all) == "03");
  CHECK(pick_id(kTestRules, DType::f32, 2048, 1025, 1025, take_all) == "04");
  CHECK(pick_id(kTestRules, DType::f32, 2048, 32768, 32768, take_all) == "04");
  CHECK(pick_id(kTestRules, DType::f32, 64, 32769, 32769, take_all) == "10");   // M >= 64
  CHECK(pick_id(kTestRules, DType::f32, 63, 32769, 32769, take_all) == "07");   // M < 64, 2^21 elements
  CHECK(pick_id(kTestRules, DType::f32, 4, 65536, 65536, take_all) == "09");    // 2^18 elements
  CHECK(pick_id(kTestRules, DType::f32, 16, 65536, 65536, take_all) == "09");   // exactly 2^20
  CHECK(pick_id(kTestRules, DType::f32, 17, 65536, 65536, take_all) == "07");   // just over
  CHECK(pick_id(kTestRules, DType::f16, 2048, 1024, 1024, take_all) == "08");
  CHECK(pick_id(kTestRules, DType::bf16, 1, int64_t{1} << 26, int64_t{1} << 26, take_all) == "08");
  const Pick p = pick_stage(kTestRules, DType::f32, 7, 31, 31, take_all);
  CHECK(p.reason == "warp (N <= 1024)");  // the rule's reason, then its conditions in words
  CHECK(pick_stage(kTestRules, DType::f32, 64, 65536, 65536, take_all).reason == "cluster (M >= 64, N <= 2^19)");
  CHECK(pick_stage(kTestRules, DType::f32, 4, 65536, 65536, take_all).reason == "small (M x N <= 2^20)");
  CHECK(pick_stage(kTestRules, DType::f32, 4, 2, 3, take_all).reason == "strided (strided rows)");
  CHECK(p.passed_over.empty());
  CHECK_FALSE(p.tuned);
}

TEST_CASE("a stage that does not take the call is passed over, in table order") {
  const Pick p = pick_stage(kTestRules, DType::f32, 2048, 4096, 4096, Only{{"06"}});
  CHECK(p.stage == "06");
  CHECK(p.reason == "last resort (any shape)");
  // 03 does not match N = 4096 and 09 not 2^23 elements: neither is tried.
  REQUIRE(p.passed_over.size() == 3);
  CHECK(p.passed_over[0] == "04: not linked");
  CHECK(p.passed_over[1] == "10: not linked");
  CHECK(p.passed_over[2] == "07: not linked");
  // Without stage 10 the cluster rule falls through to split-K.
  CHECK(pick_id(kTestRules, DType::f32, 2048, 65536, 65536, Only{{"07", "06"}}) == "07");
}

TEST_CASE("no stage takes the call: no pick, and the reason lists each refusal") {
  const Pick p = pick_stage(kTestRules, DType::f16, 4, 100, 100, Only{{}});
  CHECK(p.stage.empty());
  CHECK(p.reason.find("no stage takes") != std::string::npos);
  CHECK(p.reason.find("08: not linked") != std::string::npos);
  const Rule only_f32[] = {{kF32, Rows::contiguous, 1, kNoLimit, 1, kNoLimit, kNoLimit, "06", "f32"}};
  const Pick q = pick_stage(only_f32, DType::bf16, 4, 100, 100, take_all);
  CHECK(q.stage.empty());
  CHECK(q.reason == "no rule matches this call");
}

TEST_CASE("strided rows match only strided rules; a single row is contiguous whatever ld") {
  CHECK(pick_id(kTestRules, DType::f32, 2048, 1000, 1024, take_all) == "10");
  CHECK(pick_id(kTestRules, DType::bf16, 3, 7, 8, take_all) == "10");
  CHECK(pick_id(kTestRules, DType::f32, 2048, 1000, 1024, Only{{"03", "04", "07", "06"}}).empty());
  CHECK(pick_id(kTestRules, DType::f32, 1, 1000, 4096, take_all) == "03");
  CHECK(rows_contiguous(1, 5, 100));
  CHECK_FALSE(rows_contiguous(2, 5, 6));
}

TEST_CASE("unpacked rules match contiguous rows that are not a whole number of 16-byte packs") {
  const Rule table[] = {{kAnyDType, Rows::unpacked, 1, kNoLimit, 1, kNoLimit, kNoLimit, "10", "unpacked"},
                        {kAnyDType, Rows::any, 1, kNoLimit, 1, kNoLimit, kNoLimit, "06", "other"}};
  CHECK(pick_id(table, DType::f32, 2048, 4097, 4097, take_all) == "10");    // 16388 bytes a row
  CHECK(pick_id(table, DType::f32, 2048, 4100, 4100, take_all) == "06");    // 16400: whole packs
  CHECK(pick_id(table, DType::f16, 2048, 4100, 4100, take_all) == "10");    // 8200 bytes
  CHECK(pick_id(table, DType::bf16, 2048, 4104, 4104, take_all) == "06");   // 8208 bytes
  CHECK(pick_id(table, DType::f32, 2048, 4097, 4100, take_all) == "06");    // strided: not contiguous
  CHECK(pick_id(table, DType::f32, 1, 4097, 5000, take_all) == "10");       // one row is contiguous
}

// The shipped table on contiguous rows (ld = N) where the H100 measurements drew its lines: stage 08
// takes rows not in whole packs shifted wherever the row fits its widest cache with kVec - 1 slots
// to spare (the wider block's 336 KB from 67 rows since the eighteenth session, the wide block's
// 256 KB below that); past that, many rows go to stage 10 rather than 08's two passes.
TEST_CASE("the shipped table: rows not in 16-byte packs, and rows of 256-336 KB") {
  struct Want {
    DType t;
    int64_t M, N;
    const char* stage;
  };
  const Want wants[] = {
      {DType::f32, 2048, 4097, "08"},
      {DType::f32, 1 << 20, 1, "08"},     // rows of up to 256 B: 08's teams of 1-16 lanes (rule 8)
      {DType::f32, 1 << 20, 4, "08"},
      {DType::f32, 1 << 19, 50, "08"},
      {DType::f32, 1 << 19, 64, "08"},
      {DType::f32, 1 << 19, 65, "08"},    // not in packs: 08's staged rows (rule 8)
      {DType::f32, 1 << 19, 68, "08"},    // past 9 MB in packs: 08's deep teams (rule 8)
      {DType::f32, 1 << 14, 68, "03"},    // from 272 B in packs up to 9 MB: 03's warp per row (rule 3)
      {DType::f32, 1 << 16, 1001, "08"},  // not in packs: 08's shifted team (rule 8)
      {DType::f32, 1 << 16, 1024, "08"},
      {DType::f32, 2304, 1024, "03"},     // 9 MB
      {DType::f32, 2305, 1024, "08"},
      {DType::f32, 1, 64, "08"},
      {DType::f16, 1 << 20, 8, "08"},
      {DType::bf16, 1 << 20, 3, "08"},
      {DType::f32, 2048, 16385, "08"},
      {DType::f32, 2048, 16388, "04"},    // whole packs
      {DType::f32, 2048, 50257, "08"},
      {DType::f32, 2048, 65533, "08"},    // 65536 slots
      {DType::f32, 2048, 65534, "08"},    // the wider block
      {DType::f32, 2048, 86013, "08"},    // 86016 slots
      {DType::f32, 2048, 86017, "10"},
      {DType::f32, 2048, 65536, "08"},    // whole packs
      {DType::bf16, 2048, 50257, "08"},
      {DType::f16, 2048, 131065, "08"},
      {DType::f16, 2048, 131066, "08"},
      {DType::bf16, 2048, 151936, "08"},  // whole packs
      {DType::f16, 2048, 172032, "08"},
      {DType::f16, 2048, 172033, "10"},
      {DType::f16, 2048, 1001, "08"},
      {DType::f16, 16, 50257, "08"},
      {DType::f32, 128, 65537, "08"},
      {DType::f32, 128, 65540, "08"},     // whole packs
      {DType::f32, 67, 65537, "08"},
      {DType::f32, 66, 65537, "10"},
      {DType::f32, 67, 65540, "08"},      // whole packs
      {DType::f32, 67, 65536, "08"},
      {DType::f32, 66, 65540, "09"},
      {DType::f32, 128, 86016, "08"},
      {DType::f32, 32, 131072 - 3, "10"}, // 32-127 rows up to 512 KB: 10 as in the seventeenth session
      {DType::f32, 127, 131069, "10"},
      {DType::f32, 32, 131073, "09"},     // past them, below 128 rows: 09 in shifted packs (twenty-first)
      {DType::f32, 127, 131073, "09"},
      {DType::f32, 31, 131069, "09"},
      {DType::f32, 16, 524289, "09"},
      {DType::f32, 16, 524293, "09"},
      {DType::f32, 32, 524289, "09"},
      {DType::f32, 128, 131073, "10"},    // from 128 rows up to 2 MB: 10
      {DType::f32, 128, 262145, "10"},
      {DType::f32, 128, 299999, "10"},    // up to 1.2 MB (twenty-second session)
      {DType::f32, 128, 300001, "09"},    // 64-255 rows from 1 MB to 2 MB: 09 (twenty-second)
      {DType::f32, 128, 524287, "09"},
      {DType::f32, 255, 524287, "09"},
      {DType::f32, 256, 300001, "09"},    // 256-1023 rows of 1.2-2 MB but 2^19: 09 (twenty-second)
      {DType::f32, 256, 300000, "10"},    // whole packs
      {DType::f32, 512, 393216, "09"},    // whole packs
      {DType::f32, 1023, 524287, "09"},
      {DType::f32, 1024, 524287, "10"},
      {DType::f32, 512, 299999, "10"},
      {DType::f32, 64, 262145, "09"},
      {DType::f32, 64, 262148, "12"},     // whole packs, 64 MB: 12's rings (thirty-second)
      {DType::f32, 255, 524288, "09"},    // whole packs
      {DType::f32, 256, 524288, "10"},    // whole packs
      {DType::f32, 63, 524288, "12"},     // whole packs: 12
      {DType::f32, 64, 524292, "12"},     // whole packs, past 2 MB: 12
      {DType::f32, 128, 524289, "09"},    // past 2 MB: 09
      {DType::f32, 2048, 524289, "09"},
      {DType::f32, 64, 1500001, "09"},
      {DType::f32, 16, 131072, "09"},     // whole packs
      {DType::f32, 2048, 1048576, "09"},  // whole packs
      {DType::f32, 15, 262145, "09"},
      {DType::f32, 8, 524289, "09"},
      {DType::f16, 16, 65537, "09"},      // halves under 64 rows: 09 in shifted packs (twenty-first)
      {DType::f16, 63, 1048577, "09"},
      {DType::bf16, 32, 262145, "09"},
      {DType::f16, 16, 65535, "08"},      // 08's team: under 09's 65536
      {DType::f16, 15, 1048577, "09"},
      {DType::f16, 1, 4194305, "09"},
      {DType::f16, 8, 1048576, "09"},     // whole packs
      {DType::f16, 63, 1048576, "12"},    // whole packs, 64 MB: 12's rings (thirty-second)
      {DType::f16, 64, 1048577, "09"},    // halves from 64 rows of 1 MB on: 09
      {DType::f16, 64, 524289, "09"},
      {DType::f16, 64, 524287, "10"},     // below 1 MB: 10's clusters, as rows in packs
      {DType::f16, 63, 524287, "09"},
      {DType::bf16, 1024, 3000001, "09"},
      {DType::f16, 64, 2097152, "12"},    // whole packs: 12's rings at 32-128 rows of 1-4 MB
      {DType::f16, 64, 1048576, "12"},
      {DType::f16, 64, 8388608, "09"},    // rows of 16 MB: 09 from 64 rows of 2 MB (thirty-first)
      {DType::f16, 513, 1048584, "12"},   // 257-1024 rows past 2 MB: 12 (thirty-third)
      {DType::f16, 512, 1048576, "10"},   // exactly 2 MB at 512-1024 rows: 10's clusters
      {DType::bf16, 1024, 1048576, "10"},
      {DType::f16, 1024, 1048584, "12"},
      {DType::f16, 1025, 1048584, "12"},  // past 1024 rows of halves: 12 (08 before the 35th)
      {DType::f16, 512, 1048584, "12"},
      {DType::f16, 257, 1048576, "09"},   // but not at exactly 2 MB
      {DType::f16, 640, 1048576, "10"},
      {DType::bf16, 1024, 4194304, "12"},
      {DType::bf16, 1024, 4194312, "09"}, // rows past 8 MB: 09
      {DType::f16, 128, 1048568, "12"},   // under 2 MB in packs: 12's rings from 64 MB
      {DType::f16, 257, 1048568, "10"},   // and past 256 rows 10's clusters
      {DType::f16, 1025, 1048576, "10"},  // past 1024 rows: not measured, as before
      {DType::bf16, 1025, 2097152, "12"}, // past 1024 rows: 12's rings (thirty-fifth session)
      {DType::f16, 4096, 2097152, "12"},
      {DType::f16, 4097, 2097152, "09"},  // past stage 12's 4096 rows: 09, not 08
      {DType::f16, 2048, 4194312, "09"},  // rows past 8 MB
      {DType::bf16, 2048, 1048576, "10"}, // exactly 2 MB: 10, as before
      {DType::f16, 1025, 2097151, "09"},  // not in packs: 09 (the rule for rows not in packs)
      {DType::f16, 128, 65537, "08"},
      {DType::f16, 159, 65537, "08"},
      {DType::bf16, 160, 65537, "09"},
      {DType::f16, 256, 65537, "09"},     // 256-512 rows in one chunk of 09 shifted (twenty-second)
      {DType::bf16, 512, 86007, "09"},
      {DType::f16, 513, 65537, "08"},
      {DType::f16, 1023, 86007, "08"},
      {DType::bf16, 256, 86009, "08"},    // past 09's one chunk (plan(): N <= 86008)
      {DType::f16, 256, 86011, "08"},
      {DType::f16, 1024, 65537, "08"},
      {DType::f16, 256, 65544, "10"},     // whole packs
      {DType::f16, 128, 65544, "10"},     // whole packs
      {DType::f16, 128, 131066, "08"},
      {DType::f16, 128, 131080, "08"},    // whole packs
      {DType::f16, 67, 131080, "08"},
      {DType::f16, 66, 131080, "10"},
      // Stage 12's rings (thirty-second session; the floors from the thirty-fourth and
      // thirty-fifth), in whole packs: fp32 matrices of 40 MB and more in 8-128 rows of 512 KB-4 MB
      // (but 113-128 rows of about 512 KB: 10) or of 48 MB and more in 8-16 rows of 4-8 MB;
      // halves of 42 MB and more in 8-256 rows of 1-8 MB (but 38-42 rows of exactly 1 MB: 10), and
      // 257-4096 rows of 2-8 MB but exactly 2 MB.
      {DType::f32, 16, 1048576, "12"},
      {DType::f32, 15, 1048576, "12"},
      {DType::f32, 10, 1048576, "12"},    // 40 MB
      {DType::f32, 9, 1048576, "09"},     // under 40 MB
      {DType::f32, 80, 131072, "12"},     // 40 MB
      {DType::f32, 79, 131072, "10"},     // under 40 MB, 48-112 rows of about 512 KB: 10
      {DType::f32, 48, 131072, "10"},
      {DType::f32, 47, 131072, "09"},
      {DType::f32, 80, 131068, "10"},     // 80 rows just under 40 MB
      {DType::f32, 48, 135168, "10"},
      {DType::f32, 48, 135172, "09"},
      {DType::f32, 112, 131072, "12"},
      {DType::f32, 113, 131072, "10"},    // 113-255 rows of about 512 KB: 10's clusters
      {DType::f32, 255, 131072, "10"},
      {DType::f32, 128, 131068, "10"},
      {DType::f32, 128, 135168, "10"},
      {DType::f32, 128, 135172, "12"},    // past the clusters' rule
      {DType::f32, 129, 196608, "10"},    // 129-255 rows of 704 KB-1 MB: 10's clusters
      {DType::f32, 129, 180224, "10"},
      {DType::f32, 255, 262144, "10"},
      {DType::f32, 200, 229376, "10"},
      {DType::f32, 129, 180220, "09"},    // under 704 KB
      {DType::f32, 160, 163840, "09"},
      {DType::f32, 129, 262148, "09"},    // past 1 MB
      {DType::f32, 256, 262144, "10"},    // from 256 rows the rule for rows of 256 KB-2 MB
      {DType::f32, 128, 262144, "12"},    // 128 MB in 128 rows: 12
      {DType::f32, 16, 2097152, "12"},    // rows of 8 MB at 8-16 rows
      {DType::f32, 8, 2097152, "12"},
      {DType::f32, 8, 2097148, "12"},
      {DType::f32, 8, 1572864, "12"},     // 48 MB in rows of 6 MB
      {DType::f32, 8, 1572860, "09"},     // under 48 MB
      {DType::f32, 8, 1310720, "09"},     // 40 MB in rows of 5 MB: 09
      {DType::f32, 17, 2097152, "09"},    // 17 rows of 8 MB
      {DType::f32, 16, 4194304, "09"},    // rows of 16 MB
      {DType::f32, 16, 524288, "09"},     // 32 MB
      {DType::f32, 128, 131072, "10"},
      {DType::f32, 127, 131072, "10"},
      {DType::f32, 64, 1048576, "12"},    // 256 MB
      {DType::f32, 128, 1048576, "12"},   // 512 MB
      {DType::f32, 129, 1048576, "09"},
      {DType::f32, 32, 524292, "12"},     // whole packs
      {DType::f32, 32, 524291, "09"},     // not in packs
      {DType::f16, 32, 1048576, "12"},
      {DType::f16, 8, 4194304, "12"},
      {DType::f16, 7, 4194304, "09"},
      {DType::f16, 8, 8388608, "09"},     // rows of 16 MB
      {DType::f16, 32, 524288, "09"},     // 32 MB
      {DType::f16, 48, 524288, "12"},     // 48 MB
      {DType::f16, 43, 524288, "12"},     // 43 MB
      {DType::f16, 42, 524288, "10"},     // 38-42 rows of exactly 1 MB: 10's clusters of 16
      {DType::bf16, 38, 524288, "10"},
      {DType::f16, 37, 524288, "09"},
      {DType::f16, 41, 524296, "09"},     // not exactly 1 MB, under 42 MB
      {DType::f16, 42, 524296, "12"},     // 42 MB
      {DType::f16, 28, 786432, "12"},     // 42 MB in rows of 1.5 MB
      {DType::bf16, 27, 786432, "09"},
      {DType::f16, 11, 2097152, "12"},    // 44 MB in rows of 4 MB
      {DType::f16, 10, 2097152, "09"},    // 40 MB
      {DType::f16, 12, 2097152, "12"},
      {DType::bf16, 24, 1048576, "12"},
      {DType::bf16, 20, 1048576, "09"},   // 40 MB
      {DType::f16, 64, 524288, "12"},
      {DType::f16, 128, 4194304, "12"},   // rows of 8 MB
      {DType::f16, 256, 524288, "12"},
      {DType::f16, 257, 524288, "10"},
      {DType::bf16, 128, 2097152, "12"},
      {DType::bf16, 128, 2097151, "09"},  // not in packs
  };
  for (const Want& w : wants) {
    CAPTURE(std::string(dtype_name(w.t)));
    CAPTURE(w.M);
    CAPTURE(w.N);
    CHECK(pick_id(kDispatchRules, w.t, w.M, w.N, w.N, take_all) == w.stage);
  }
}

TEST_CASE("the dispatcher never picks itself, from the rules or the tuned table") {
  const Rule self_first[] = {{kAnyDType, Rows::any, 1, kNoLimit, 1, kNoLimit, kNoLimit, "11", "self"},
                             {kAnyDType, Rows::any, 1, kNoLimit, 1, kNoLimit, kNoLimit, "06", "other"}};
  const Pick p = pick_stage(self_first, DType::f32, 4, 4, 4, take_all);
  CHECK(p.stage == "06");
  REQUIRE(p.passed_over.size() == 1);
  CHECK(p.passed_over[0] == "11: the dispatcher does not pick itself");
  const TunedParse t = parse_text(std::string("# gpu: g\nf32 4 4 11 1.0\n"));
  REQUIRE(t.ok);
  const Pick q = choose_stage(self_first, &t.table, DType::f32, 4, 4, 4, take_all);
  CHECK(q.stage == "06");
  CHECK_FALSE(q.tuned);
}

TEST_CASE("malformed calls pick nothing and say why") {
  for (auto [M, N, ld] : {std::tuple<int64_t, int64_t, int64_t>{0, 4, 4}, {4, 0, 0}, {-1, 4, 4}, {4, 8, 7}}) {
    const Pick p = pick_stage(kTestRules, DType::f32, M, N, ld, take_all);
    CAPTURE(M);
    CAPTURE(N);
    CAPTURE(ld);
    CHECK(p.stage.empty());
    CHECK_FALSE(p.reason.empty());
  }
}

TEST_CASE("M x N bounds do not overflow for huge M and N") {
  const Rule small[] = {{kAnyDType, Rows::any, 1, kNoLimit, 1, kNoLimit, int64_t{1} << 20, "09", "small"}};
  const int64_t big = int64_t{1} << 40;
  CHECK(pick_id(small, DType::f32, big, big, big, take_all).empty());
  CHECK(pick_id(small, DType::f32, 1 << 10, 1 << 10, 1 << 10, take_all) == "09");
  CHECK(pick_id(small, DType::f32, (1 << 10) + 1, 1 << 10, 1 << 10, take_all).empty());
}

TEST_CASE("packed rules take contiguous rows in whole 16-byte packs, from min_elems elements") {
  const Rule table[] = {{kAnyDType, Rows::packed, 1, kNoLimit, 1, kNoLimit, kNoLimit, "12", "packed", 1 << 20},
                        {kAnyDType, Rows::any, 1, kNoLimit, 1, kNoLimit, kNoLimit, "06", "rest"}};
  CHECK(pick_id(table, DType::f32, 256, 4096, 4096, take_all) == "12");      // exactly 2^20
  CHECK(pick_id(table, DType::f32, 255, 4096, 4096, take_all) == "06");      // one row short
  CHECK(pick_id(table, DType::f32, 256, 4097, 4097, take_all) == "06");      // not in packs
  CHECK(pick_id(table, DType::f16, 256, 4104, 4104, take_all) == "12");      // 8208 bytes: packs
  CHECK(pick_id(table, DType::f16, 256, 4100, 4100, take_all) == "06");      // 8200 bytes
  CHECK(pick_id(table, DType::f32, 256, 4096, 4100, take_all) == "06");      // strided
  CHECK(pick_id(table, DType::f32, 1, 1 << 20, 1 << 21, take_all) == "12");  // one row is contiguous
  const int64_t big = int64_t{1} << 31;                                      // no overflow
  CHECK(pick_id(table, DType::f32, big, big, big, take_all) == "12");
  CHECK(dispatch_detail::rule_conditions(table[0]) == "rows in 16-byte packs, M x N >= 2^20");
}

// The checks above can fail: the same calls against a table in the wrong order give other stages.
TEST_CASE("a table in the wrong order is caught by the same checks") {
  const Rule wrong[] = {kTestRules[5], kTestRules[1], kTestRules[2]};  // split-K first
  CHECK(pick_id(wrong, DType::f32, 2048, 1024, 1024, take_all) != "03");
  CHECK(pick_id(wrong, DType::f32, 2048, 1024, 1024, take_all) == "07");
}

// ---- the shipped table -----------------------------------------------------------------------

TEST_CASE("the shipped rule table: valid ids, never 11, a catch-all for every dtype") {
  for (const Rule& r : kDispatchRules) {
    CAPTURE(r.stage);
    CHECK(std::string(r.stage) != "11");
    CHECK(std::string(r.stage).size() >= 2);
    CHECK_FALSE(std::string(r.reason).empty());
    CHECK(r.min_rows <= r.max_rows);
    CHECK(r.min_cols <= r.max_cols);
  }
  // With every stage linked and taking everything, each dtype and layout gets a stage on any shape.
  for (DType t : {DType::f32, DType::f16, DType::bf16})
    for (int64_t M : {int64_t{1}, int64_t{4}, int64_t{64}, int64_t{2048}, int64_t{1} << 30})
      for (int64_t N : {int64_t{1}, int64_t{1000}, int64_t{1} << 15, int64_t{1} << 20, int64_t{1} << 30}) {
        CAPTURE(M);
        CAPTURE(N);
        const std::string packed = pick_id(kDispatchRules, t, M, N, N, take_all);
        CHECK_FALSE(packed.empty());
        CHECK(pick_id(kDispatchRules, t, M, N, N + 1, take_all) == (M == 1 ? packed : "10"));
      }
  // Without stage 12 (no bulk copies, or not linked) its shapes go where they went before it.
  const Only no12{{"01", "02", "03", "04", "05", "06", "07", "08", "09", "10"}};
  CHECK(pick_id(kDispatchRules, DType::f32, 16, 1 << 20, 1 << 20, no12) == "09");
  CHECK(pick_id(kDispatchRules, DType::f16, 64, 1 << 19, 1 << 19, no12) == "10");
  // Without stage 10 (no clusters) every contiguous call still finds a stage.
  const Only no10{{"01", "02", "03", "04", "05", "06", "07", "08", "09"}};
  for (DType t : {DType::f32, DType::f16, DType::bf16})
    CHECK_FALSE(pick_id(kDispatchRules, t, 2048, 65536, 65536, no10).empty());
}

// The table's bounds: powers of two as 2^k, a small odd multiple of one as m * 2^k, the rest as is.
TEST_CASE("rule bounds print as powers of two where they are one, or a small multiple") {
  CHECK(dispatch_detail::rule_bound_text(kNoLimit) == "any");
  CHECK(dispatch_detail::rule_bound_text(1000) == "1000");
  CHECK(dispatch_detail::rule_bound_text(32768) == "32768");          // under 2^16: as is
  CHECK(dispatch_detail::rule_bound_text(int64_t{1} << 24) == "2^24");
  CHECK(dispatch_detail::rule_bound_text(int64_t{5} << 21) == "5 * 2^21");
  CHECK(dispatch_detail::rule_bound_text(int64_t{3} << 23) == "3 * 2^23");
  CHECK(dispatch_detail::rule_bound_text(int64_t{21} << 20) == "21 * 2^20");
  CHECK(dispatch_detail::rule_bound_text(int64_t{33} << 20) == "34603008");  // odd part over 31
  CHECK(dispatch_detail::rule_bound_text(86016) == "86016");          // 21 * 2^12
  CHECK(dispatch_detail::rule_bound_text(1048577) == "1048577");
}

namespace {
// What docs/11_dispatch.md shows between its "<!-- NAME -->" and "<!-- end NAME -->" lines must be
// `code`; the failure prints the block to paste there.
void check_doc_block(const std::string& name, const std::string& code) {
  std::ifstream in("docs/11_dispatch.md");
  REQUIRE_MESSAGE(in.good(), "run the host tests from the repository root (docs/11_dispatch.md not found)");
  const std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string open = "<!-- " + name + " -->\n", close = "<!-- end " + name + " -->";
  const size_t a = doc.find(open), b = doc.find(close);
  REQUIRE(a != std::string::npos);
  REQUIRE(b != std::string::npos);
  const std::string shown = doc.substr(a + open.size(), b - a - open.size());
  const std::string fix = "docs/11_dispatch.md is out of date; put this between the " + name + " markers:\n" + code;
  CHECK_MESSAGE(shown == code, fix);
}
}  // namespace

// docs/11_dispatch.md shows kDispatchRules between its dispatch-rules markers: they must agree.
TEST_CASE("docs/11_dispatch.md shows the rule table as it is in the code") {
  check_doc_block("dispatch-rules", rules_markdown(kDispatchRules));
}

// ---- amendments for one GPU ----------------------------------------------------------------------

namespace {
// kTestRules' rule 2 (03) and rule 5 (09) amended on one GPU: 08 for 2048 rows, 07 past 2^19
// elements of 09's shapes (tried before 09 past 2^18: the first whose conditions hold wins).
const Amendment kTestAmendments[] = {
    {"GPU A", 2, "03", {kF32, Rows::contiguous, 2048, 2048, 1, kNoLimit, kNoLimit, "08", "team on A"}},
    {"GPU B", 2, "03", {kF32, Rows::contiguous, 1, kNoLimit, 1, kNoLimit, kNoLimit, "05", "online on B"}},
    {"GPU A", 5, "09", {kF32, Rows::contiguous, 1, kNoLimit, 1, kNoLimit, kNoLimit, "07", "split on A", 524289}},
    {"GPU A", 5, "09", {kF32, Rows::contiguous, 1, kNoLimit, 1, kNoLimit, kNoLimit, "06", "two-pass on A", 262145}},
};
const Only kAllButOneAndTwo{{"03", "04", "05", "06", "07", "08", "09", "10"}};
std::string amended(const char* gpu, int64_t M, int64_t N, const Only& only = kAllButOneAndTwo) {
  return pick_stage(kTestRules, kTestAmendments, gpu, DType::f32, M, N, N, only).stage;
}
}  // namespace

TEST_CASE("an amendment replaces its rule's stage on its GPU, where its conditions hold") {
  CHECK(amended("GPU A", 2048, 1024) == "08");           // rule 2 on A, 2048 rows
  CHECK(amended("GPU A", 1024, 1024) == "03");           // rule 2 on A, not 2048 rows
  CHECK(amended("GPU B", 1024, 1024) == "05");           // rule 2 on B
  CHECK(amended("GPU", 2048, 1024) == "03");             // another GPU: the name matches exactly
  CHECK(amended("", 2048, 1024) == "03");
  CHECK(amended("GPU A", 2048, 1025) == "04");           // rule 3 matches first: it has no amendment
  CHECK(amended("GPU A", 4, 65536) == "09");             // rule 5, 2^18 elements: neither amendment
  CHECK(amended("GPU A", 5, 65536) == "06");             // past 2^18: the second amendment
  CHECK(amended("GPU A", 16, 65536) == "07");            // past 2^19: the first, in order
  // The reason names the GPU and the rule, then the amendment's conditions.
  const Pick p = pick_stage(kTestRules, kTestAmendments, "GPU A", DType::f32, 2048, 1024, 1024, take_all);
  CHECK(p.reason == "team on A (GPU A, amending rule 2: M 2048 .. 2048)");
  CHECK(p.passed_over.empty());
  // The amendment's stage does not take the call: passed over, then the rule's own stage.
  const Pick q = pick_stage(kTestRules, kTestAmendments, "GPU A", DType::f32, 2048, 1024, 1024, Only{{"03"}});
  CHECK(q.stage == "03");
  REQUIRE(q.passed_over.size() == 1);
  CHECK(q.passed_over[0] == "08 (GPU A, amending rule 2): not linked");
  // Neither takes it: the next matching rule decides (rule 3, 04).
  CHECK(amended("GPU A", 2048, 1024, Only{{"04"}}) == "04");
  // The tuned table still comes first; without one, choose_stage amends as pick_stage does.
  const TunedParse t = parse_text(kTuned);
  REQUIRE(t.ok);
  CHECK(choose_stage(kTestRules, kTestAmendments, "GPU A", &t.table, DType::f32, 2048, 1024, 1024, take_all).stage ==
        "03");
  CHECK(choose_stage(kTestRules, kTestAmendments, "GPU A", nullptr, DType::f32, 2048, 1024, 1024, take_all).stage ==
        "08");
  CHECK(amendments_for(kTestAmendments, "GPU A") == 3);
  CHECK(amendments_for(kTestAmendments, "GPU C") == 0);
}

TEST_CASE("the shipped amendments: each names its rule's stage, changes it, and is reached") {
  constexpr int kRules = static_cast<int>(sizeof(kDispatchRules) / sizeof(kDispatchRules[0]));
  for (const Amendment& a : kGpuAmendments) {
    CAPTURE(a.rule);
    CAPTURE(a.when.reason);
    REQUIRE(a.rule >= 1);
    REQUIRE(a.rule <= kRules);
    const Rule& r = kDispatchRules[a.rule - 1];
    CHECK(std::string(r.stage) == a.replaces);  // the numbers moved: renumber the amendment
    CHECK(std::string(a.when.stage) != a.replaces);
    CHECK(std::string(a.when.stage) != "11");
    CHECK((a.when.dtypes & ~r.dtypes) == 0u);
    CHECK_FALSE(std::string(a.gpu).empty());
  }
  // The H200's, on the shapes it measured; every other GPU keeps the rules' stage there.
  struct Want {
    DType t;
    int64_t M, N;
    const char* h200;  // the stage on an H200
    const char* rules; // on any other GPU
  };
  const Want want[] = {
      {DType::f32, 2048, 1024, "08", "03"},      {DType::f32, 1024, 768, "08", "03"},
      {DType::f32, 2304, 1024, "08", "03"},      {DType::f32, 2048, 512, "03", "03"},
      {DType::f32, 2112, 1024, "03", "03"},      {DType::f32, 2113, 516, "08", "03"},
      {DType::f32, 4225, 256, "08", "03"},       {DType::f32, 4224, 256, "03", "03"},
      {DType::f32, 9216, 256, "08", "03"},       {DType::f32, 17346, 136, "08", "03"},
      {DType::f32, 4608, 512, "03", "03"},       {DType::f32, 2113, 512, "03", "03"},
      {DType::f32, 8449, 128, "08", "03"},       {DType::f32, 8448, 128, "03", "03"},
      {DType::f32, 34000, 68, "08", "03"},       {DType::f32, 9217, 256, "08", "08"},
      {DType::f32, 2048, 32768, "08", "04"},     {DType::f32, 2048, 16400, "08", "04"},
      {DType::f32, 4096, 32768, "04", "04"},     {DType::f32, 128, 32768, "04", "04"},
      {DType::f32, 4096, 16400, "08", "04"},     {DType::f32, 255, 24576, "08", "04"},
      {DType::f32, 254, 24576, "04", "04"},     {DType::f32, 255, 32768, "08", "04"},
      {DType::f32, 8, 1 << 21, "09", "12"},      {DType::f32, 16, 1 << 21, "09", "12"},
      {DType::f32, 16, 1 << 20, "09", "12"},     {DType::f32, 32, 1 << 20, "09", "12"},
      {DType::f32, 128, 1 << 19, "09", "12"},    {DType::f32, 128, 1 << 17, "10", "10"},
      {DType::f32, 80, 1 << 19, "09", "12"},     {DType::f32, 48, 1 << 20, "09", "12"},
      {DType::f16, 8, 1 << 22, "09", "12"},      {DType::bf16, 32, 1 << 20, "09", "12"},
      {DType::f16, 32, 1 << 22, "09", "12"},     {DType::f16, 64, 1 << 20, "09", "12"},
      {DType::f16, 64, 1 << 21, "09", "12"},     {DType::bf16, 42, 1 << 19, "10", "10"},
      {DType::f16, 96, 1 << 20, "09", "12"},     {DType::f16, 128, 1 << 20, "09", "12"},
      {DType::f16, 256, 1 << 19, "09", "12"},     {DType::f32, 20, 1 << 20, "09", "12"},
      {DType::f32, 24, 1 << 20, "09", "12"},     {DType::f16, 20, 1 << 21, "09", "12"},
      {DType::f16, 40, 1 << 20, "09", "12"},     {DType::bf16, 48, 1 << 20, "09", "12"},
      {DType::f32, 36, 1 << 20, "09", "12"},     {DType::f32, 44, 1 << 19, "09", "12"},
      {DType::f16, 192, 1 << 19, "09", "12"},    {DType::f32, 18, 1 << 20, "09", "12"},
      {DType::f16, 36, 1 << 20, "09", "12"},     {DType::bf16, 10, 1 << 22, "09", "12"},
      {DType::f32, 72, 1 << 18, "09", "12"},
      {DType::f16, 512, 151936, "10", "08"},     {DType::bf16, 512, 172032, "10", "08"},
      {DType::f16, 1024, 131080, "10", "08"},    {DType::f16, 511, 151936, "10", "08"},
      {DType::f16, 2048, 151936, "08", "08"},    {DType::bf16, 4096, 151936, "10", "08"},
      {DType::bf16, 4097, 151936, "08", "08"},   {DType::f16, 2047, 163840, "10", "08"},
      {DType::bf16, 4096, 131072, "08", "08"},   {DType::f16, 4096, 172040, "10", "10"},
      {DType::f16, 1024, 131072, "10", "08"},    {DType::bf16, 1536, 114688, "10", "08"},
      {DType::f16, 1537, 131072, "08", "08"},    {DType::f16, 1024, 114680, "10", "08"},
      {DType::bf16, 2048, 131072, "08", "08"},   {DType::f16, 1023, 131072, "10", "10"},
      {DType::f16, 1024, 81920, "10", "08"},     {DType::bf16, 1151, 90112, "10", "08"},
      {DType::f16, 1024, 77816, "08", "08"},     {DType::f16, 1152, 98304, "08", "08"},
      {DType::f16, 1024, 65600, "08", "08"},     {DType::f16, 1000, 81920, "10", "10"},
      {DType::f16, 198, 131080, "10", "08"},     {DType::bf16, 511, 172032, "10", "08"},
      {DType::f16, 132, 151936, "08", "08"},     {DType::bf16, 2048, 172032, "10", "08"},
      {DType::f16, 2048, 172032, "10", "08"},    {DType::f16, 4096, 171848, "10", "08"},
      {DType::f16, 10241, 172032, "10", "08"},   {DType::f16, 2048, 163840, "08", "08"},
      {DType::f16, 2048, 163848, "10", "08"},    {DType::f16, 8192, 165888, "10", "08"},
      {DType::bf16, 8192, 171008, "10", "08"},   {DType::bf16, 4097, 163840, "08", "08"},
      {DType::f32, 133, 69632, "10", "08"},      {DType::f32, 132, 69632, "08", "08"},
      {DType::f32, 1580, 81920, "10", "08"},     {DType::f32, 1581, 81920, "08", "08"},
      {DType::f32, 1581, 81924, "10", "08"},     {DType::f32, 4096, 86016, "08", "08"},
      {DType::f32, 2561, 86016, "08", "08"},     {DType::f32, 1024, 65536, "08", "08"},
      {DType::f32, 8192, 86016, "08", "08"},     {DType::f16, 10240, 165888, "10", "08"},
      {DType::bf16, 133, 151936, "10", "08"},    {DType::f16, 160, 172032, "10", "08"},
      {DType::f32, 2560, 86016, "10", "08"},     {DType::bf16, 20480, 167936, "10", "08"},
  };
  for (const Want& w : want) {
    CAPTURE(dtype_name(w.t));
    CAPTURE(w.M);
    CAPTURE(w.N);
    CHECK(pick_stage(kDispatchRules, kGpuAmendments, "NVIDIA H200", w.t, w.M, w.N, w.N, take_all).stage == w.h200);
    CHECK(pick_stage(kDispatchRules, kGpuAmendments, "NVIDIA H100 80GB HBM3", w.t, w.M, w.N, w.N, take_all).stage ==
          w.rules);
  }
  // Rows off the 16-byte boundary are not amended where only rows in packs were measured.
  CHECK(pick_stage(kDispatchRules, kGpuAmendments, "NVIDIA H200", DType::f32, 2048, 1023, 1023, take_all).stage ==
        pick_id(kDispatchRules, DType::f32, 2048, 1023, 1023, take_all));
  CHECK(pick_stage(kDispatchRules, kGpuAmendments, "NVIDIA H200", DType::f16, 4096, 151935, 151935, take_all).stage ==
        std::string("08"));
}

// docs/11_dispatch.md shows kGpuAmendments between its dispatch-amendments markers.
TEST_CASE("docs/11_dispatch.md shows the amendments as they are in the code") {
  check_doc_block("dispatch-amendments", amendments_markdown(kGpuAmendments));
}

// ---- the tuned table ---------------------------------------------------------------------------

TEST_CASE("a tuned table parses: GPU, entries, comments and blank lines") {
  const TunedParse p = parse_text(kTuned);
  REQUIRE_MESSAGE(p.ok, p.error);
  CHECK(p.table.gpu == kGpu);
  REQUIRE(p.table.entries.size() == 5);
  const TunedEntry& e = p.table.entries[2];
  CHECK(e.dtype == DType::f32);
  CHECK(e.M == 4);
  CHECK(e.N == 1048576);
  CHECK(e.stage == "07");
  CHECK(e.time_us == doctest::Approx(25.1));
  CHECK(e.line == 6);
}

TEST_CASE("the nearest entry of the same dtype in (log2 M, log2 N)") {
  const TunedParse p = parse_text(kTuned);
  REQUIRE(p.ok);
  auto near = [&](DType t, int64_t M, int64_t N) {
    const TunedEntry* e = nearest_entry(p.table, t, M, N);
    return e ? e->stage + "@" + std::to_string(e->line) : std::string("none");
  };
  CHECK(near(DType::f32, 2048, 1024) == "03@3");            // exact
  CHECK(near(DType::f32, 1024, 2048) == "03@3");            // distance^2 2, against 26 for 2048 x 65536
  CHECK(near(DType::f32, 2048, 16384) == "10@4");           // (11, 14): 4 from (11, 16), 16 from (11, 10)
  CHECK(near(DType::f32, 8, 1 << 19) == "07@6");            // (3, 19): 2 from (2, 20), 10 from (0, 20)
  CHECK(near(DType::f32, 1, 1 << 22) == "09@8");            // (0, 22): 4 from (0, 20), 8 from (2, 20)
  CHECK(near(DType::f16, 1, int64_t{1} << 25) == "08@7");   // the only f16 entry, however far
  CHECK(near(DType::bf16, 2048, 1024) == "none");           // no bf16 entry
  // A tie goes to the entry first in the file: (1, 20) is 1 from (2, 20), line 6, and from (0, 20).
  CHECK(near(DType::f32, 2, 1 << 20) == "07@6");
}

TEST_CASE("choose_stage: the tuned pick first, the rules when its stage does not take the call") {
  const TunedParse p = parse_text(kTuned);
  REQUIRE(p.ok);
  const Pick a = choose_stage(kTestRules, &p.table, DType::f32, 2048, 2048, 2048, take_all);
  CHECK(a.stage == "03");  // the rules would say 04; the nearest measured shape says 03
  CHECK(a.tuned);
  CHECK(a.reason.find("t.tsv:3") != std::string::npos);
  const Pick b = choose_stage(kTestRules, &p.table, DType::f32, 2048, 2048, 2048, Only{{"04"}});
  CHECK(b.stage == "04");
  CHECK_FALSE(b.tuned);
  REQUIRE_FALSE(b.passed_over.empty());
  CHECK(b.passed_over[0].find("03 (tuned, t.tsv:3)") == 0);
  // Strided rows never use the tuned table; a dtype without entries uses the rules.
  CHECK(choose_stage(kTestRules, &p.table, DType::f32, 2048, 2000, 2048, take_all).stage == "10");
  CHECK(choose_stage(kTestRules, &p.table, DType::bf16, 2048, 1024, 1024, take_all).stage == "08");
  CHECK(choose_stage(kTestRules, nullptr, DType::f32, 2048, 2048, 2048, take_all).stage == "04");
  // Nothing takes it: no pick, and both the tuned entry and the rules are named.
  const Pick none = choose_stage(kTestRules, &p.table, DType::f32, 2048, 2048, 2048, Only{{}});
  CHECK(none.stage.empty());
  CHECK(none.reason.find("tuned") != std::string::npos);
  CHECK(none.reason.find("04: not linked") != std::string::npos);
}

TEST_CASE("malformed tuned tables: one line naming file and line, never a crash") {
  const std::string head = std::string("# gpu: ") + kGpu + "\n";
  struct Bad {
    std::string text, where, what;
  };
  const std::vector<Bad> bad = {
      {head + "f32 2048 1024 03\n", "t.tsv:2", "expected 'dtype M N stage time_us'"},
      {head + "f32 2048 1024 03 1.0 extra\n", "t.tsv:2", "expected"},
      {head + "f64 2048 1024 03 1.0\n", "t.tsv:2", "unknown dtype"},
      {head + "f32 0 1024 03 1.0\n", "t.tsv:2", "M must be"},
      {head + "f32 -4 1024 03 1.0\n", "t.tsv:2", "M must be"},
      {head + "f32 2048 1e3 03 1.0\n", "t.tsv:2", "N must be"},
      {head + "f32 2048 99999999999999999 03 1.0\n", "t.tsv:2", "N must be"},
      {head + "f32 2048 1024 0_3 1.0\n", "t.tsv:2", "bad stage id"},
      {head + "f32 2048 1024 03 fast\n", "t.tsv:2", "time_us"},
      {head + "f32 2048 1024 03 -1\n", "t.tsv:2", "time_us"},
      {head + "f32 2048 1024 03 nan\n", "t.tsv:2", "time_us"},
      {head + "f32 2048 1024 03 inf\n", "t.tsv:2", "time_us"},
      {head + "f32 2048 1024 03 1.0\n\nf32 2048 1024 04 2.0\n", "t.tsv:4", "already on line 2"},
      {"f32 2048 1024 03 1.0\n", "t.tsv", "no '# gpu: <name>' line"},
      {head, "t.tsv", "no entries"},
      {"# gpu:\nf32 2048 1024 03 1.0\n", "t.tsv:1", "names no GPU"},
      {head + "# gpu: NVIDIA A100\nf32 2048 1024 03 1.0\n", "t.tsv:2", "a second GPU"},
      {"", "t.tsv", "no '# gpu"},
  };
  for (const Bad& b : bad) {
    const TunedParse p = parse_text(b.text);
    CAPTURE(b.text);
    CHECK_FALSE(p.ok);
    CHECK(p.error.rfind(b.where + ": ", 0) == 0);
    CHECK(p.error.find(b.what) != std::string::npos);
    CHECK(p.error.find('\n') == std::string::npos);
  }
  // The same GPU named twice is fine; so are comments and spaces around fields.
  CHECK(parse_text(head + head + "  bf16\t7  31 08  0.5 \n# note\n").ok);
}

TEST_CASE("loading a tuned table: unreadable file, another GPU's table, this GPU's") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path();
  const std::string missing = (dir / "softmax_no_such_dispatch_table.tsv").string();
  const TunedParse m = load_tuned_table(missing, kGpu);
  CHECK_FALSE(m.ok);
  CHECK(m.error == missing + ": cannot read the file");

  const std::string path = (dir / ("softmax_dispatch_test_" + std::to_string(std::rand()) + ".tsv")).string();
  {
    std::ofstream out(path);
    out << kTuned;
  }
  const TunedParse other = load_tuned_table(path, "NVIDIA A100-SXM4-80GB");
  CHECK_FALSE(other.ok);
  CHECK(other.error.find("measured on 'NVIDIA H100 80GB HBM3'") != std::string::npos);
  CHECK(other.error.find("this GPU is 'NVIDIA A100-SXM4-80GB'") != std::string::npos);
  const TunedParse same = load_tuned_table(path, kGpu);
  CHECK_MESSAGE(same.ok, same.error);
  CHECK(same.table.entries.size() == 5);
  CHECK(same.table.source == path);
  std::remove(path.c_str());
}
