// packs.cuh — 16-byte packs of fp32 / fp16 / bf16 elements: introduced in stage 08 (one load or
// store moves kVec<T> elements), shared by the stages after it.
//
// Contracts: unpack / pack convert one uint4 to kVec<T> floats and back (round to nearest even);
// pack_max is the exact max of a pack (NaN skipped, as fmaxf does); neg_inf_pack is a pack of -inf,
// the padding that drops out of a row's max and sum; cp_async16 copies one pack from global to
// shared memory without registers, visible to the issuing thread after cp_async_wait_all;
// dtype_of<T> is the DType of an element type.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "dtype.h"

template <class T>
constexpr int kVec = 16 / static_cast<int>(sizeof(T));

// Two elements of T in one 32-bit word <-> float2 (round to nearest even on the way back).
__device__ __forceinline__ float2 word_to_float2(uint32_t w, __half) {
  __half2 h;
  memcpy(&h, &w, 4);
  return __half22float2(h);
}
__device__ __forceinline__ float2 word_to_float2(uint32_t w, __nv_bfloat16) {
  __nv_bfloat162 h;
  memcpy(&h, &w, 4);
  return __bfloat1622float2(h);
}
__device__ __forceinline__ uint32_t float2_to_word(float2 f, __half) {
  const __half2 h = __float22half2_rn(f);
  uint32_t w;
  memcpy(&w, &h, 4);
  return w;
}
__device__ __forceinline__ uint32_t float2_to_word(float2 f, __nv_bfloat16) {
  const __nv_bfloat162 h = __float22bfloat162_rn(f);
  uint32_t w;
  memcpy(&w, &h, 4);
  return w;
}

template <class T>
__device__ __forceinline__ void unpack(const uint4& p, float (&f)[kVec<T>]) {
  const uint32_t w[4] = {p.x, p.y, p.z, p.w};
  if constexpr (sizeof(T) == 4) {
#pragma unroll
    for (int k = 0; k < 4; ++k) f[k] = __uint_as_float(w[k]);
  } else {
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      const float2 t = word_to_float2(w[k], T{});
      f[2 * k] = t.x;
      f[2 * k + 1] = t.y;
    }
  }
}

template <class T>
__device__ __forceinline__ uint4 pack(const float (&f)[kVec<T>]) {
  uint32_t w[4];
  if constexpr (sizeof(T) == 4) {
#pragma unroll
    for (int k = 0; k < 4; ++k) w[k] = __float_as_uint(f[k]);
  } else {
#pragma unroll
    for (int k = 0; k < 4; ++k) w[k] = float2_to_word(make_float2(f[2 * k], f[2 * k + 1]), T{});
  }
  return make_uint4(w[0], w[1], w[2], w[3]);
}

// The largest of a pack's kVec values. Max is exact in any precision, so halves are compared as
// packed pairs (__hmax2) and only the final pair is converted.
template <class T>
__device__ __forceinline__ float pack_max(const uint4& p) {
  if constexpr (sizeof(T) == 4) {
    return fmaxf(fmaxf(__uint_as_float(p.x), __uint_as_float(p.y)), fmaxf(__uint_as_float(p.z), __uint_as_float(p.w)));
  } else {
    using T2 = std::conditional_t<std::is_same_v<T, __half>, __half2, __nv_bfloat162>;
    T2 a, b, c, d;
    memcpy(&a, &p.x, 4);
    memcpy(&b, &p.y, 4);
    memcpy(&c, &p.z, 4);
    memcpy(&d, &p.w, 4);
    const T2 h = __hmax2(__hmax2(a, b), __hmax2(c, d));
    return fmaxf(static_cast<float>(__low2float(h)), static_cast<float>(__high2float(h)));
  }
}

// A pack of -inf: the padding of slots past the end of the row; it drops out of max and sum.
template <class T>
__device__ __forceinline__ uint4 neg_inf_pack() {
  const uint32_t w = sizeof(T) == 4 ? 0xFF800000u : (std::is_same_v<T, __half> ? 0xFC00FC00u : 0xFF80FF80u);
  return make_uint4(w, w, w, w);
}

// An empty asm that "might change" p: the compiler must convert the elements again in the next
// phase instead of keeping all the converted floats alive from one phase to the next (twice the
// registers).
__device__ __forceinline__ void opaque(uint4& p) {
  asm volatile("" : "+r"(p.x), "+r"(p.y), "+r"(p.z), "+r"(p.w));
}

// Global -> shared, 16 bytes, without passing through registers (sm_80+). .cg: L2 only.
__device__ __forceinline__ void cp_async16(void* smem, const void* gmem) {
  const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(__cvta_generic_to_global(gmem))
               : "memory");
}
__device__ __forceinline__ void cp_async_wait_all() { asm volatile("cp.async.wait_all;\n" ::: "memory"); }
// Groups: cp_async_commit() closes the thread's copies issued since the last commit into a group;
// cp_async_wait_group<N>() returns once at most N of the thread's groups are still in flight (the
// oldest land first), so a thread can use its first slices while the later ones are on their way.
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
template <int N>
__device__ __forceinline__ void cp_async_wait_group() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(N) : "memory");
}
// The same with n known only at run time (a loop that is not unrolled): at most n groups in
// flight on return; n above 15 waits as for 15 (stricter, never wrong).
__device__ __forceinline__ void cp_async_wait_pending(int n) {
  switch (n) {
    case 0: cp_async_wait_group<0>(); break;
    case 1: cp_async_wait_group<1>(); break;
    case 2: cp_async_wait_group<2>(); break;
    case 3: cp_async_wait_group<3>(); break;
    case 4: cp_async_wait_group<4>(); break;
    case 5: cp_async_wait_group<5>(); break;
    case 6: cp_async_wait_group<6>(); break;
    case 7: cp_async_wait_group<7>(); break;
    case 8: cp_async_wait_group<8>(); break;
    case 9: cp_async_wait_group<9>(); break;
    case 10: cp_async_wait_group<10>(); break;
    case 11: cp_async_wait_group<11>(); break;
    case 12: cp_async_wait_group<12>(); break;
    case 13: cp_async_wait_group<13>(); break;
    case 14: cp_async_wait_group<14>(); break;
    default: cp_async_wait_group<15>(); break;
  }
}

template <class T>
constexpr DType dtype_of() {
  return sizeof(T) == 4 ? DType::f32 : (std::is_same_v<T, __half> ? DType::f16 : DType::bf16);
}
