// host_parallel.h — the checks' host work split over threads. On one thread of the build machine
// comparing fp16 rows with the reference took up to about 50 ns an element and scanning them about
// 20, so a check of a 1.3 G-element fp16 matrix took tens of seconds; the device machine has 16
// cores. Host-only: tested by tests/host/test_host_parallel.cpp.
#pragma once

#include <algorithm>
#include <cstdint>
#include <thread>
#include <vector>

// Threads for the host side of a check: the machine's cores, at most kMaxHostThreads.
constexpr unsigned kMaxHostThreads = 16;
inline int host_threads() {
  return static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, kMaxHostThreads));
}

// Calls work(block, begin, end) once for each of up to `blocks` contiguous, non-empty blocks that
// together cover [0, n) in order, block 0 on the calling thread and each other block on its own;
// returns when all have finished. Blocks never share an index, so work may write state indexed by
// `block` (a Checker, buffers) without locks; the caller merges it afterwards, in block order.
// work must not throw (an exception on a worker thread ends the program).
template <class Work>
void parallel_blocks(int64_t n, int blocks, Work&& work) {
  if (n <= 0) return;
  const int64_t count = std::clamp<int64_t>(blocks, 1, n);
  auto run = [&](int64_t b) { work(static_cast<int>(b), n * b / count, n * (b + 1) / count); };
  std::vector<std::thread> pool;
  for (int64_t b = 1; b < count; ++b) pool.emplace_back(run, b);
  run(0);
  for (std::thread& t : pool) t.join();
}
