// cuda_check.cuh — error checks for every CUDA API call and kernel launch, and the exit codes.
#pragma once

#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

// Exit codes shared by every stage: 1 wrong result or CUDA failure, 2 usage, 3 environment
// (no GPU, too little memory, a GPU without a feature the stage needs).
enum ExitCode { kExitOk = 0, kExitFailure = 1, kExitUsage = 2, kExitEnvironment = 3 };

inline void cuda_check(cudaError_t err, const char* what, const char* file, int line) {
  if (err == cudaSuccess) return;
  std::fprintf(stderr, "error: CUDA: %s: %s (%s:%d)\n", cudaGetErrorString(err), what, file, line);
  std::exit(kExitFailure);
}

// Wrap every runtime call: CUDA_CHECK(cudaMalloc(&p, n));
#define CUDA_CHECK(call) cuda_check((call), #call, __FILE__, __LINE__)
// After every kernel launch: catches bad configurations (too many threads, too much shared memory).
#define CUDA_CHECK_LAUNCH() cuda_check(cudaGetLastError(), "kernel launch", __FILE__, __LINE__)

inline int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }
