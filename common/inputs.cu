#include "inputs.cuh"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "cuda_check.cuh"

const char* input_kind_name(InputKind k) {
  switch (k) {
    case InputKind::random: return "random";
    case InputKind::huge: return "huge";
    case InputKind::neg_inf: return "neg_inf";
    case InputKind::all_equal: return "all_equal";
    case InputKind::special: return "special";
  }
  return "?";
}

__device__ float normal_from_hash(uint64_t h) {
  // Box-Muller on two 24-bit uniforms; u1 in (0, 1] so the log is finite.
  const float u1 = (static_cast<float>(h >> 40) + 1.0f) * (1.0f / 16777216.0f);
  const float u2 = static_cast<float>((h >> 16) & 0xFFFFFF) * (1.0f / 16777216.0f);
  return sqrtf(-2.0f * logf(u1)) * cospif(2.0f * u2);
}

// Row r of the special input: the cases whose output convention docs/special_values.md states.
__device__ float special_value(DType t, int64_t r, int64_t j, int64_t N, float z, uint64_t h) {
  const float big = t == DType::f16 ? 65504.0f : 1e30f;
  switch (r % 5) {
    case 0: return -INFINITY;                           // all -inf: NaN row
    case 1: return j == (r * 7) % N ? INFINITY : z;     // one +inf: NaN row
    case 2: return j == (r * 3) % N ? NAN : z;          // one NaN: NaN row
    case 3: return (h & 7) == 0 ? ((h & 8) ? big : -big) : z;  // huge magnitudes: finite
    default: return ((h & 3) == 0 && j != N / 2) ? -INFINITY : z;  // -inf entries become 0
  }
}

__device__ float input_value(InputKind kind, DType t, int64_t i, int64_t N, uint64_t seed) {
  const uint64_t h = mix64(seed ^ mix64(static_cast<uint64_t>(i)));
  const float z = normal_from_hash(h);
  switch (kind) {
    case InputKind::random: return (h & 0xFF) == 0 ? 40.0f * z : z;
    case InputKind::huge: return t == DType::f16 ? fminf(fmaxf(2e4f * z, -65504.f), 65504.f) : 1e30f * z;
    case InputKind::neg_inf: return ((h & 3) == 0 && i % N != N / 2) ? -INFINITY : z;
    case InputKind::all_equal: return static_cast<float>((i / N) % 17) * 0.75f - 4.0f;
    case InputKind::special: return special_value(t, i / N, i % N, N, z, h);
  }
  return 0.0f;
}

template <class T>
__device__ T from_float(float v);
template <>
__device__ float from_float<float>(float v) { return v; }
template <>
__device__ __half from_float<__half>(float v) { return __float2half_rn(v); }
template <>
__device__ __nv_bfloat16 from_float<__nv_bfloat16>(float v) { return __float2bfloat16_rn(v); }

template <class T>
__global__ void fill_kernel(T* x, int64_t n, int64_t N, InputKind kind, DType t, uint64_t seed) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n;
       i += int64_t{gridDim.x} * blockDim.x)
    x[i] = from_float<T>(input_value(kind, t, i, N, seed));
}

void fill_input(void* x, DType t, int64_t M, int64_t N, InputKind kind, uint64_t seed,
                cudaStream_t stream) {
  const int64_t n = M * N;
  const int threads = 256;
  const int blocks = static_cast<int>(std::min<int64_t>(ceil_div(n, threads), 65536));
  switch (t) {
    case DType::f32:
      fill_kernel<<<blocks, threads, 0, stream>>>(static_cast<float*>(x), n, N, kind, t, seed);
      break;
    case DType::f16:
      fill_kernel<<<blocks, threads, 0, stream>>>(static_cast<__half*>(x), n, N, kind, t, seed);
      break;
    case DType::bf16:
      fill_kernel<<<blocks, threads, 0, stream>>>(static_cast<__nv_bfloat16*>(x), n, N, kind, t, seed);
      break;
  }
  CUDA_CHECK_LAUNCH();
}

void poison_output(void* y, int64_t bytes, cudaStream_t stream) {
  CUDA_CHECK(cudaMemsetAsync(y, 0xFF, static_cast<size_t>(bytes), stream));
}
