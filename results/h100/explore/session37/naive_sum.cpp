// Thirty-seventh session: stage 01's row sum replayed on the host, on test-gpu's random input (the
// generator of common/inputs.cu: splitmix64 hash, Box-Muller, one element in 256 scaled by 40; the
// host's cos and expf stand in for the GPU's cospif and expf). For each length, 4096 rows (64 seeds x
// 64 rows), the worst row's relative L2 error and max abs error against a double reference, and how
// many rows exceed fp32's 1e-5 tolerance: once with the plain sequential fp32 sum stage 01 had, once
// with the compensated (Kahan) sum it has now. Needs no GPU:
//   g++ -O2 -o /tmp/naive_sum results/h100/explore/session37/naive_sum.cpp && /tmp/naive_sum
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

static uint64_t mix64(uint64_t z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
static float input(int64_t i, uint64_t seed) {
  const uint64_t h = mix64(seed ^ mix64(static_cast<uint64_t>(i)));
  const float u1 = (static_cast<float>(h >> 40) + 1.0f) * (1.0f / 16777216.0f);
  const float u2 = static_cast<float>((h >> 16) & 0xFFFFFF) * (1.0f / 16777216.0f);
  const float z = sqrtf(-2.0f * logf(u1)) * static_cast<float>(cos(M_PI * 2.0 * u2));
  return (h & 0xFF) == 0 ? 40.0f * z : z;
}
static float plain_sum(const std::vector<float>& x, float m) {
  float s = 0.0f;
  for (float v : x) s += expf(v - m);
  return s;
}
static float kahan_sum(const std::vector<float>& x, float m) {
  volatile float s = 0.0f, lost = 0.0f;  // volatile: no reassociation by the host compiler
  for (float v : x) {
    const float term = expf(v - m) - lost;
    const float next = s + term;
    lost = (next - s) - term;
    s = next;
  }
  return s;
}
int main() {
  for (int kahan = 0; kahan < 2; ++kahan) {
    std::printf("%s sum\n", kahan ? "compensated (Kahan)" : "plain fp32");
    for (int N : {256, 512, 768, 1024, 1536, 2047, 4096, 16384}) {
      double worst_rel = 0, worst_abs = 0;
      int over = 0;
      for (uint64_t seed = 0; seed < 64; ++seed)
        for (int r = 0; r < 64; ++r) {
          std::vector<float> x(N);
          for (int j = 0; j < N; ++j) x[j] = input(int64_t{r} * N + j, seed * 1000 + N);
          float m = -INFINITY;
          for (float v : x) m = fmaxf(m, v);
          const float s = kahan ? kahan_sum(x, m) : plain_sum(x, m);
          double md = -INFINITY, sd = 0;
          for (float v : x) md = fmax(md, v);
          for (float v : x) sd += exp(static_cast<double>(v) - md);
          double e2 = 0, r2 = 0, ma = 0;
          for (float v : x) {
            const double ref = exp(static_cast<double>(v) - md) / sd, got = expf(v - m) / s;
            e2 += (got - ref) * (got - ref);
            r2 += ref * ref;
            ma = fmax(ma, fabs(got - ref));
          }
          const double rel = sqrt(e2 / r2);
          worst_rel = fmax(worst_rel, rel);
          worst_abs = fmax(worst_abs, ma);
          over += rel > 1e-5;
        }
      std::printf("  N = %5d: worst row rel_l2 %.3g, max_abs %.3g; rows over 1e-5: %d of 4096\n", N, worst_rel,
                  worst_abs, over);
    }
  }
}
