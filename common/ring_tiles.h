// ring_tiles.h — stage 12's walk over the matrix, on host and device (tests/host/test_ring_tiles.cpp
// checks it without a GPU).
//
// The M x N matrix is cut into tiles of E elements, tpr = ceil(N / E) a row (a row's last tile
// may be short), numbered g = 0 .. M tpr - 1 in row order. Block b of the G in the grid takes
// tiles g = b + i G, i = 0 .. n - 1 (its "walk"). Contracts:
//  - tile_at<E>(g, N, tpr): row g / tpr, elements [begin, begin + len) of it, 0 < len <= E; the
//    tiles of a row cover it exactly, in order;
//  - block_tiles(b, G, tiles) = n: the walks of blocks 0 .. G - 1 partition the tiles;
//  - last_of_row(i, b, G, tiles, tpr): tile i of block b's walk is the block's last of its row;
//    next_row_end(i, b, G, n, tiles, tpr): the first such i' >= i, n if none;
//  - row_holders(tpr, G) = min(tpr, G) blocks hold part of each row r: blocks (r tpr + k) mod G,
//    k = 0 .. row_holders - 1; each holds at most ceil(tpr / G) of the row's tiles.
#pragma once

#include <cstdint>

#include "softmax_math.h"  // SOFTMAX_HD

struct TileAt {
  int64_t row, begin;
  int len;
};

template <int64_t E>
SOFTMAX_HD TileAt tile_at(int64_t g, int64_t N, int64_t tpr) {
  const int64_t r = g / tpr, begin = (g % tpr) * E;
  return {r, begin, static_cast<int>(E < N - begin ? E : N - begin)};
}

SOFTMAX_HD int64_t block_tiles(int64_t b, int64_t G, int64_t tiles) { return b < tiles ? (tiles - b + G - 1) / G : 0; }

SOFTMAX_HD bool last_of_row(int64_t i, int64_t b, int64_t G, int64_t tiles, int64_t tpr) {
  const int64_t g = b + i * G;
  return g + G >= tiles || (g + G) / tpr != g / tpr;
}

SOFTMAX_HD int64_t next_row_end(int64_t i, int64_t b, int64_t G, int64_t n, int64_t tiles, int64_t tpr) {
  while (i < n && !last_of_row(i, b, G, tiles, tpr)) ++i;
  return i;
}

SOFTMAX_HD int64_t row_holders(int64_t tpr, int64_t G) { return tpr < G ? tpr : G; }
