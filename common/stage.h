// stage.h — what a stage file hands the harness: its launchers, what shapes it accepts, and the
// shapes it is validated and benchmarked on. A stage file ends with SOFTMAX_STAGE(stage), which
// becomes its main() or, in the GPU test binary, its entry in the stage registry.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "device_info.cuh"
#include "dtype.h"

// y = softmax(x) row-wise for a row-major M x N matrix, on `stream`. A launcher checks each of its
// launches (CUDA_CHECK_LAUNCH) and never synchronises.
using LaunchF32 = void (*)(const float* x, float* y, int64_t M, int64_t N, cudaStream_t stream);
using LaunchF16 = void (*)(const __half* x, __half* y, int64_t M, int64_t N, cudaStream_t stream);
using LaunchBF16 = void (*)(const __nv_bfloat16* x, __nv_bfloat16* y, int64_t M, int64_t N,
                            cudaStream_t stream);
// The same for rows `ld` elements apart (ld >= N; row r starts at x + r * ld, and y likewise),
// for every dtype the stage has. Elements between N and ld of each row of y are left untouched.
using LaunchStrided = void (*)(DType t, const void* x, void* y, int64_t M, int64_t N, int64_t ld,
                               cudaStream_t stream);

// Call f(T{}) with T the element type of t (float, __half, __nv_bfloat16) and return what it
// returns: the one switch behind every "typed template, runtime dtype" entry point.
//   return with_element_type(t, [&](auto tag) { return check_typed<decltype(tag)>(x, y); });
template <class F>
decltype(auto) with_element_type(DType t, F&& f) {
  switch (t) {
    case DType::f16: return f(__half{});
    case DType::bf16: return f(__nv_bfloat16{});
    case DType::f32: break;
  }
  return f(float{});
}

struct Shape {
  int64_t M, N;
};

// One kernel configuration a stage launches, for --explain and the occupancy tests.
struct KernelConfig {
  std::string label;          // which instantiation / N it serves, e.g. "softmax_fused, N = 16384"
  const void* func;           // the __global__ function, ready to launch (attributes already set)
  int threads;                // threads per block
  int64_t dynamic_smem;       // dynamic shared memory per block, bytes
  int64_t elems_per_thread;   // row elements one thread holds in registers/smem (0: it streams)
};
using ExplainFn = std::vector<KernelConfig> (*)(const DeviceInfo&, DType);

struct Stage {
  const char* id;       // "02"
  const char* name;     // "fused"
  const char* summary;  // one line: what is new in this stage
  LaunchF32 f32 = nullptr;
  LaunchF16 f16 = nullptr;
  LaunchBF16 bf16 = nullptr;
  // Why the stage cannot run this shape on this GPU, or "" when it can. Called before any launch.
  std::string (*refuse)(const DeviceInfo&, DType, int64_t M, int64_t N) = nullptr;
  // Largest N the stage takes on this GPU (for the tests); 0 = no limit of its own.
  int64_t (*max_cols)(const DeviceInfo&, DType) = nullptr;
  std::vector<Shape> sweep;  // default benchmark shapes (those refused on a GPU are skipped)
  ExplainFn explain = nullptr;  // optional: the kernel configurations behind --explain
  LaunchStrided strided = nullptr;  // optional: rows with a stride (refuse() applies unchanged)
  // Fast only when x and y are 16-byte aligned (it takes a plain fallback otherwise): the
  // dispatcher passes it over for pointers off 16 bytes.
  bool wants_aligned16 = false;
  // Optional: in one line, what a call of M x N (rows packed, x and y from cudaMalloc) launches,
  // for a stage whose plan depends on the shape and the GPU (--explain with --rows/--cols, and
  // stage 11's --plan). Call only for a shape refuse() takes.
  std::string (*plan_note)(const DeviceInfo&, DType, int64_t M, int64_t N) = nullptr;
};

bool stage_has(const Stage& s, DType t);
// "" when the stage can run M x N of dtype t on d; otherwise the reason, one line.
std::string stage_refusal(const Stage& s, const DeviceInfo& d, DType t, int64_t M, int64_t N);
// The stage's largest N on this GPU for tests: its own limit, else `fallback`.
int64_t stage_max_cols(const Stage& s, const DeviceInfo& d, DType t, int64_t fallback);

// The GPU tests link every stage; each registers itself here instead of defining main().
std::vector<const Stage*>& stage_registry();
bool register_stage(const Stage& s);
int run_stage(const Stage& s, int argc, char** argv);

#ifdef SOFTMAX_NO_MAIN
#define SOFTMAX_STAGE(stage) static const bool stage##_registered = register_stage(stage);
#else
#define SOFTMAX_STAGE(stage) \
  int main(int argc, char** argv) { return run_stage(stage, argc, argv); }
#endif

// M = 2048 and N = 2^10 ... 2^18: the worklog's bandwidth sweep, shared by the stages.
std::vector<Shape> sweep_m2048();
