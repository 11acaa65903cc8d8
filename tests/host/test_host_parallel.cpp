// The checks split their rows over host threads (common/host_parallel.h) and merge a Checker per
// thread (Checker::merge): every row must be visited once, and the merged verdict must be the one
// a single checker gives, failures included.
#include <doctest/doctest.h>

#include <atomic>
#include <cmath>
#include <cstring>
#include <vector>

#include "check.h"
#include "host_parallel.h"
#include "reference.h"

TEST_CASE("parallel_blocks covers [0, n) once, in non-empty blocks of distinct indices") {
  for (int64_t n : {0, 1, 2, 5, 16, 17, 1000}) {
    for (int blocks : {1, 2, 3, 16, 64}) {
      std::vector<std::atomic<int>> seen(static_cast<size_t>(n));
      std::vector<std::atomic<int>> calls(static_cast<size_t>(blocks));
      std::atomic<int> empty{0};
      parallel_blocks(n, blocks, [&](int b, int64_t lo, int64_t hi) {
        if (hi <= lo) ++empty;
        ++calls[b];
        for (int64_t i = lo; i < hi; ++i) ++seen[i];
      });
      CAPTURE(n);
      CAPTURE(blocks);
      CHECK(empty == 0);
      for (const auto& c : calls) CHECK(c <= 1);
      for (const auto& s : seen) CHECK(s == 1);
    }
  }
  CHECK(host_threads() >= 1);
  CHECK(host_threads() <= static_cast<int>(kMaxHostThreads));
}

namespace {
constexpr int kRows = 12, kCols = 257;

// A correct float output of kRows rows, its reference, and checkers over those rows.
struct Rows {
  std::vector<float> x, y;
  std::vector<double> ref;
  Rows() : x(kRows * kCols), y(kRows * kCols), ref(kRows * kCols) {
    for (int i = 0; i < kRows * kCols; ++i) x[i] = std::cos(0.11f * i) * 4.0f + (i % 7);
    for (int r = 0; r < kRows; ++r) softmax_ref_safe(&x[r * kCols], &ref[r * kCols], kCols);
    for (int i = 0; i < kRows * kCols; ++i) y[i] = static_cast<float>(ref[i]);
  }
  // Rows below kRows / 2 compared, the others scanned, by `parts` checkers merged.
  CheckResult check(int parts) const {
    std::vector<Checker> c(static_cast<size_t>(parts));
    for (int r = 0; r < kRows; ++r) {
      Checker& mine = c[r * parts / kRows];
      if (r < kRows / 2) mine.add_row(&y[r * kCols], &ref[r * kCols], kCols, r);
      else mine.scan_row(&y[r * kCols], kCols, r);
    }
    Checker all;
    for (int p = parts - 1; p >= 0; --p) all.merge(c[p]);  // any order gives the same verdict
    return all.result(tolerance_for(DType::f32));
  }
};
}  // namespace

TEST_CASE("merged checkers give one checker's verdict") {
  Rows rows;
  const CheckResult one = rows.check(1);
  for (int parts : {2, 3, 5, kRows}) {
    CAPTURE(parts);
    const CheckResult merged = rows.check(parts);
    CHECK(merged.pass);
    CHECK(merged.rows_compared == one.rows_compared);
    CHECK(merged.rows_scanned == one.rows_scanned);
    CHECK(merged.max_abs == one.max_abs);
    CHECK(merged.worst_row_sum_err == one.worst_row_sum_err);
    CHECK(merged.rel_l2 == doctest::Approx(one.rel_l2).epsilon(1e-9));
  }
}

TEST_CASE("merged checkers fail on a bad element in any part, and name the lowest bad row") {
  float poison;
  std::memset(&poison, 0xFF, sizeof poison);
  for (int parts : {1, 3, kRows}) {
    CAPTURE(parts);
    Rows unwritten;  // a scanned row, in the last part
    unwritten.y[(kRows - 1) * kCols + 5] = poison;
    CheckResult r = unwritten.check(parts);
    CHECK_FALSE(r.pass);
    CHECK(r.unwritten == 1);
    CHECK(r.first_bad_row == kRows - 1);

    Rows wrong;  // a wrong value in a compared row fails by its error, not by its row
    wrong.y[2 * kCols + 1] = 0.75f;
    r = wrong.check(parts);
    CHECK_FALSE(r.pass);
    CHECK(r.max_abs > 0.5);

    Rows two_bad;  // a NaN in a compared row and poison in a scanned one (merged last-first)
    two_bad.y[1 * kCols + 3] = std::nanf("");
    two_bad.y[10 * kCols + 7] = poison;
    r = two_bad.check(parts);
    CHECK_FALSE(r.pass);
    CHECK(r.nans == 1);
    CHECK(r.unwritten == 1);
    CHECK(r.first_bad_row == 1);

    Rows bad_sum;  // a scanned row summing to 1.1
    bad_sum.y[8 * kCols] += 0.1f;
    r = bad_sum.check(parts);
    CHECK_FALSE(r.pass);
    CHECK(r.worst_row_sum_err > 0.05);
  }
}
