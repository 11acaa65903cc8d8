#include "validate.cuh"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "buffers.cuh"
#include "check_rows.h"

void launch_stage(const Stage& s, DType t, const void* x, void* y, int64_t M, int64_t N,
                  cudaStream_t stream) {
  switch (t) {
    case DType::f32: s.f32(static_cast<const float*>(x), static_cast<float*>(y), M, N, stream); break;
    case DType::f16: s.f16(static_cast<const __half*>(x), static_cast<__half*>(y), M, N, stream); break;
    case DType::bf16:
      s.bf16(static_cast<const __nv_bfloat16*>(x), static_cast<__nv_bfloat16*>(y), M, N, stream);
      break;
  }
  CUDA_CHECK_LAUNCH();
}

void launch_stage_strided(const Stage& s, DType t, const void* x, void* y, int64_t M, int64_t N,
                          int64_t ld, cudaStream_t stream) {
  s.strided(t, x, y, M, N, ld, stream);
  CUDA_CHECK_LAUNCH();
}

// Copy `rows` rows starting at `row` of an M x N device matrix to the host.
template <class T>
static std::vector<T> copy_rows(const void* dev, int64_t row, int64_t rows, int64_t N) {
  std::vector<T> host(static_cast<size_t>(rows * N));
  CUDA_CHECK(cudaMemcpy(host.data(), static_cast<const T*>(dev) + row * N, rows * N * sizeof(T),
                        cudaMemcpyDeviceToHost));
  return host;
}

// Copy the listed rows (ascending) of an N-wide device matrix to consecutive rows of `host`, one
// copy per run of consecutive rows.
template <class T>
static void copy_listed_rows(const void* dev, const int64_t* rows, int64_t count, int64_t N, T* host) {
  for (int64_t i = 0; i < count;) {
    int64_t j = i + 1;
    while (j < count && rows[j] == rows[j - 1] + 1) ++j;
    CUDA_CHECK(cudaMemcpy(host + i * N, static_cast<const T*>(dev) + rows[i] * N,
                          (j - i) * N * sizeof(T), cudaMemcpyDeviceToHost));
    i = j;
  }
}

// The rows compared against the reference: all of them for small matrices (or when asked), else
// 64 spread out. Ascending.
static std::vector<int64_t> rows_to_compare(int64_t M, int64_t N, bool every_row) {
  std::vector<int64_t> rows;
  const int64_t kFull = int64_t{1} << 24, kSample = 64;
  if (every_row || M * N <= kFull || M <= kSample) {
    for (int64_t r = 0; r < M; ++r) rows.push_back(r);
    return rows;
  }
  for (int64_t k = 0; k < kSample; ++k) rows.push_back(k * (M - 1) / (kSample - 1));
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  return rows;
}

// Compare the compared rows with the reference and scan the others, a batch at a time: copied to
// the host here, checked over the host's threads (check_rows.h), a Checker each, merged at the end.
template <class T>
static CheckResult check_typed(const void* x, const void* y, DType t, int64_t M, int64_t N, bool every_row) {
  const Tolerance tol = tolerance_for(t);
  std::vector<Checker> checkers(static_cast<size_t>(host_threads()));
  for (Checker& c : checkers) c.set_row_sum_tolerance(tol.row_sum);
  const std::vector<int64_t> compared = rows_to_compare(M, N, every_row);
  const int64_t n_compared = static_cast<int64_t>(compared.size());
  // Phase 1: the reference comparison, a batch of up to 2^25 elements (or one row) at a time.
  const int64_t batch = std::max<int64_t>(1, (int64_t{1} << 25) / N);
  for (int64_t i0 = 0; i0 < n_compared; i0 += batch) {
    const int64_t rows = std::min(batch, n_compared - i0);
    std::vector<T> xs(static_cast<size_t>(rows * N)), ys(static_cast<size_t>(rows * N));
    copy_listed_rows(x, compared.data() + i0, rows, N, xs.data());
    copy_listed_rows(y, compared.data() + i0, rows, N, ys.data());
    compare_rows(xs.data(), ys.data(), compared.data() + i0, rows, N, checkers);
  }
  // Phase 2: every row not compared is scanned, in chunks of about 64 M elements.
  if (n_compared < M) {
    const int64_t chunk = std::max<int64_t>(1, (int64_t{1} << 26) / N);
    for (int64_t row0 = 0; row0 < M; row0 += chunk) {
      const int64_t rows = std::min(chunk, M - row0);
      scan_rows(copy_rows<T>(y, row0, rows, N).data(), row0, rows, N, compared, checkers);
    }
  }
  Checker all;
  for (const Checker& c : checkers) all.merge(c);
  return all.result(tol);
}

CheckResult check_output(const void* x, const void* y, DType t, int64_t M, int64_t N, bool every_row) {
  return with_element_type(t, [&](auto tag) { return check_typed<decltype(tag)>(x, y, t, M, N, every_row); });
}

