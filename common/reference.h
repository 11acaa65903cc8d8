// reference.h — CPU softmax of one row in double precision: the ground truth every stage is
// checked against. Three formulations, so the host tests can show why the GPU stages use the
// "safe" (max-subtracted) form and that the "online" form computes the same thing in one pass.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

// y = exp(x) / sum(exp(x)): overflows to inf/inf = NaN once any x exceeds ~709.
inline void softmax_ref_naive(const float* x, double* y, int64_t n) {
  double sum = 0.0;
  for (int64_t j = 0; j < n; ++j) sum += std::exp(static_cast<double>(x[j]));
  for (int64_t j = 0; j < n; ++j) y[j] = std::exp(static_cast<double>(x[j])) / sum;
}

// y = exp(x - max) / sum(exp(x - max)): three passes, never overflows. Each exponential is taken
// once and kept in y until the sum is known.
inline void softmax_ref_safe(const float* x, double* y, int64_t n) {
  double m = -std::numeric_limits<double>::infinity();
  for (int64_t j = 0; j < n; ++j) m = std::max(m, static_cast<double>(x[j]));
  double sum = 0.0;
  for (int64_t j = 0; j < n; ++j) sum += (y[j] = std::exp(x[j] - m));
  for (int64_t j = 0; j < n; ++j) y[j] /= sum;
}

// One pass for (max, sum) with the running rescale, then one pass to normalise.
inline void softmax_ref_online(const float* x, double* y, int64_t n) {
  double m = -std::numeric_limits<double>::infinity();
  double sum = 0.0;
  for (int64_t j = 0; j < n; ++j) {
    const double v = x[j];
    if (v > m) {
      sum = (m == -std::numeric_limits<double>::infinity()) ? 0.0 : sum * std::exp(m - v);
      m = v;
    }
    sum += std::exp(v - m);
  }
  for (int64_t j = 0; j < n; ++j) y[j] = std::exp(x[j] - m) / sum;
}
