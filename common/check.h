// check.h — compare a stage's output with the double-precision reference.
//
// Contract: feed rows with add_row (full comparison against a reference row) or scan_row (no
// reference: every element must be written, finite, within [0, 1], and the row must sum to 1);
// then result(tol) says pass or fail and why. An element whose bytes are all 0xFF was never
// written (outputs are poisoned with 0xFF before every launch); any other NaN is a computed NaN.
// Either one fails the check, whatever the error norms say — except where the reference itself is
// NaN (a row holding NaN or +inf, or only -inf: torch.softmax's convention, docs/special_values.md):
// there the output must be a computed NaN, and anything else fails.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "dtype.h"

#if defined(__CUDACC__) || defined(SOFTMAX_WITH_CUDA_HALF)
#include <cuda_bf16.h>
#include <cuda_fp16.h>
inline double as_double(__half v) { return static_cast<double>(__half2float(v)); }
inline double as_double(__nv_bfloat16 v) { return static_cast<double>(__bfloat162float(v)); }
inline double round_as(double v, const __half*) { return as_double(__float2half_rn(static_cast<float>(v))); }
inline double round_as(double v, const __nv_bfloat16*) {
  return as_double(__float2bfloat16_rn(static_cast<float>(v)));
}
#endif
inline double as_double(float v) { return static_cast<double>(v); }
// The reference as the output type would store it: the best answer a kernel can give. Errors are
// measured from it, so a half-precision output whose values are subnormal (a row of 2^22 elements
// has outputs near 2.4e-7 < 6.1e-5, fp16's smallest normal) is not failed for fp16's own rounding.
inline double round_as(double v, const float*) { return static_cast<double>(static_cast<float>(v)); }

// True when every byte of v is 0xFF: the poison pattern, i.e. an element no kernel wrote.
template <class T>
bool is_poison(const T& v) {
  unsigned char bytes[sizeof(T)];
  std::memcpy(bytes, &v, sizeof(T));
  for (unsigned char b : bytes)
    if (b != 0xFF) return false;
  return true;
}

struct CheckResult {
  bool pass = false;
  int64_t rows_compared = 0, rows_scanned = 0;
  int64_t unwritten = 0, nans = 0, out_of_range = 0;
  int64_t expected_nans = 0;  // NaN outputs where the reference is NaN too (the convention)
  int64_t first_bad_row = -1;  // first row holding an unwritten/NaN/out-of-range element or bad sum
  double rel_l2 = 0, max_abs = 0, worst_row_sum_err = 0;
  std::string summary() const {
    char buf[256];
    std::snprintf(buf, sizeof buf, "rel_l2=%.2e max_abs=%.2e rows=%lld unwritten=%lld nan=%lld",
                  rel_l2, max_abs, static_cast<long long>(rows_compared),
                  static_cast<long long>(unwritten), static_cast<long long>(nans));
    std::string s = buf;
    if (rows_scanned) s += " (+" + std::to_string(rows_scanned) + " rows scanned)";
    if (expected_nans) s += " expected_nan=" + std::to_string(expected_nans);
    if (out_of_range) s += " wrong_or_out_of_range=" + std::to_string(out_of_range);
    if (first_bad_row >= 0) s += " first_bad_row=" + std::to_string(first_bad_row);
    return s;
  }
};

class Checker {
 public:
  // Compare one output row with its reference row.
  template <class T>
  void add_row(const T* got, const double* ref, int64_t n, int64_t row) {
    count_compared_row();
    add_part(got, ref, n, row);
  }

  // Compare n elements of row `row` with their reference, without counting a row: the checks split
  // a long row over threads, one add_part each, and count the row once (count_compared_row).
  template <class T>
  void add_part(const T* got, const double* ref, int64_t n, int64_t row) {
    for (int64_t j = 0; j < n; ++j) {
      if (std::isnan(ref[j])) {  // the convention says NaN: a computed NaN, nothing else
        if (!is_poison(got[j]) && std::isnan(as_double(got[j]))) ++expected_nans_;
        else { is_poison(got[j]) ? ++unwritten_ : ++wrong_; mark_bad(row); }
        continue;
      }
      if (!classify(got[j], row)) continue;
      const double g = as_double(got[j]);
      const double d = g - round_as(ref[j], got);
      err2_ += d * d;
      ref2_ += ref[j] * ref[j];
      if (std::fabs(d) > max_abs_) max_abs_ = std::fabs(d);
    }
  }

