// The checker must be able to fail: NaN, an unwritten element, a wrong row, a bad sum.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "check.h"
#include "reference.h"

namespace {
constexpr int kRows = 4, kCols = 33;

struct Case {
  std::vector<float> x, y;     // input and a correct float output
  std::vector<double> ref;     // reference rows
  Case() : x(kRows * kCols), y(kRows * kCols), ref(kRows * kCols) {
    for (int i = 0; i < kRows * kCols; ++i) x[i] = std::sin(0.37f * i) * 3.0f + (i % 5);
    for (int r = 0; r < kRows; ++r) softmax_ref_safe(&x[r * kCols], &ref[r * kCols], kCols);
    for (int i = 0; i < kRows * kCols; ++i) y[i] = static_cast<float>(ref[i]);
  }
  CheckResult compare() const {
    Checker c;
    for (int r = 0; r < kRows; ++r) c.add_row(&y[r * kCols], &ref[r * kCols], kCols, r);
    return c.result(tolerance_for(DType::f32));
  }
};
float poison() {
  float p;
  std::memset(&p, 0xFF, sizeof p);
  return p;
}
}  // namespace

TEST_CASE("a correct output passes") {
  const CheckResult r = Case().compare();
  CHECK(r.pass);
  CHECK(r.rows_compared == kRows);
  CHECK(r.max_abs < 1e-7);
}

TEST_CASE("a NaN fails, even though it makes every error comparison false") {
  Case c;
  c.y[40] = std::nanf("");
  const CheckResult r = c.compare();
  CHECK_FALSE(r.pass);
  CHECK(r.nans == 1);
  CHECK(r.first_bad_row == 40 / kCols);
}

TEST_CASE("an unwritten (still poisoned) element fails and is told apart from NaN") {
  Case c;
  c.y[kRows * kCols - 1] = poison();
  const CheckResult r = c.compare();
  CHECK_FALSE(r.pass);
  CHECK(r.unwritten == 1);
  CHECK(r.nans == 0);
}

TEST_CASE("a wrong row fails") {
  Case c;
  for (int j = 0; j < kCols; ++j) std::swap(c.y[1 * kCols + j], c.y[2 * kCols + j]);
  CHECK_FALSE(c.compare().pass);
}

TEST_CASE("a small error just over the tolerance fails, one under passes") {
  Case over, under;
  over.y[3] += 2e-5f;
  under.y[3] += 2e-7f;
  CHECK_FALSE(over.compare().pass);
  CHECK(under.compare().pass);
}

TEST_CASE("scanned rows: written, finite, in [0, 1], summing to 1") {
  Case c;
  Checker ok, bad_sum, negative;
  for (int r = 0; r < kRows; ++r) ok.scan_row(&c.y[r * kCols], kCols, r);
  CHECK(ok.result(tolerance_for(DType::f32)).pass);
  std::vector<float> doubled(c.y.begin(), c.y.begin() + kCols);
  for (float& v : doubled) v *= 0.5f;
  bad_sum.scan_row(doubled.data(), kCols, 0);
  CHECK_FALSE(bad_sum.result(tolerance_for(DType::f32)).pass);
  doubled[0] = -0.25f;
  negative.scan_row(doubled.data(), kCols, 0);
  CHECK(negative.result(tolerance_for(DType::f32)).out_of_range == 1);
}

TEST_CASE("no rows checked is a failure, not a pass") {
  CHECK_FALSE(Checker().result(tolerance_for(DType::f32)).pass);
}

TEST_CASE("where the reference is NaN (torch's convention) only a computed NaN passes") {
  const std::vector<float> x = {1.0f, INFINITY, 2.0f};  // a row with +inf: every output NaN
  std::vector<double> ref(3);
  softmax_ref_safe(x.data(), ref.data(), 3);
  for (double v : ref) REQUIRE(std::isnan(v));
  const std::vector<float> nans(3, std::nanf("")), zeros = {0.0f, 1.0f, 0.0f};
  std::vector<float> unwritten = nans;
  unwritten[1] = poison();
  Checker ok, wrong, missing;
  ok.add_row(nans.data(), ref.data(), 3, 0);
  wrong.add_row(zeros.data(), ref.data(), 3, 0);
  missing.add_row(unwritten.data(), ref.data(), 3, 0);
  const CheckResult r = ok.result(tolerance_for(DType::f32));
  CHECK(r.pass);
  CHECK(r.expected_nans == 3);
  CHECK_FALSE(wrong.result(tolerance_for(DType::f32)).pass);
  CHECK(missing.result(tolerance_for(DType::f32)).unwritten == 1);
  CHECK_FALSE(missing.result(tolerance_for(DType::f32)).pass);
}

TEST_CASE("the reference follows torch.softmax on special rows") {
  std::vector<double> y(3);
  const std::vector<float> all_neg_inf(3, -INFINITY), with_nan = {0.0f, std::nanf(""), 1.0f},
                           with_neg_inf = {0.0f, -INFINITY, 0.0f};
  softmax_ref_safe(all_neg_inf.data(), y.data(), 3);
  CHECK(std::isnan(y[0]));
  softmax_ref_safe(with_nan.data(), y.data(), 3);
  CHECK(std::isnan(y[0]));
  CHECK(std::isnan(y[2]));
  softmax_ref_safe(with_neg_inf.data(), y.data(), 3);
  CHECK(y[0] == 0.5);
  CHECK(y[1] == 0.0);
}

TEST_CASE("errors are measured from the reference rounded to the output type") {
  // An output equal to the rounded reference has zero error; one 201 ulps away (3e-5 relative)
  // still fails: rounding the reference loosens nothing beyond the type's own half ulp.
  const int n = 4;
  const std::vector<double> ref(n, 0.25);
  std::vector<float> y(n, 0.25f);
  Checker exact, off;
  exact.add_row(y.data(), ref.data(), n, 0);
  CHECK(exact.result(tolerance_for(DType::f32)).max_abs == 0.0);
  y[2] = std::nextafter(0.25f, 1.0f);
  for (int k = 0; k < 200; ++k) y[2] = std::nextafter(y[2], 1.0f);  // 201 ulps: 3e-5 relative
  off.add_row(y.data(), ref.data(), n, 0);
  CHECK_FALSE(off.result(tolerance_for(DType::f32)).pass);
}
