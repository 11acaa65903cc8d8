// timing.cuh — how every number in this project is timed: CUDA events around the launch, the L2
// cache flushed before each timed iteration, warm-up first, the median of many iterations.
#pragma once

#include <algorithm>
#include <vector>

#include "buffers.cuh"
#include "device_info.cuh"

class GpuTimer {
 public:
  // The flush buffer is twice the L2 (at least 64 MB), so nothing of the last iteration stays cached.
  explicit GpuTimer(const DeviceInfo& d)
      : flush_(std::max<int64_t>(2 * d.l2_bytes, int64_t{64} << 20)) {
    CUDA_CHECK(cudaEventCreate(&start_));
    CUDA_CHECK(cudaEventCreate(&stop_));
  }
  ~GpuTimer() {
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
  }
  GpuTimer(const GpuTimer&) = delete;
  GpuTimer& operator=(const GpuTimer&) = delete;

  // Flush L2, then time `work` (which enqueues on stream 0) with events. Milliseconds.
  template <class Work>
  float time_ms(Work&& work) {
    // Lines of x loaded under evict_last (packs.cuh) outlive the memset: demote them first, as
    // bench/peers.py does, so that no iteration reads what the one before left in the L2.
    CUDA_CHECK(cudaCtxResetPersistingL2Cache());
    CUDA_CHECK(cudaMemsetAsync(flush_.get(), 0, static_cast<size_t>(flush_.bytes()), 0));
    CUDA_CHECK(cudaEventRecord(start_, 0));
    work();
    CUDA_CHECK(cudaEventRecord(stop_, 0));
    CUDA_CHECK(cudaEventSynchronize(stop_));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start_, stop_));
    return ms;
  }
  int64_t flush_bytes() const { return flush_.bytes(); }

 private:
  DeviceBuffer flush_;
  cudaEvent_t start_{}, stop_{};
};

inline double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}
