// The (max, sum) summary: identity, commutativity, associativity to rounding, -inf sides.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <vector>

#include "softmax_math.h"

static MaxSum summary_of(const std::vector<float>& x, size_t lo, size_t hi) {
  MaxSum s = maxsum_identity();
  for (size_t j = lo; j < hi; ++j) s = maxsum_push(s, x[j]);
  return s;
}

TEST_CASE("the identity leaves a summary unchanged, on either side") {
  const MaxSum a{3.5f, 2.25f};
  const MaxSum l = maxsum_merge(maxsum_identity(), a), r = maxsum_merge(a, maxsum_identity());
  CHECK(l.m == a.m);
  CHECK(l.l == a.l);
  CHECK(r.m == a.m);
  CHECK(r.l == a.l);
  const MaxSum e = maxsum_merge(maxsum_identity(), maxsum_identity());
  CHECK(e.m == -INFINITY);
  CHECK(e.l == 0.0f);  // not NaN: exp(-inf - -inf) is never evaluated
}

TEST_CASE("merge is commutative exactly and associative to rounding") {
  std::mt19937 gen(11);
  std::normal_distribution<float> dist(0.0f, 4.0f);
  for (int trial = 0; trial < 200; ++trial) {
    const MaxSum a{dist(gen), 1.0f + std::fabs(dist(gen))}, b{dist(gen), 1.0f + std::fabs(dist(gen))},
        c{dist(gen), 1.0f + std::fabs(dist(gen))};
    const MaxSum ab = maxsum_merge(a, b), ba = maxsum_merge(b, a);
    CHECK(ab.m == ba.m);
    CHECK(ab.l == ba.l);
    const MaxSum left = maxsum_merge(ab, c), right = maxsum_merge(a, maxsum_merge(b, c));
    CHECK(left.m == right.m);
    CHECK(left.l == doctest::Approx(right.l).epsilon(1e-6));
  }
}

TEST_CASE("any split of a row merges to the sequential summary") {
  std::mt19937 gen(5);
  std::normal_distribution<float> dist(0.0f, 3.0f);
  std::vector<float> x(1000);
  for (float& v : x) v = dist(gen);
  const MaxSum whole = summary_of(x, 0, x.size());
  double ref_max = -INFINITY, ref_sum = 0;
  for (float v : x) ref_max = std::fmax(ref_max, v);
  for (float v : x) ref_sum += std::exp(v - ref_max);
  CHECK(whole.m == static_cast<float>(ref_max));
  CHECK(whole.l == doctest::Approx(ref_sum).epsilon(1e-5));
  for (size_t chunk : {1u, 7u, 64u, 333u}) {
    MaxSum merged = maxsum_identity();
    for (size_t lo = 0; lo < x.size(); lo += chunk)
      merged = maxsum_merge(merged, summary_of(x, lo, std::min(x.size(), lo + chunk)));
    CHECK(merged.m == whole.m);
    CHECK(merged.l == doctest::Approx(whole.l).epsilon(1e-5));
  }
}

TEST_CASE("a side holding only -inf contributes nothing") {
  const MaxSum masked = summary_of({-INFINITY, -INFINITY}, 0, 2);
  CHECK(masked.m == -INFINITY);
  CHECK(masked.l == 0.0f);
  const MaxSum a{1.0f, 2.0f}, m = maxsum_merge(masked, a);
  CHECK(m.m == 1.0f);
  CHECK(m.l == 2.0f);
}
