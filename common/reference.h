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

// The safe form's sum is taken in chunks of kRefChunk elements: each chunk's exponentials in order,
// then the chunk sums in order. The checks compute the chunks of a long row on several threads
// (check_rows.h) and get the same bits as this loop.
constexpr int64_t kRefChunk = int64_t{1} << 16;

// exp(x[j] - m) into y[j] for j in [lo, hi), and their sum in order.
inline double ref_exp_chunk(const float* x, double* y, int64_t lo, int64_t hi, double m) {
  double sum = 0.0;
  for (int64_t j = lo; j < hi; ++j) sum += (y[j] = std::exp(x[j] - m));
  return sum;
}

// y = exp(x - max) / sum(exp(x - max)): three passes, never overflows. Each exponential is taken
// once and kept in y until the sum is known.
inline void softmax_ref_safe(const float* x, double* y, int64_t n) {
  double m = -std::numeric_limits<double>::infinity();
  for (int64_t j = 0; j < n; ++j) m = std::max(m, static_cast<double>(x[j]));
  double sum = 0.0;
  for (int64_t c = 0; c < n; c += kRefChunk)
    sum += ref_exp_chunk(x, y, c, std::min(n, c + kRefChunk), m);
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