  // Check one output row without a reference: written, finite, in [0, 1], summing to 1.
  template <class T>
  void scan_row(const T* got, int64_t n, int64_t row) {
    ++rows_scanned_;
    double sum = 0;
    for (int64_t j = 0; j < n; ++j)
      if (classify(got[j], row)) sum += as_double(got[j]);
    const double err = std::fabs(sum - 1.0);
    if (!(err <= worst_sum_err_)) worst_sum_err_ = err;
    if (!(err <= sum_tol_) ) mark_bad(row);
  }

  void count_compared_row() { ++rows_compared_; }

  void set_row_sum_tolerance(double tol) { sum_tol_ = tol; }

  // Fold in another checker's rows (the checks split rows over threads, a checker each): counts
  // add, squared errors add, the worst errors and the lowest bad row win.
  void merge(const Checker& o) {
    rows_compared_ += o.rows_compared_;
    rows_scanned_ += o.rows_scanned_;
    unwritten_ += o.unwritten_;
    nans_ += o.nans_;
    out_of_range_ += o.out_of_range_;
    wrong_ += o.wrong_;
    expected_nans_ += o.expected_nans_;
    if (o.first_bad_row_ >= 0 && (first_bad_row_ < 0 || o.first_bad_row_ < first_bad_row_))
      first_bad_row_ = o.first_bad_row_;
    err2_ += o.err2_;
    ref2_ += o.ref2_;
    max_abs_ = std::max(max_abs_, o.max_abs_);
    if (!(o.worst_sum_err_ <= worst_sum_err_)) worst_sum_err_ = o.worst_sum_err_;  // NaN sticks
  }

  CheckResult result(const Tolerance& tol) const {
    CheckResult r;
    r.rows_compared = rows_compared_;
    r.rows_scanned = rows_scanned_;
    r.unwritten = unwritten_;
    r.nans = nans_;
    r.out_of_range = out_of_range_ + wrong_;
    r.expected_nans = expected_nans_;
    r.first_bad_row = first_bad_row_;
    r.rel_l2 = ref2_ > 0 ? std::sqrt(err2_ / ref2_) : std::sqrt(err2_);
    r.max_abs = max_abs_;
    r.worst_row_sum_err = worst_sum_err_;
    const bool any_rows = rows_compared_ + rows_scanned_ > 0;
    r.pass = any_rows && unwritten_ == 0 && nans_ == 0 && out_of_range_ == 0 &&
             first_bad_row_ < 0 && r.rel_l2 <= tol.rel_l2 && r.max_abs <= tol.max_abs;
    return r;
  }

 private:
  // Count unwritten / NaN / out-of-range elements; true when the value is a usable number.
  template <class T>
  bool classify(const T& v, int64_t row) {
    if (is_poison(v)) { ++unwritten_; mark_bad(row); return false; }
    const double g = as_double(v);
    if (std::isnan(g)) { ++nans_; mark_bad(row); return false; }
    if (!(g >= 0.0 && g <= 1.0)) { ++out_of_range_; mark_bad(row); return false; }
    return true;
  }
  void mark_bad(int64_t row) {
    if (first_bad_row_ < 0) first_bad_row_ = row;
  }

  int64_t rows_compared_ = 0, rows_scanned_ = 0, unwritten_ = 0, nans_ = 0, out_of_range_ = 0;
  int64_t wrong_ = 0, expected_nans_ = 0;  // a number where NaN was due; NaN where it was due
  int64_t first_bad_row_ = -1;
  double err2_ = 0, ref2_ = 0, max_abs_ = 0, worst_sum_err_ = 0, sum_tol_ = 1e-4;
};
