// check_rows.h — the host side of a check, on rows already copied from the GPU: compare rows with
// the double reference, or scan them, split over threads with a Checker each (host_parallel.h);
// the caller merges the checkers. Rows are split among the threads, or, when there are fewer rows
// than threads, each row's elements are. Host-only: validate.cu copies the rows and calls these;
// tests/host/test_host_parallel.cpp checks them against one Checker on one thread.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "check.h"
#include "host_parallel.h"
#include "reference.h"

// Threads worth starting for `elements` of work: one per 2^16 elements, at most `threads`.
inline int work_blocks(int64_t elements, size_t threads) {
  return static_cast<int>(std::clamp<int64_t>(elements >> 16, 1, static_cast<int64_t>(threads)));
}

// softmax_ref_safe of one row on `blocks` threads, bit for bit: the max is exact in any order, and
// the sum is taken over the same kRefChunk chunks in the same order.
inline void softmax_ref_safe_split(const float* x, double* y, int64_t n, int blocks) {
  std::vector<double> maxes(static_cast<size_t>(blocks), -std::numeric_limits<double>::infinity());
  parallel_blocks(n, blocks, [&](int b, int64_t lo, int64_t hi) {
    for (int64_t j = lo; j < hi; ++j) maxes[b] = std::max(maxes[b], static_cast<double>(x[j]));
  });
  double m = -std::numeric_limits<double>::infinity();
  for (double v : maxes) m = std::max(m, v);
  const int64_t chunks = (n + kRefChunk - 1) / kRefChunk;
  std::vector<double> sums(static_cast<size_t>(chunks));
  parallel_blocks(chunks, blocks, [&](int, int64_t lo, int64_t hi) {
    for (int64_t c = lo; c < hi; ++c)
      sums[c] = ref_exp_chunk(x, y, c * kRefChunk, std::min(n, (c + 1) * kRefChunk), m);
  });
  double sum = 0.0;
  for (double v : sums) sum += v;
  parallel_blocks(n, blocks, [&](int, int64_t lo, int64_t hi) {
    for (int64_t j = lo; j < hi; ++j) y[j] /= sum;
  });
}

// Compare `rows` rows of N elements (input xs, output ys, consecutive on the host; row r is matrix
// row ids[r]) with softmax_ref_safe of the input; checkers[b] takes block b of the work.
template <class T>
void compare_rows(const T* xs, const T* ys, const int64_t* ids, int64_t rows, int64_t N,
                  std::vector<Checker>& checkers) {
  const int blocks = work_blocks(rows * N, checkers.size());
  if (rows < blocks) {  // few long rows: each row over the threads
    std::vector<float> xf(static_cast<size_t>(N));
    std::vector<double> ref(static_cast<size_t>(N));
    for (int64_t r = 0; r < rows; ++r) {
      const T* x = xs + r * N;
      const T* y = ys + r * N;
      parallel_blocks(N, blocks, [&](int, int64_t lo, int64_t hi) {
        for (int64_t c = lo; c < hi; ++c) xf[c] = static_cast<float>(as_double(x[c]));
      });
      softmax_ref_safe_split(xf.data(), ref.data(), N, blocks);
      parallel_blocks(N, blocks, [&](int b, int64_t lo, int64_t hi) {
        checkers[b].add_part(y + lo, ref.data() + lo, hi - lo, ids[r]);
      });
      checkers[0].count_compared_row();
    }
    return;
  }
  parallel_blocks(rows, blocks, [&](int b, int64_t lo, int64_t hi) {  // rows over the threads
    std::vector<float> xf(static_cast<size_t>(N));
    std::vector<double> ref(static_cast<size_t>(N));
    for (int64_t r = lo; r < hi; ++r) {
      for (int64_t c = 0; c < N; ++c) xf[c] = static_cast<float>(as_double(xs[r * N + c]));
      softmax_ref_safe(xf.data(), ref.data(), N);
      checkers[b].add_row(ys + r * N, ref.data(), N, ids[r]);
    }
  });
}

// Scan `rows` rows of N elements of output (matrix rows row0, row0 + 1, ...) but those listed in
// `skip` (ascending): written, finite, in [0, 1], summing to 1; checkers[b] takes block b of them.
template <class T>
void scan_rows(const T* ys, int64_t row0, int64_t rows, int64_t N, const std::vector<int64_t>& skip,
               std::vector<Checker>& checkers) {
  parallel_blocks(rows, work_blocks(rows * N, checkers.size()), [&](int b, int64_t lo, int64_t hi) {
    for (int64_t r = lo; r < hi; ++r)
      if (!std::binary_search(skip.begin(), skip.end(), row0 + r))
        checkers[b].scan_row(ys + r * N, N, row0 + r);
  });
}
