// buffers.cuh — device memory owned by a scope, allocated only after checking it fits.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "cuda_check.cuh"

// Stop with one line and exit 3 when `bytes` more device memory is not free.
inline void require_device_memory(int64_t bytes, const std::string& what) {
  size_t free_b = 0, total_b = 0;
  CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
  const int64_t margin = int64_t{64} << 20;  // the runtime's own needs
  if (bytes + margin > static_cast<int64_t>(free_b)) {
    std::fprintf(stderr, "error: not enough GPU memory for %s: needs %.2f GB, %.2f GB free of %.2f GB\n",
                 what.c_str(), bytes / 1e9, free_b / 1e9, total_b / 1e9);
    std::exit(kExitEnvironment);
  }
}

class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(int64_t bytes) : bytes_(bytes) {
    if (bytes > 0) CUDA_CHECK(cudaMalloc(&ptr_, static_cast<size_t>(bytes)));
  }
  ~DeviceBuffer() { if (ptr_) cudaFree(ptr_); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  DeviceBuffer(DeviceBuffer&& o) noexcept : ptr_(o.ptr_), bytes_(o.bytes_) { o.ptr_ = nullptr; }
  DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
    std::swap(ptr_, o.ptr_);
    std::swap(bytes_, o.bytes_);
    return *this;
  }
  void* get() const { return ptr_; }
  int64_t bytes() const { return bytes_; }

 private:
  void* ptr_ = nullptr;
  int64_t bytes_ = 0;
};
