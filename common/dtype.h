// dtype.h — the element types a stage can take, their names, sizes and check tolerances.
#pragma once

#include <cstddef>
#include <string>

enum class DType { f32, f16, bf16 };

inline const char* dtype_name(DType t) {
  switch (t) {
    case DType::f32: return "f32";
    case DType::f16: return "f16";
    case DType::bf16: return "bf16";
  }
  return "?";
}

inline size_t dtype_size(DType t) { return t == DType::f32 ? 4 : 2; }

// Parse "f32" / "fp32" / "float" etc.; returns false for anything else.
inline bool dtype_parse(const std::string& s, DType* out) {
  if (s == "f32" || s == "fp32" || s == "float") { *out = DType::f32; return true; }
  if (s == "f16" || s == "fp16" || s == "half") { *out = DType::f16; return true; }
  if (s == "bf16" || s == "bfloat16") { *out = DType::bf16; return true; }
  return false;
}

// One tolerance for every stage of a dtype. fp32: rel_l2 1e-5 over the whole output; max_abs 1e-4
// allows a row-sum rounding of 1e-4 relative (an element near 1 carries the sum's error); tree
// reductions land near 1e-7, a sequential fp32 sum of N terms much worse (see docs/01_naive.md).
// Half types: near their rounding step at 1.0 (2^-11 for fp16, 2^-8 for bf16).
struct Tolerance {
  double rel_l2;   // ||y - ref|| / ||ref|| over the checked rows
  double max_abs;  // max |y - ref|
  double row_sum;  // |sum(y_row) - 1| for rows scanned without a reference
};

inline Tolerance tolerance_for(DType t) {
  switch (t) {
    case DType::f32: return {1e-5, 1e-4, 1e-4};
    case DType::f16: return {2e-3, 1e-3, 1e-2};
    case DType::bf16: return {1e-2, 8e-3, 5e-2};
  }
  return {0, 0, 0};
}
