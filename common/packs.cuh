// packs.cuh — 16-byte packs of fp32 / fp16 / bf16 elements: introduced in stage 08 (one load or
// store moves kVec<T> elements), shared by the stages after it.
//
// Contracts: unpack / pack convert one uint4 to kVec<T> floats and back (round to nearest even);
// pack_max is the exact max of a pack (NaN skipped, as fmaxf does); unpack<T, true> and
// pack_max<T, true> give the same values, bf16 through cuda_bf16.h's inline PTX (fewer registers
// where ptxas would otherwise hoist the conversions); neg_inf_pack is a pack of -inf,
// the padding that drops out of a row's max and sum; load_x_pack loads one pack of x and
// load_x_pack_if one where a condition holds (under an L2 evict_last policy unless built with
// SOFTMAX_EVICT_LAST=0; x must not be written while the kernel runs); cp_async16 copies one pack
// from global to shared memory without registers (the same policy), visible to the issuing
// thread after cp_async_wait_all; dtype_of<T> is the DType of an element type.
#pragma once

#include <cmath>
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
// A bf16 is the top half of an fp32: one shift and one mask, exact (NaN and infinities too);
// __bfloat1622float2 takes a PRMT and a shift for the high half (seventy-second session).
__device__ __forceinline__ float2 word_to_float2(uint32_t w, __nv_bfloat16) {
  return make_float2(__uint_as_float(w << 16), __uint_as_float(w & 0xffff0000u));
}
// The same values through cuda_bf16.h's inline PTX, which ptxas schedules as written. Stage 08's
// lean team keeps it under its 40-register cap: with the shift and the mask ptxas hoisted the
// conversions and spilled 12 bytes there. fp16 has one form.
__device__ __forceinline__ float2 word_to_float2_intrinsic(uint32_t w, __nv_bfloat16) {
  __nv_bfloat162 h;
  memcpy(&h, &w, 4);
  return __bfloat1622float2(h);
}
__device__ __forceinline__ float2 word_to_float2_intrinsic(uint32_t w, __half) { return word_to_float2(w, __half{}); }
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

