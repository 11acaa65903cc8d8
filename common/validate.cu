#include "validate.cuh"

#include <algorithm>
#include <vector>

#include "buffers.cuh"
#include "reference.h"

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

// Copy `rows` rows starting at `row` of an M x N device matrix to the host.
template <class T>
static std::vector<T> copy_rows(const void* dev, int64_t row, int64_t rows, int64_t N) {
  std::vector<T> host(static_cast<size_t>(rows * N));
  CUDA_CHECK(cudaMemcpy(host.data(), static_cast<const T*>(dev) + row * N, rows * N * sizeof(T),
                        cudaMemcpyDeviceToHost));
  return host;
}

// The rows compared against the reference: all of them for small matrices, else 64 spread out.
static std::vector<int64_t> rows_to_compare(int64_t M, int64_t N) {
  std::vector<int64_t> rows;
  const int64_t kFull = int64_t{1} << 24, kSample = 64;
  if (M * N <= kFull || M <= kSample) {
    for (int64_t r = 0; r < M; ++r) rows.push_back(r);
    return rows;
  }
  for (int64_t k = 0; k < kSample; ++k) rows.push_back(k * (M - 1) / (kSample - 1));
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  return rows;
}

template <class T>
static CheckResult check_typed(const void* x, const void* y, DType t, int64_t M, int64_t N) {
  const Tolerance tol = tolerance_for(t);
  Checker checker;
  checker.set_row_sum_tolerance(tol.row_sum);
  std::vector<float> xf(static_cast<size_t>(N));
  std::vector<double> ref(static_cast<size_t>(N));
  const std::vector<int64_t> compared = rows_to_compare(M, N);
  // Phase 1: reference comparison, a batch of consecutive rows at a time.
  const int64_t batch = std::max<int64_t>(1, (int64_t{1} << 22) / N);
  for (size_t i = 0; i < compared.size();) {
    size_t j = i + 1;
    while (j < compared.size() && compared[j] == compared[j - 1] + 1 &&
           compared[j] - compared[i] < batch)
      ++j;
    const int64_t row0 = compared[i], rows = static_cast<int64_t>(j - i);
    const std::vector<T> xs = copy_rows<T>(x, row0, rows, N), ys = copy_rows<T>(y, row0, rows, N);
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t c = 0; c < N; ++c) xf[c] = static_cast<float>(as_double(xs[r * N + c]));
      softmax_ref_safe(xf.data(), ref.data(), N);
      checker.add_row(ys.data() + r * N, ref.data(), N, row0 + r);
    }
    i = j;
  }
  // Phase 2: every row not compared is scanned, in chunks of about 64 M elements.
  if (static_cast<int64_t>(compared.size()) < M) {
    const int64_t chunk = std::max<int64_t>(1, (int64_t{1} << 26) / N);
    size_t next = 0;
    for (int64_t row0 = 0; row0 < M; row0 += chunk) {
      const int64_t rows = std::min(chunk, M - row0);
      const std::vector<T> ys = copy_rows<T>(y, row0, rows, N);
      for (int64_t r = 0; r < rows; ++r) {
        while (next < compared.size() && compared[next] < row0 + r) ++next;
        if (next < compared.size() && compared[next] == row0 + r) continue;
        checker.scan_row(ys.data() + r * N, N, row0 + r);
      }
    }
  }
  return checker.result(tol);
}

CheckResult check_output(const void* x, const void* y, DType t, int64_t M, int64_t N) {
  switch (t) {
    case DType::f32: return check_typed<float>(x, y, t, M, N);
    case DType::f16: return check_typed<__half>(x, y, t, M, N);
    case DType::bf16: return check_typed<__nv_bfloat16>(x, y, t, M, N);
  }
  return {};
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
  return check_output(x, y, t, M, N);
}
