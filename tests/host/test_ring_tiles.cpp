// Stage 12's walk over the matrix (common/ring_tiles.h), checked by brute force on the host: the
// blocks' tiles partition the matrix, each block knows its last tile of every row, and the blocks
// a row's last filer reads are exactly the ones holding a part of the row. An error here would
// leave a row unpublished (the kernel waits forever) or merge the wrong parts.
#include <doctest/doctest.h>

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "ring_tiles.h"

namespace {

struct Walk {
  int64_t M, N, tpr, G;
};

// "" if the walk keeps every contract of ring_tiles.h, else the first one broken. `ends` is the
// predicate under test (last_of_row, or a broken one).
template <int64_t E, class Ends>
std::string check_walk(const Walk& w, Ends ends) {
  const int64_t tiles = w.M * w.tpr;
  std::vector<int> seen(static_cast<size_t>(tiles), 0);
  std::map<int64_t, std::map<int64_t, int64_t>> held;  // row -> block -> tiles of the row it holds
  for (int64_t b = 0; b < w.G; ++b) {
    const int64_t n = block_tiles(b, w.G, tiles);
    for (int64_t i = 0; i < n; ++i) {
      const int64_t g = b + i * w.G;
      if (g >= tiles) return "a tile past the matrix";
      ++seen[static_cast<size_t>(g)];
      ++held[g / w.tpr][b];
      const bool last = i + 1 == n || (g + w.G) / w.tpr != g / w.tpr;  // brute force
      if (ends(i, b, w.G, tiles, w.tpr) != last) return "last_of_row wrong at block " + std::to_string(b);
      int64_t next = i;  // the first of i, i + 1, ... that ends a row, by brute force
      while (next < n && !(next + 1 == n || (b + (next + 1) * w.G) / w.tpr != (b + next * w.G) / w.tpr)) ++next;
      if (next_row_end(i, b, w.G, n, tiles, w.tpr) != next) return "next_row_end wrong";
    }
  }
  for (int v : seen)
    if (v != 1) return "the walks do not partition the tiles";
  for (int64_t r = 0; r < w.M; ++r) {
    int64_t covered = 0;  // the row's tiles, in order, cover [0, N)
    for (int64_t k = 0; k < w.tpr; ++k) {
      const TileAt t = tile_at<E>(r * w.tpr + k, w.N, w.tpr);
      if (t.row != r || t.begin != covered || t.len <= 0 || t.len > E) return "tile_at wrong in row " + std::to_string(r);
      covered += t.len;
    }
    if (covered != w.N) return "a row's tiles do not cover it";
    const int64_t h = row_holders(w.tpr, w.G);
    std::set<int64_t> expected;
    for (int64_t k = 0; k < h; ++k) expected.insert((r * w.tpr + k) % w.G);
    std::set<int64_t> holders;
    for (const auto& [b, count] : held[r]) {
      holders.insert(b);
      if (count > (w.tpr + w.G - 1) / w.G) return "a block holds more than ceil(tpr / G) tiles of a row";
    }
    if (holders != expected) return "row " + std::to_string(r) + "'s holders are not the blocks its last filer reads";
  }
  return "";
}

template <int64_t E>
void check_shapes() {
  for (int64_t G : {1, 3, 7, 132})
    for (int64_t M : {1, 2, 5, 37})
      for (int64_t N : {int64_t{1}, int64_t{7}, E - 1, E, E + 1, 3 * E, 3 * E + 5, 131 * E, 133 * E + 9}) {
        const Walk w{M, N, (N + E - 1) / E, G};
        CAPTURE(E);
        CAPTURE(G);
        CAPTURE(M);
        CAPTURE(N);
        const std::string why = check_walk<E>(w, [](int64_t i, int64_t b, int64_t g, int64_t t, int64_t tpr) {
          return last_of_row(i, b, g, t, tpr);
        });
        CHECK_MESSAGE(why.empty(), why);
      }
}

}  // namespace

TEST_CASE("stage 12's walk: the blocks' tiles partition the matrix, rows end where the kernel thinks") {
  check_shapes<8192>();   // fp32: 32 KB tiles
  check_shapes<16384>();  // fp16 / bf16
}

TEST_CASE("stage 12's walk check fails on a walk that ends rows one tile early") {
  const Walk w{5, 3 * 8192 + 5, 4, 3};
  const std::string why = check_walk<8192>(w, [](int64_t i, int64_t b, int64_t g, int64_t t, int64_t tpr) {
    return last_of_row(i + 1, b, g, t, tpr);  // off by one tile
  });
  CHECK_FALSE(why.empty());
}
