// check_rows.h — the host side of a check, on rows already copied from the GPU: compare rows with
// the double reference, or scan them, the rows split over threads with a Checker each
// (host_parallel.h); the caller merges the checkers. Host-only: validate.cu copies the rows and
// calls these, tests/host/test_host_parallel.cpp checks them against one Checker on one thread.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "check.h"
#include "host_parallel.h"
#include "reference.h"

// Compare `rows` rows of N elements (input xs, output ys, consecutive on the host; row r is matrix
// row ids[r]) with softmax_ref_safe of the input, checkers[b] taking block b of the rows.
template <class T>
void compare_rows(const T* xs, const T* ys, const int64_t* ids, int64_t rows, int64_t N,
                  std::vector<Checker>& checkers) {
  parallel_blocks(rows, static_cast<int>(checkers.size()), [&](int b, int64_t lo, int64_t hi) {
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
// `skip` (ascending): written, finite, in [0, 1], summing to 1; checkers[b] takes block b.
template <class T>
void scan_rows(const T* ys, int64_t row0, int64_t rows, int64_t N, const std::vector<int64_t>& skip,
               std::vector<Checker>& checkers) {
  parallel_blocks(rows, static_cast<int>(checkers.size()), [&](int b, int64_t lo, int64_t hi) {
    for (int64_t r = lo; r < hi; ++r)
      if (!std::binary_search(skip.begin(), skip.end(), row0 + r))
        checkers[b].scan_row(ys + r * N, N, row0 + r);
  });
}
