// The CPU reference: three formulations agree where they can, and only the safe and online ones
// survive large inputs.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <vector>

#include "reference.h"

static std::vector<float> benign_row(int n, unsigned seed) {
  std::mt19937 gen(seed);
  std::normal_distribution<float> dist(0.0f, 2.0f);
  std::vector<float> x(n);
  for (float& v : x) v = dist(gen);
  return x;
}

TEST_CASE("naive, safe and online references agree on benign rows") {
  for (int n : {1, 2, 31, 1000, 4097}) {
    const std::vector<float> x = benign_row(n, 7u + n);
    std::vector<double> a(n), b(n), c(n);
    softmax_ref_naive(x.data(), a.data(), n);
    softmax_ref_safe(x.data(), b.data(), n);
    softmax_ref_online(x.data(), c.data(), n);
    double sum = 0;
    for (int j = 0; j < n; ++j) {
      CHECK(a[j] == doctest::Approx(b[j]).epsilon(1e-12));
      CHECK(c[j] == doctest::Approx(b[j]).epsilon(1e-12));
      sum += b[j];
    }
    CHECK(sum == doctest::Approx(1.0).epsilon(1e-12));
  }
}

TEST_CASE("safe and online stay finite where naive overflows") {
  const std::vector<float> x = {1000.0f, 999.0f, -5.0f, 1000.0f};
  std::vector<double> naive(4), safe(4), online(4);
  softmax_ref_naive(x.data(), naive.data(), 4);
  softmax_ref_safe(x.data(), safe.data(), 4);
  softmax_ref_online(x.data(), online.data(), 4);
  CHECK(std::isnan(naive[0]));  // exp(1000) = inf in double, inf / inf = NaN
  const double e1 = std::exp(-1.0), z = 2.0 + e1 + std::exp(-1005.0);
  for (int j = 0; j < 4; ++j) {
    CHECK(std::isfinite(safe[j]));
    CHECK(online[j] == doctest::Approx(safe[j]).epsilon(1e-14));
  }
  CHECK(safe[0] == doctest::Approx(1.0 / z));
  CHECK(safe[1] == doctest::Approx(e1 / z));
}

TEST_CASE("softmax is shift invariant and handles -inf entries") {
  std::vector<float> x = benign_row(64, 3), shifted = x;
  for (float& v : shifted) v += 50.0f;
  x[5] = -INFINITY;
  shifted[5] = -INFINITY;
  std::vector<double> a(64), b(64);
  softmax_ref_safe(x.data(), a.data(), 64);
  softmax_ref_online(shifted.data(), b.data(), 64);
  CHECK(a[5] == 0.0);
  CHECK(b[5] == 0.0);
  for (int j = 0; j < 64; ++j) CHECK(b[j] == doctest::Approx(a[j]).epsilon(1e-5));
}