CheckResult validate_stage(const Stage& s, DType t, int64_t M, int64_t N, InputKind kind,
                           uint64_t seed, int64_t offset) {
  const int64_t size = static_cast<int64_t>(dtype_size(t)), bytes = M * N * size;
  require_device_memory(2 * (bytes + offset * size),
                        std::to_string(M) + " x " + std::to_string(N) + " " + dtype_name(t));
  DeviceBuffer xb(bytes + offset * size), yb(bytes + offset * size);
  char* x = static_cast<char*>(xb.get()) + offset * size;
  char* y = static_cast<char*>(yb.get()) + offset * size;
  fill_input(x, t, M, N, kind, seed, 0);
  poison_output(y, bytes, 0);
  launch_stage(s, t, x, y, M, N, 0);
  CUDA_CHECK(cudaDeviceSynchronize());
  return check_output(x, y, t, M, N, kind == InputKind::special);
}

// ---- rows with a stride --------------------------------------------------------------------

// Count the gap elements of y (columns N..ld-1 of each of M rows, `size`-byte elements) that are
// not all 0xFF, i.e. that something wrote; the first one's row and column go to *row and *col.
// The gaps come to the host in chunks of about 64 MB.
static int64_t count_written_gap_elements(const void* y, int64_t M, int64_t N, int64_t ld,
                                          int64_t size, int64_t* row, int64_t* col) {
  const int64_t gap_elems = ld - N, gap_bytes = gap_elems * size, pitch = ld * size;
  if (gap_elems == 0) return 0;
  const int64_t chunk = std::min(M, std::max<int64_t>(1, (int64_t{1} << 26) / gap_bytes));
  std::vector<unsigned char> host(static_cast<size_t>(chunk * gap_bytes));
  int64_t written = 0;
  for (int64_t row0 = 0; row0 < M; row0 += chunk) {
    const int64_t rows = std::min(chunk, M - row0);
    const char* src = static_cast<const char*>(y) + row0 * pitch + N * size;  // column N of row0
    CUDA_CHECK(cudaMemcpy2D(host.data(), gap_bytes, src, pitch, gap_bytes, rows,
                            cudaMemcpyDeviceToHost));
    int64_t last = -1;  // element (index into this chunk's packed gaps) already counted
    for (int64_t i = 0; i < rows * gap_bytes; ++i) {
      if (host[i] == 0xFF || i / size == last) continue;
      last = i / size;
      if (written++ == 0) {
        *row = row0 + last / gap_elems;
        *col = N + last % gap_elems;
      }
    }
  }
  return written;
}

// Fail r for `written` gap elements, the first at (row, col): one line on stderr says where.
static void fail_for_written_gaps(CheckResult* r, int64_t written, int64_t row, int64_t col,
                                  int64_t N, int64_t ld) {
  std::fprintf(stderr, "gap written: %lld element(s) between column N=%lld and ld=%lld changed, "
               "first at row %lld column %lld\n", static_cast<long long>(written),
               static_cast<long long>(N), static_cast<long long>(ld), static_cast<long long>(row),
               static_cast<long long>(col));
  r->pass = false;
  if (r->first_bad_row < 0 || row < r->first_bad_row) r->first_bad_row = row;
}

CheckResult check_output_strided(const void* x, const void* y, DType t, int64_t M, int64_t N,
                                 int64_t ld) {
  const int64_t size = static_cast<int64_t>(dtype_size(t)), bytes = M * N * size;
  require_device_memory(2 * bytes, "contiguous copies of " + std::to_string(M) + " x " +
                                       std::to_string(N) + " " + dtype_name(t));
  // Phase 1: the first N columns of every row, packed, against the reference.
  DeviceBuffer xc(bytes), yc(bytes);
  CUDA_CHECK(cudaMemcpy2D(xc.get(), N * size, x, ld * size, N * size, M, cudaMemcpyDeviceToDevice));
  CUDA_CHECK(cudaMemcpy2D(yc.get(), N * size, y, ld * size, N * size, M, cudaMemcpyDeviceToDevice));
  CheckResult r = check_output(xc.get(), yc.get(), t, M, N);
  // Phase 2: every gap element still poison.
  int64_t row = -1, col = -1;
  const int64_t written = count_written_gap_elements(y, M, N, ld, size, &row, &col);
  if (written > 0) fail_for_written_gaps(&r, written, row, col, N, ld);
  return r;
}

CheckResult validate_stage_strided(const Stage& s, DType t, int64_t M, int64_t N, int64_t ld,
                                   InputKind kind, uint64_t seed) {
  const int64_t size = static_cast<int64_t>(dtype_size(t)), bytes = M * ld * size;
  // The strided x and y, and the contiguous copies check_output_strided makes.
  require_device_memory(2 * bytes + 2 * M * N * size, std::to_string(M) + " x " + std::to_string(N) +
                                                          " ld=" + std::to_string(ld) + " " + dtype_name(t));
  DeviceBuffer x(bytes), y(bytes);
  fill_input(x.get(), t, M, ld, kind, seed, 0);  // the gap columns hold data too
  poison_output(y.get(), bytes, 0);
  launch_stage_strided(s, t, x.get(), y.get(), M, N, ld, 0);
  CUDA_CHECK(cudaDeviceSynchronize());
  return check_output_strided(x.get(), y.get(), t, M, N, ld);
}
