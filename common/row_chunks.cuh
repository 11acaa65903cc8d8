// row_chunks.cuh — a row of floats as 16-byte chunks, for any N and any alignment. Introduced in
// stage 03 (docs/03_warp.md) and used by the register-resident stages 03, 04 and 05.
//
// Contract: h = misalignment(row) (0..3) is how many floats the row starts past a 16-byte boundary;
// chunk c covers elements [4c - h, 4c - h + 4), so its address is 16-byte aligned whatever N is.
// load_chunk gives -inf for elements outside [0, N) (the max's identity; exp(-inf) adds 0 to the
// sum); store_chunk writes only elements inside [0, N).
#pragma once

#include <cmath>
#include <cstdint>

__device__ __forceinline__ int misalignment(const float* p) {
  return static_cast<int>((reinterpret_cast<uintptr_t>(p) / sizeof(float)) % 4);
}

// The chunk whose first element is e (e may be -3..-1 for the first chunk, >= N past the row):
// one 16-byte load through the read-only path (__ldg: LDG.E.128.CONSTANT) inside the row, element
// by element at its two ends; -inf where there is no element.
__device__ __forceinline__ float4 load_chunk(const float* row, int e, int N) {
  if (e >= 0 && e + 4 <= N) return __ldg(reinterpret_cast<const float4*>(row + e));
  float4 v;
  v.x = (e >= 0 && e < N) ? row[e] : -INFINITY;
  v.y = (e + 1 >= 0 && e + 1 < N) ? row[e + 1] : -INFINITY;
  v.z = (e + 2 >= 0 && e + 2 < N) ? row[e + 2] : -INFINITY;
  v.w = (e + 3 >= 0 && e + 3 < N) ? row[e + 3] : -INFINITY;
  return v;
}

// A 16-byte store, written as PTX so the compiler keeps it one instruction (left to itself it
// merged the last chunk's vector store with the scalar path into four 4-byte stores).
__device__ __forceinline__ void store16(float* p, float4 v) {
  asm volatile("st.global.v4.f32 [%0], {%1, %2, %3, %4};" ::"l"(p), "f"(v.x), "f"(v.y), "f"(v.z),
               "f"(v.w));
}

// vec: y's rows have the same misalignment as x's (true for cudaMalloc'd buffers).
__device__ __forceinline__ void store_chunk(float* row, int e, int N, float4 v, bool vec) {
  if (vec && e >= 0 && e + 4 <= N) {
    store16(row + e, v);
    return;
  }
  if (e >= 0 && e < N) row[e] = v.x;
  if (e + 1 >= 0 && e + 1 < N) row[e + 1] = v.y;
  if (e + 2 >= 0 && e + 2 < N) row[e + 2] = v.z;
  if (e + 3 >= 0 && e + 3 < N) row[e + 3] = v.w;
}
