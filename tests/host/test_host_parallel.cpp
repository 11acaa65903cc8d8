// The checks split their rows over host threads (common/host_parallel.h) and merge a Checker per
// thread (Checker::merge): every row must be visited once, and the merged verdict must be the one
// a single checker gives, failures included.
#include <doctest/doctest.h>

#include <atomic>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "check.h"
#include "check_rows.h"
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

namespace {
// A matrix checked as validate.cu checks it: rows in `compared` against the reference, the others
// scanned, by `threads` checkers merged; or, threads == 0, by one Checker row by row in order.
template <class T>
CheckResult check_matrix(const std::vector<T>& x, const std::vector<T>& y, int64_t M, int64_t N,
                         const std::vector<int64_t>& compared, int threads) {
  const Tolerance tol = tolerance_for(DType::f32);
  if (threads == 0) {
    Checker one;
    one.set_row_sum_tolerance(tol.row_sum);
    std::vector<float> xf(N);
    std::vector<double> ref(N);
    for (int64_t r = 0; r < M; ++r) {
      if (std::binary_search(compared.begin(), compared.end(), r)) {
        for (int64_t c = 0; c < N; ++c) xf[c] = static_cast<float>(as_double(x[r * N + c]));
        softmax_ref_safe(xf.data(), ref.data(), N);
        one.add_row(&y[r * N], ref.data(), N, r);
      } else {
        one.scan_row(&y[r * N], N, r);
      }
    }
    return one.result(tol);
  }
  std::vector<Checker> checkers(threads);
  for (Checker& c : checkers) c.set_row_sum_tolerance(tol.row_sum);
  const int64_t n = static_cast<int64_t>(compared.size());
  std::vector<T> xs(n * N), ys(n * N);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t c = 0; c < N; ++c) {
      xs[i * N + c] = x[compared[i] * N + c];
      ys[i * N + c] = y[compared[i] * N + c];
    }
  compare_rows(xs.data(), ys.data(), compared.data(), n, N, checkers);
  for (int64_t row0 = 0; row0 < M; row0 += 64)  // chunks of 64 rows, the last one short
    scan_rows(&y[row0 * N], row0, std::min<int64_t>(64, M - row0), N, compared, checkers);
  Checker all;
  for (const Checker& c : checkers) all.merge(c);
  return all.result(tol);
}
}  // namespace

// fp32 (the host tests build without CUDA's half types; the split does not depend on the type).
TEST_CASE("softmax_ref_safe_split gives softmax_ref_safe's bits on any number of threads") {
  for (int64_t n : {1, 5, 65535, 65536, 65537, 300001, 1000003}) {
    std::vector<float> x(n);
    std::mt19937 gen(static_cast<unsigned>(n));
    std::normal_distribution<float> normal(0.0f, 3.0f);
    for (float& v : x) v = normal(gen);
    if (n == 65535) x[n / 3] = INFINITY;      // a row of NaN (inf - inf)
    if (n == 65537) x[n / 2] = std::nanf("");  // a NaN in the input
    std::vector<double> serial(n), split(n);
    softmax_ref_safe(x.data(), serial.data(), n);
    for (int blocks : {1, 2, 3, 16}) {
      CAPTURE(n);
      CAPTURE(blocks);
      softmax_ref_safe_split(x.data(), split.data(), n, blocks);
      int64_t differ = 0;  // the same bits, or both NaN (whose sign and payload may vary)
      for (int64_t j = 0; j < n; ++j)
        differ += std::isnan(serial[j]) ? !std::isnan(split[j])
                                        : std::memcmp(&serial[j], &split[j], sizeof(double)) != 0;
      CHECK(differ == 0);
    }
  }
}

namespace {
// An M x N matrix and its correct output, checked serially and over 1, 2, 5 and 16 threads,
// correct and with one fault at a time: the verdicts must agree.
void check_split_matches_serial(int64_t M, int64_t N, const std::vector<int64_t>& compared) {
  using T = float;
  std::vector<T> x(M * N), y(M * N);
  std::vector<float> xf(N);
  std::vector<double> ref(N);
  for (int64_t r = 0; r < M; ++r) {
    for (int64_t c = 0; c < N; ++c) {
      x[r * N + c] = static_cast<float>(std::sin(0.05 * (r * N + c)) * 5.0 + (c % 11) * 0.3);
      xf[c] = static_cast<float>(as_double(x[r * N + c]));
    }
    softmax_ref_safe(xf.data(), ref.data(), N);
    for (int64_t c = 0; c < N; ++c) y[r * N + c] = static_cast<float>(ref[c]);
  }
  T poison;
  std::memset(&poison, 0xFF, sizeof poison);
  // Correct, then one fault at a time (those inside the matrix): poison in a scanned row, poison
  // in a compared row, a compared value off by 0.3, a scanned row off its sum, then the same in
  // the rows of 300001.
  struct Fault { int64_t row, col; bool poisoned; double add; };
  const Fault faults[] = {{-1, 0, false, 0},   {20, 4, true, 0},     {7, 300, true, 0},
                          {15, 9, false, 0.3}, {11, 0, false, 0.3},  {1, 299999, true, 0},
                          {0, 123456, false, 0.3}};
  for (const Fault& f : faults) {
    if (f.row >= M || f.col >= N) continue;
    std::vector<T> yf = y;
    if (f.row >= 0) {
      T& v = yf[f.row * N + f.col];
      v = f.poisoned ? poison : static_cast<float>(v + f.add);
    }
    const CheckResult serial = check_matrix(x, yf, M, N, compared, 0);
    CAPTURE(f.row);
    CHECK(serial.pass == (f.row < 0));
    for (int threads : {1, 2, 5, 16}) {
      CAPTURE(threads);
      const CheckResult r = check_matrix(x, yf, M, N, compared, threads);
      CHECK(r.pass == serial.pass);
      CHECK(r.rows_compared == static_cast<int64_t>(compared.size()));
      CHECK(r.rows_scanned == M - static_cast<int64_t>(compared.size()));
      CHECK(r.unwritten == serial.unwritten);
      CHECK(r.first_bad_row == serial.first_bad_row);
      CHECK(r.max_abs == serial.max_abs);
      CHECK(r.worst_row_sum_err == serial.worst_row_sum_err);
      CHECK(r.rel_l2 == doctest::Approx(serial.rel_l2).epsilon(1e-9));
    }
  }
}
}  // namespace

TEST_CASE("compare_rows and scan_rows over threads give the serial checker's verdict") {
  // 1.2 M elements (up to 16 blocks of rows), then 2 rows of 300001 (each row over 9 blocks).
  check_split_matches_serial(300, 4001, {0, 1, 2, 7, 15, 22, 299});
  check_split_matches_serial(2, 300001, {0, 1});
}