template <class T, bool INTRINSIC = false>
__device__ __forceinline__ void unpack(const uint4& p, float (&f)[kVec<T>]) {
  const uint32_t w[4] = {p.x, p.y, p.z, p.w};
  if constexpr (sizeof(T) == 4) {
#pragma unroll
    for (int k = 0; k < 4; ++k) f[k] = __uint_as_float(w[k]);
  } else {
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      const float2 t = INTRINSIC ? word_to_float2_intrinsic(w[k], T{}) : word_to_float2(w[k], T{});
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
template <class T, bool INTRINSIC = false>
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
    uint32_t w;
    memcpy(&w, &h, 4);
    const float2 f = INTRINSIC ? word_to_float2_intrinsic(w, T{}) : word_to_float2(w, T{});
    return fmaxf(f.x, f.y);
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

// Loads of x under an L2 evict_last policy (sm_80+): since the sixty-fourth session every 16-byte
// load of x in stages 08-12 (registers, cp.async, bulk copies; a partial pack's elements stay
// plain loads). The L2 evicts the lines they fill after the output's (normal) lines. On an H200
// it took 0.2-3.6% off every sweep shape of 64 MB or more (docs/08_half.md, "An L2 policy on the
// loads of x"). `make EVICT_LAST=0` builds plain loads instead, to compare.
#ifndef SOFTMAX_EVICT_LAST
#define SOFTMAX_EVICT_LAST 1
#endif
__device__ __forceinline__ uint64_t evict_last_policy() {
  uint64_t p;
  asm("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(p));
  return p;
}
// One 16-byte load of x. Not volatile: x is not written while a kernel runs, so the compiler may
// move it.
__device__ __forceinline__ uint4 load_x_pack(const void* a) {
#if SOFTMAX_EVICT_LAST
  uint4 v;
  asm("ld.global.L2::cache_hint.v4.u32 {%0, %1, %2, %3}, [%4], %5;"
      : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
      : "l"(__cvta_generic_to_global(a)), "l"(evict_last_policy()));
  return v;
#else
  return *static_cast<const uint4*>(a);
#endif
}
// The same where `take`, else `other`, as one predicated load: ptxas branches around an asm load
// behind a ?: instead of predicating it.
__device__ __forceinline__ uint4 load_x_pack_if(bool take, const void* a, uint4 other) {
#if SOFTMAX_EVICT_LAST
  asm("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %5, 0;\n\t"
      "@p ld.global.L2::cache_hint.v4.u32 {%0, %1, %2, %3}, [%4], %6;\n\t}"
      : "+r"(other.x), "+r"(other.y), "+r"(other.z), "+r"(other.w)
      : "l"(__cvta_generic_to_global(a)), "r"(static_cast<int>(take)), "l"(evict_last_policy()));
  return other;
#else
  return take ? *static_cast<const uint4*>(a) : other;
#endif
}

// Global -> shared, 16 bytes, without passing through registers (sm_80+). .cg: L2 only.
__device__ __forceinline__ void cp_async16(void* smem, const void* gmem) {
  const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
#if SOFTMAX_EVICT_LAST
  asm volatile("cp.async.cg.shared.global.L2::cache_hint [%0], [%1], 16, %2;\n" ::"r"(s),
               "l"(__cvta_generic_to_global(gmem)), "l"(evict_last_policy())
               : "memory");
#else
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(__cvta_generic_to_global(gmem))
               : "memory");
#endif
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

// ---- rows that start off a 16-byte boundary -------------------------------------------------
// Stage 03's row_chunks.cuh for any dtype, introduced by stage 08's caches for rows that are not a
// whole number of packs (docs/08_half.md, "Rows not in 16-byte packs"). A row starting h elements
// past a 16-byte boundary (h = pack_misalignment(row), 0 .. kVec - 1) is taken as the packs from
// that boundary on: pack v covers elements [v V - h, v V - h + V), so every pack's address is
// 16-byte aligned, and ceil((h + N) / V) packs cover the row. All but the first and last are whole.
//
// The kernels address a row's packs through `const uint4*` / `uint4*` (a row on the boundary, in
// whole packs: pack v at p[v]) or through a ShiftedRow; the functions below take either, so one
// kernel body serves both, and for the plain pointer they are the 16-byte load, cp.async and
// store they were before. Contracts, for 0 <= v < the row's packs:
//   * fetch_pack(src, v): pack v by one 16-byte load if it is whole; a partial pack of a ShiftedRow
//     (edge_pack(src, v)) gives -inf, and fetch_edge_pack(src, v) then loads it element by element
//     (-inf outside the row). Issue every whole load first and the edges after: an edge's element loads are in a
//     branch, and for halves they are combined into the pack there, so a load issued after one
//     waits for it.
//   * fetch_pack_async(slot, src, v): a whole pack into shared memory by cp.async; a partial pack
//     of a ShiftedRow is skipped (the caller stores fetch_edge_pack's value into the slot).
//   * put_pack(dst, v, p): writes the pack's elements inside the row only; one 16-byte store when
//     the pack is whole. dst must have the source's misalignment (y's rows x's h).
template <class T>  // T or const T
struct ShiftedRow {
  static constexpr int V = kVec<std::remove_const_t<T>>;
  T* row;  // the row's first element
  int h;   // its misalignment in elements
  int n;   // its length
  __device__ __forceinline__ int first(int v) const { return v * V - h; }  // pack v's first element
  __device__ __forceinline__ bool whole(int v) const { return first(v) >= 0 && first(v) + V <= n; }
};

// Host and device: the slots a stretch of n elements needs in a cache of packs of vec elements:
// n, or n + vec - 1 shifted (its packs start up to vec - 1 slots before it).
__host__ __device__ constexpr int64_t shifted_slots(int64_t n, bool shifted, int64_t vec) {
  return shifted ? n + vec - 1 : n;
}
// Host: whether y lies as far past a 16-byte boundary as x, so that a row of y has the
// misalignment of the same row of x (put_pack's contract).
inline bool same_phase(const void* x, const void* y) {
  return (reinterpret_cast<uintptr_t>(x) - reinterpret_cast<uintptr_t>(y)) % 16 == 0;
}

template <class T>
__device__ __forceinline__ int pack_misalignment(const T* p) {
  return static_cast<int>((reinterpret_cast<uintptr_t>(p) % 16) / sizeof(T));
}

// The packs of a row of N elements: shifted (SHIFTED) or plain.
template <bool SHIFTED, class T>
__device__ __forceinline__ auto row_packs(T* row, int N) {
  using P = std::conditional_t<std::is_const_v<T>, const uint4, uint4>;
  if constexpr (SHIFTED) return ShiftedRow<T>{row, pack_misalignment(row), N};
  else return reinterpret_cast<P*>(row);
}
// Packs covering a row of N elements: N / V on the boundary, ceil((h + N) / V) shifted.
template <bool SHIFTED, class T>
__device__ __forceinline__ int row_pack_count(const T* row, int N) {
  constexpr int V = kVec<std::remove_const_t<T>>;
  return SHIFTED ? (pack_misalignment(row) + N + V - 1) / V : N / V;
}

__device__ __forceinline__ uint4 fetch_pack(const uint4* src, int v) { return load_x_pack(src + v); }
template <class T>
__device__ __forceinline__ uint4 fetch_pack(const ShiftedRow<const T>& r, int v) {
  return load_x_pack_if(r.whole(v), r.row + r.first(v), neg_inf_pack<T>());
}
// fetch_pack(src, v) where `take`, else a pack of -inf: one predicated load.
template <class T>
__device__ __forceinline__ uint4 fetch_pack_if(bool take, const uint4* src, int v) {
  return load_x_pack_if(take, src + v, neg_inf_pack<T>());
}
template <class T>
__device__ __forceinline__ uint4 fetch_pack_if(bool take, const ShiftedRow<const T>& r, int v) {
  return load_x_pack_if(take && r.whole(v), r.row + r.first(v), neg_inf_pack<T>());
}

// Whether pack v (< the row's packs) of a ShiftedRow is partial (the first or the last).
template <class T>
__device__ __forceinline__ bool edge_pack(const ShiftedRow<T>& r, int v) { return !r.whole(v); }

template <class T>
__device__ __forceinline__ uint4 fetch_edge_pack(const ShiftedRow<const T>& r, int v) {
  constexpr int V = kVec<T>;
  const int e = r.first(v);
  T el[V];
#pragma unroll
  for (int k = 0; k < V; ++k) el[k] = e + k >= 0 && e + k < r.n ? r.row[e + k] : static_cast<T>(-INFINITY);
  uint4 p;
  memcpy(&p, el, 16);
  return p;
}

__device__ __forceinline__ void fetch_pack_async(uint4* slot, const uint4* src, int v) { cp_async16(slot, src + v); }
template <class T>
__device__ __forceinline__ void fetch_pack_async(uint4* slot, const ShiftedRow<const T>& r, int v) {
  if (r.whole(v)) cp_async16(slot, r.row + r.first(v));
}

__device__ __forceinline__ void put_pack(uint4* dst, int v, const uint4& p) { dst[v] = p; }
// A 16-byte store written as PTX, so that it stays one instruction: left to itself, the compiler
// merged put_pack's whole-pack store with its element-by-element branch into four 4-byte (or
// eight 2-byte) stores for every pack, and the wide kernel lost 40 points (as stage 03 found for
// its chunks: row_chunks.cuh's store16).
__device__ __forceinline__ void store_pack16(void* p, const uint4& v) {
  asm volatile("st.global.v4.b32 [%0], {%1, %2, %3, %4};" ::"l"(p), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w)
               : "memory");
}

template <class T>
__device__ __forceinline__ void put_pack(const ShiftedRow<T>& r, int v, const uint4& p) {
  constexpr int V = kVec<T>;
  const int e = r.first(v);
  if (r.whole(v)) {
    store_pack16(r.row + e, p);
    return;
  }
  T el[V];
  memcpy(el, &p, 16);
#pragma unroll
  for (int k = 0; k < V; ++k)
    if (e + k >= 0 && e + k < r.n) r.row[e + k] = el[k];
}

template <class T>
constexpr DType dtype_of() {
  return sizeof(T) == 4 ? DType::f32 : (std::is_same_v<T, __half> ? DType::f16 : DType::bf16);
}
