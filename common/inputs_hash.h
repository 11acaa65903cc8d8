// inputs_hash.h — the counter-based hash behind the input generator (host and device).
#pragma once

#include <cstdint>

#include "softmax_math.h"  // SOFTMAX_HD

// splitmix64's finaliser: neighbouring counters give unrelated 64-bit values.
SOFTMAX_HD uint64_t mix64(uint64_t z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
