// capi.cu — a C interface over the stage registry, so Python (bench/peers.py, through ctypes) can
// call every stage's launcher on torch tensors, in the same process and with the same timing as
// the peers it is compared with.
//
// Built into build/libsoftmax.so by `make lib` (bench/bench.mk): every steps/NN_*.cu compiled with
// -DSOFTMAX_NO_MAIN registers its Stage in stage_registry() when the library is loaded; this file
// lists them (sorted by id) and forwards to their refuse() and launchers.
//
// Contract: stage indices are 0 .. softmax_stage_count() - 1 in id order; dtype strings are those
// of dtype_parse ("f32", "f16", "bf16"). Nothing here synchronises; launches go on `stream` (a
// cudaStream_t, e.g. torch.cuda.current_stream().cuda_stream). Note that a stage's launcher stops
// the process on a CUDA error (CUDA_CHECK_LAUNCH), as it does in ./stepNN.
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "cuda_check.cuh"
#include "dispatch.h"
#include "inputs.cuh"
#include "stage.h"

#ifndef SOFTMAX_COMMIT
#define SOFTMAX_COMMIT "unknown"
#endif

namespace {

const std::vector<const Stage*>& sorted_stages() {
  static const std::vector<const Stage*> stages = [] {
    std::vector<const Stage*> v = stage_registry();
    std::stable_sort(v.begin(), v.end(), [](const Stage* a, const Stage* b) {
      return std::strcmp(a->id, b->id) < 0;
    });
    return v;
  }();
  return stages;
}

const Stage* stage_at(int i) {
  const auto& v = sorted_stages();
  return (i >= 0 && i < static_cast<int>(v.size())) ? v[i] : nullptr;
}

// Copy s into buf (always NUL-terminated when buflen > 0).
void copy_out(const std::string& s, char* buf, int buflen) {
  if (!buf || buflen <= 0) return;
  const size_t n = std::min(s.size(), static_cast<size_t>(buflen - 1));
  std::memcpy(buf, s.data(), n);
  buf[n] = '\0';
}

bool parse_dtype(const char* name, DType* t) { return name && dtype_parse(name, t); }

}  // namespace

extern "C" {

int softmax_stage_count() { return static_cast<int>(sorted_stages().size()); }

const char* softmax_stage_id(int i) { const Stage* s = stage_at(i); return s ? s->id : ""; }
const char* softmax_stage_name(int i) { const Stage* s = stage_at(i); return s ? s->name : ""; }
const char* softmax_stage_summary(int i) { const Stage* s = stage_at(i); return s ? s->summary : ""; }

// 1 when stage i has a kernel for dtype, 0 when not, -1 for a bad index or dtype name.
int softmax_stage_has(int i, const char* dtype) {
  const Stage* s = stage_at(i);
  DType t = DType::f32;
  if (!s || !parse_dtype(dtype, &t)) return -1;
  return stage_has(*s, t) ? 1 : 0;
}

// 0 when stage i takes M x N of dtype on this GPU; 1 when it refuses (the reason goes to buf);
// -1 for a bad index or dtype name. Reads the GPU (device 0) on first use.
int softmax_stage_refuse(int i, const char* dtype, int64_t M, int64_t N, char* buf, int buflen) {
  const Stage* s = stage_at(i);
  DType t = DType::f32;
  if (!s || !parse_dtype(dtype, &t) || M <= 0 || N <= 0) {
    copy_out("bad stage index, dtype or shape", buf, buflen);
    return -1;
  }
  const std::string why = stage_refusal(*s, device_info(), t, M, N);
  copy_out(why, buf, buflen);
  return why.empty() ? 0 : 1;
}

// Enqueue stage i on `stream`: y = softmax(x) for the row-major M x N matrix. 0 on success, -1 for
// a bad argument, -2 when the stage refuses the shape (nothing launched), else the cudaError_t.
int softmax_stage_launch(int i, const char* dtype, const void* x, void* y, int64_t M, int64_t N,
                         void* stream) {
  const Stage* s = stage_at(i);
  DType t = DType::f32;
  if (!s || !parse_dtype(dtype, &t) || !x || !y || M <= 0 || N <= 0) return -1;
  if (!stage_refusal(*s, device_info(), t, M, N).empty()) return -2;
  const auto st = static_cast<cudaStream_t>(stream);
  switch (t) {
    case DType::f32: s->f32(static_cast<const float*>(x), static_cast<float*>(y), M, N, st); break;
    case DType::f16: s->f16(static_cast<const __half*>(x), static_cast<__half*>(y), M, N, st); break;
    case DType::bf16:
      s->bf16(static_cast<const __nv_bfloat16*>(x), static_cast<__nv_bfloat16*>(y), M, N, st);
      break;
  }
  return static_cast<int>(cudaGetLastError());
}

// The stage the dispatcher (stage 11, common/dispatch.h) runs for M rows of N elements of dtype,
// `ld` apart (ld = N: contiguous rows), among the stages in this library: 0 and "<id>: <reason>" in
// buf; 1 when no stage takes the call (the reason in buf); -1 for a bad dtype or shape. Reads the
// GPU (device 0) on first use; launches nothing.
int softmax_dispatch_choice(const char* dtype, int64_t M, int64_t N, int64_t ld, char* buf, int buflen) {
  DType t = DType::f32;
  if (!parse_dtype(dtype, &t) || M <= 0 || N <= 0 || ld < N) {
    copy_out("bad dtype or shape", buf, buflen);
    return -1;
  }
  const DispatchChoice c = dispatch_choose(device_info(), t, M, N, ld);
  copy_out(c.stage ? std::string(c.stage->id) + ": " + c.reason : c.reason, buf, buflen);
  return c.stage ? 0 : 1;
}

// The harness's benchmark input (InputKind::random: normal(0, 1) with 1 in 256 scaled by 40),
// so the peers see exactly the matrix the stages see in ./stepNN. 0 on success, -1 bad dtype.
int softmax_fill_random(void* x, const char* dtype, int64_t M, int64_t N, uint64_t seed, void* stream) {
  DType t = DType::f32;
  if (!x || !parse_dtype(dtype, &t) || M <= 0 || N <= 0) return -1;
  fill_input(x, t, M, N, InputKind::random, seed, static_cast<cudaStream_t>(stream));
  return static_cast<int>(cudaGetLastError());
}

// The commit the library was built from, and the CUDA driver / runtime versions (e.g. 13000).
const char* softmax_commit() { return SOFTMAX_COMMIT; }
int softmax_driver_version() { int v = 0; cudaDriverGetVersion(&v); return v; }
int softmax_runtime_version() { int v = 0; cudaRuntimeGetVersion(&v); return v; }

}  // extern "C"
