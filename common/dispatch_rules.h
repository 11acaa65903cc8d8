// dispatch_rules.h — which stage the dispatcher (common/dispatch.cu, stage 11) runs for a call: an
// ordered rule table, an auto-tuned table that can override it per GPU, and the pure functions that
// choose. Host-only (no CUDA header), so tests/host/test_dispatch_rules.cpp runs it without a GPU.
//
// The choice for (dtype, M, N, ld):
//   1. A tuned table (SOFTMAX_DISPATCH_TABLE=file, written by `./step11 --tune --out file`), for
//      contiguous rows only: the entry of the same dtype nearest in (log2 M, log2 N); its stage if
//      that stage takes the call.
//   2. Otherwise the first rule of kDispatchRules that matches the call and whose stage takes it;
//      a rule whose stage is missing or refuses is passed over, and the next one is tried. On a GPU
//      with amendments (kGpuAmendments, by its name), a rule that matches first offers the stage of
//      its amendment for that GPU whose conditions the call meets; if that stage does not take
//      the call, the rule's own stage is asked.
// "Takes it" is the caller's question (a callable returning "" or the reason it does not): the
// stage is linked in, has the dtype, does not refuse the shape, has a strided launcher if needed.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <istream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "dtype.h"

// ---- the rule table ------------------------------------------------------------------------

// Dtypes a rule applies to, as a bit set.
enum DTypeSet : unsigned { kF32 = 1u, kF16 = 2u, kBF16 = 4u, kHalves = kF16 | kBF16, kAnyDType = 7u };
inline unsigned dtype_bit(DType t) {
  return t == DType::f32 ? kF32 : (t == DType::f16 ? kF16 : kBF16);
}

// Which calls a rule matches: contiguous rows (ld == N, or a single row), strided rows, or both;
// `unpacked`: contiguous rows whose length is not a whole number of 16-byte packs (N * sizeof(T)
// not a multiple of 16), so that every row but some starts off a 16-byte boundary; `packed`: the
// other contiguous rows.
enum class Rows { contiguous, strided, any, unpacked, packed };

constexpr int64_t kNoLimit = std::numeric_limits<int64_t>::max();

struct Rule {
  unsigned dtypes;             // DTypeSet bits
  Rows rows;                   // contiguous / strided / any / unpacked
  int64_t min_rows, max_rows;  // M in [min_rows, max_rows]
  int64_t min_cols, max_cols;  // N in [min_cols, max_cols]
  int64_t max_elems;           // M * N at most (kNoLimit: no bound)
  const char* stage;           // the stage id: "03", ..., "12"
  const char* reason;          // one line: why this stage for these shapes
  int64_t min_elems = 1;       // M * N at least
};

// The dispatcher's rules, tried in order. THE NUMBERS ARE THE H100 CROSSOVERS: they come from the
// measurements in results/h100/ and are explained in docs/11_dispatch.md; edit them here only
// (docs/11_dispatch.md renders this table, and a host test keeps the two the same). Another GPU's
// crossovers go in kGpuAmendments, below, by rule number: inserting a rule renumbers those after it.
inline constexpr Rule kDispatchRules[] = {
    // Strided rows: stage 10 is the one stage with a strided launcher.
    {kAnyDType, Rows::strided, 1, kNoLimit, 1, kNoLimit, kNoLimit, "10",
     "strided rows: stage 10 is the only stage with a strided launcher"},
    // fp32: the row in registers while it fits (a few rows of 4 KB: 08; of 128 KB: stage 09), then
    // registers + shared memory in one 1024-thread block (08's wide kernel) up to 256 KB, clusters of
    // such blocks (10) for many longer rows, split-K in rounds (09) for fewer, then split-K
    // (results/h100/step0*.json, results/h100/explore/session12/).
    {kF32, Rows::contiguous, 1, 128, 513, 1024, kNoLimit, "08",
     "a few rows of 2-4 KB: 08's team of 4 warps per row spreads them over 4x the SMs: 0.2-0.4 us under 03 at M = 1 .. 128, N = 1024"},
    // Rows of up to 256 B pass rule 3 by and meet rule 8 (thirty-sixth session, results/h100/
    // peers-short.json, explore/session36/): 08's teams of 1-16 lanes hold several such rows per
    // warp, and its pack_rows several short rows not in 16-byte packs per thread, where 03's warp
    // per row leaves lanes idle. So do rows not in 16-byte packs (thirty-seventh session,
    // results/h100/explore/session37/staged/staged.txt): 08 stages a warp's such rows through shared
    // memory up to 2 KB, 102.7% of the copy at 264208 x 127 against 97.0% for 03, level at 255;
    // past 2 KB its shifted team, level with 03 at 777 and 1001.
    // Past 9 MB (forty-third session, results/h100/explore/session43/): rule 8's 08, whose deep
    // teams hold 4 packs a thread where 03's warp holds 1-2 of a row of up to 1 KB, once its grid
    // needs more than one wave of threads (from 2113 rows of 4 KB on an H100: 9 MB holds 2304).
    {kF32, Rows::packed, 1, kNoLimit, 65, 1024, 9 * (int64_t{1} << 18), "03",
     "one warp per row, the row in registers: 102-103% of the copy at M = 2048; rows of up to 256 B, rows not in 16-byte packs and matrices past 9 MB go on to 08 (rule 8): 14.50 against 03's 15.95 us at 16384 x 256"},
    // Rows not in whole 16-byte packs (sixteenth session, results/h100/explore/session16/odd.txt and
    // odd128.txt, M = 2048 and 128): stage 08's caches take them shifted, read once, and win from
    // 4097 on, so the rules below send them to 08 as they do rows in packs, except: many fp32 rows
    // of 16385-32768 (the rules below give them to 04); rows too long for 08's widest cache shifted
    // (N + kVec - 1 past 86016 floats or 172032 halves, the wider block's since the eighteenth
    // session; past 2^16 / 2^17, its wide block's, below 67 rows), which 08 would read twice and 10
    // reads once (and 09, below, element by element until the twenty-first session; from 32 rows,
    // where 10's wide clusters take such rows shifted since the seventeenth session,
    // explore/session17/wide-ae8f9b9.txt, persist-832d42a.txt and next-7899314.txt); and halves rows
    // of 128-256 KB at M = 128 .. 1023, which the rules below give to 10, whose parts are slower on
    // them than 08's wide block.
    {kF32, Rows::unpacked, 1024, kNoLimit, 16385, 32768, kNoLimit, "08",
     "rows not in 16-byte packs: 08's wide block takes them shifted: 94.4% against 89.4% for 04 at 2048 x 16385"},
    // Rows of 256-336 KB, in packs or not, from 67 rows: 08's wider block (eighteenth session,
    // results/h100/explore/session18/wider-38c1d09.txt, rows-abae8c6.txt, packed-3aeb66c.txt)
    // holds one in a block, where 10 gives it a cluster of two partly empty CTAs and 09 (rows in
    // packs below 128 rows) was level or behind; up to 66 rows (half the H100's SMs) 08 takes
    // split-K instead, and at 64 rows 10's two SMs a row won.
    {kF32, Rows::contiguous, 67, kNoLimit, 65534, 86016, kNoLimit, "08",
     "rows of 256-336 KB: 08's wider block, 1024 threads holding up to 336 KB in registers + 208 KB of shared memory: 74.4-96.3% against 62.2-93.3% for 10's clusters of 2 at M = 67 .. 2048, N = 65537 .. 86016; level with 09 or up to 8% ahead at 67 .. 127 rows in packs"},
    // Past them: 10's wide clusters take such rows shifted (seventeenth session onwards), and since
    // the twenty-first session 09 takes them in shifted packs as well, at the speed of rows in packs
    // (results/h100/explore/session21/rows-06bf1fd.txt, rows2-07412e2.txt): from 128 rows 10 leads
    // up to 1-2 MB, 09 past them and below 128 rows, where the rules below give such rows to 09 as
    // they do rows in packs. Left with 10 from the seventeenth session: 32-127 rows of 65534-131072,
    // where 10 and 09 in shifted packs each led on one of three shapes (rules-81f9777.txt).
    // Rule 6 stopped at 1.2 MB in the twenty-second session, where 09 caught up with 10 at 128 rows
    // (results/h100/explore/session22/rows3-d92f9e1.txt, rows4-a2635a4.txt; the 09 rules for 64-1023
    // rows of 1-2 MB below).
    {kF32, Rows::unpacked, 128, kNoLimit, 65534, 300000, kNoLimit, "10",
     "from 128 rows not in 16-byte packs past 08's wider block shifted (N + 3 > 86016), up to 1.2 MB: 10's wide clusters take them shifted: 80.7 / 78.9% against 74.7 / 73.0% for 09 at 128 x 131073 / 262145, 88.7% against 83.0% at 512 x 262145, 91.9-93.7% at 2048 x 131073 .. 262145; level with 09 at 128 x 300001"},
    {kF32, Rows::unpacked, 32, 127, 65534, 131072, kNoLimit, "10",
     "32-127 rows not in 16-byte packs past 08's wide block shifted (N + 3 > 2^16), up to 512 KB: 10's wide clusters take them shifted: 84% against 61% for 08 at 64 x 65537; 10 against 09 in shifted packs mixed: 86.6 against 82.9% at 64 x 131069, 78.8 against 82.3% at 48 x 100001, level at 100 x 120001"},
    {kF32, Rows::contiguous, 1, kNoLimit, 1, 16384, kNoLimit, "08",
     "a team of 4-16 warps per row up to 32 KB, 64 KB in packs (16 warps of 8 packs past 32 KB), exp once, a block's registers beyond: 99-109% of the copy at M = 2048, N = 2048 .. 16384; between the powers of two a block of just the warps a row needs: 100.2-106.3% at N = 2052 .. 6144; rows of up to 256 B several to a warp (teams of 1-16 lanes) or to a thread (pack_rows): 90.7-99.9% at 2^25 elements, N = 2 .. 64, where 03 ran 2.5-74.8%; rows not in packs staged through shared memory up to 2 KB: 98.7-102.7% at N = 7 .. 255"},
    {kF32, Rows::contiguous, 1, 16, 16385, 32768, kNoLimit, "09",
     "a few rows of 128 KB: cooperative split-K in its one-pack kernel, 0.9-1.3 us under 04 at M = 1 .. 16, N = 32768"},
    {kF32, Rows::contiguous, 1, kNoLimit, 1, 32768, kNoLimit, "04",
     "one 1024-thread block per row, the row in registers: 97% at N = 32768"},
    {kF32, Rows::contiguous, 128, kNoLimit, 1, 65536, kNoLimit, "08",
     "rows of 128-256 KB: 08's wide block, 1024 threads holding 256 KB in registers + shared memory: 83-97% at M = 128 .. 2048, N = 2^16"},
    // 113-255 rows of about 512 KB in packs (thirty-fourth session, results/h100/explore/session34/
    // rules2/rules2.txt, rules3/rules3.txt): stage 10's clusters of two wide CTAs, which such a row
    // fills, ahead of 12 and 09 on all eight shapes measured; 10 and 12 level at 100-112 rows.
    {kF32, Rows::packed, 113, 255, 131068, 135168, kNoLimit, "10",
     "113-255 rows of about 512 KB in packs: 10's clusters of 2 wide CTAs: 58.9-105.3 us against 60.7-110.8 for 12 and 64.7-111.0 for 09 at M = 127 .. 255, N = 2^17, and at 128 x 131068 / 135168"},
    // 129-255 rows of 704 KB-1 MB in packs (thirty-fifth session, results/h100/explore/session35/
    // later/later.txt, cross/cross.txt, edges/edges.txt): stage 10's clusters of 3-4 wide CTAs
    // ahead of 09, which took them by the rule for fewer long rows further down, on all eight
    // shapes measured, and level with 12; 09 still ahead at 160 rows of 640 KB and 160 / 240 rows
    // of 672 KB (session35/edges2/edges2.txt).
    {kF32, Rows::packed, 129, 255, 180224, int64_t{1} << 18, kNoLimit, "10",
     "129-255 rows of 704 KB-1 MB in packs: 10's clusters of 3-4 wide CTAs: 80.5-199.3 us against 83.2-219.9 for 09 (3-10% slower) at M = 129 .. 255, N = 180224 .. 2^18; 12 between 1.3% faster and 2.7% slower than 10; 09 ahead at 160 x 163840 and 160 / 240 x 172032"},
    // Matrices in packs of 40 MB and more in 8-128 rows of 512 KB-4 MB, or of 48 MB and more in
    // 8-16 rows of 4-8 MB (thirty-second session at 64 MB and more, results/h100/explore/session32/
    // rules/rules.txt, sweep/edges.txt: stage 12 beside 09, which took them before; 40-60 MB from
    // the thirty-fourth, session34/mid/mid.txt, mid2/mid2.txt, rules/rules.txt): stage 12's rings,
    // which read a row once on the whole chip and settle rows through L2 while the next ones load.
    // Behind 09 on the 16-32 MB matrices, at 8 rows of 5 MB, at 32-128 rows of 8 MB and on rows of
    // 16 MB; behind 10 at 113-128 rows of about 512 KB (the rule above).
    {kF32, Rows::packed, 8, 128, int64_t{1} << 17, int64_t{1} << 20, kNoLimit, "12",
     "40 MB and more in 8-128 rows of 512 KB-4 MB in packs: 12's rings, a row read once on the whole chip, rows settled through L2 while the next load: 79.5-90.4% against 75.0-89.5% for 09 at 64 MB and more (fp32 16 x 2^20: 59.6 against 65.2 us); at 40-60 MB 41.3-56.5 us against 42.3-63.3 (level at 10 x 2^20); 09 ahead at 32 MB", int64_t{5} << 21},
    {kF32, Rows::packed, 8, 16, (int64_t{1} << 20) + 1, int64_t{1} << 21, kNoLimit, "12",
     "48 MB and more in 8-16 rows of 4-8 MB in packs: 12's rings: 79.5 / 84.0% against 74.8 / 81.8% for 09 at M = 8 / 16, N = 2^21; 48.5 against 53.7 us at 8 x 3 * 2^19; behind 09 at 8 x 5 * 2^18 (40 MB: 43.6 against 42.0 us) and from 32 rows of 8 MB", int64_t{3} << 22},
    // 48-112 rows of about 512 KB in packs under 40 MB, the matrices the rule for 12 above leaves
    // (thirty-fifth session, results/h100/explore/session35/later/later.txt, cross/cross.txt,
    // edges/edges.txt): 10's clusters of two wide CTAs level with 09 at 48 rows, ahead from 52;
    // 09 ahead at 44 rows, 12 ahead at 79.
    {kF32, Rows::packed, 48, 112, 131068, 135168, kNoLimit, "10",
     "48-112 rows of about 512 KB in packs under 40 MB: 10's clusters of 2 wide CTAs: 28.7-44.9 us against 28.9-47.6 for 09 at M = 48 .. 79, N = 2^17 (31.5 against 34.1 at 64 rows); 09 ahead at 44 rows, 12 at 79 (42.2 us)"},
    {kF32, Rows::contiguous, 1024, kNoLimit, 1, int64_t{1} << 19, kNoLimit, "10",
     "many long rows: clusters of 2-8 wide CTAs (256 KB each, or 336 KB where that takes fewer), the row read once, persistent from 16 rows a cluster: 96.6-96.9% at M = 2048, N = 2^17 .. 2^18, 96.7% at 151936"},
    // 256-1023 rows of 1.2-2 MB but 2^19 (twenty-second session, results/h100/explore/session22/
    // rows5-cd030d1.txt): 10's clusters led only where the row fills 8 CTAs (2^19 in packs: 91.6-94.1%
    // against 89.7-90.6% for 09 at 256 .. 512 rows); on the other lengths measured, in packs or not,
    // 09's rounds led by 1.8-7.9 points.
    {kF32, Rows::contiguous, 256, 1023, 300001, (int64_t{1} << 19) - 1, kNoLimit, "09",
     "256-1023 rows of 1.2-2 MB but 2^19: cooperative split-K in rounds: 88.3-92.9% against 81.9-86.8% for 10's clusters at M = 256 .. 512, N = 393216 .. 524287, in packs or not"},
    {kF32, Rows::contiguous, 256, kNoLimit, 65537, int64_t{1} << 19, kNoLimit, "10",
     "rows of 256 KB-2 MB: clusters of wide CTAs, 1-6 points over 09 at M = 256 .. 512, N = 2^17 .. 2^18"},
    {kF32, Rows::contiguous, 1, kNoLimit, 32769, int64_t{1} << 18, kNoLimit, "09",
     "fewer long rows: cooperative split-K in rounds: 0.6-4 points over 10's wide clusters at M = 64 .. 128, N = 2^17 .. 2^18, 27 over 08 at 64 x 2^16 (twelfth session; in the thirty-fourth and thirty-fifth 10 or 12 led by 4-11% at 64 x 2^18, 48 .. 128 x 2^17 and 129 .. 255 rows of 704 KB-1 MB, which rules 12-16 now take; 09 still led at 32 x 2^18, 40 x 196608 and 48 / 160 x 163840)"},
    // 64-255 rows of 1-2 MB, in packs or not (twenty-second session, results/h100/explore/session22/
    // rows3-d92f9e1.txt, rows4-a2635a4.txt): 09's rounds led 10's wide clusters on all 11 shapes
    // measured, by 2-12 points.
    {kF32, Rows::contiguous, 64, 255, 262145, int64_t{1} << 19, kNoLimit, "09",
     "64-255 rows of 1-2 MB: cooperative split-K in rounds, in shifted packs where rows are not in packs: 79.6-89.8% against 76.0-85.9% for 10's wide clusters at M = 64 .. 200 in packs, 75.0-88.1% against 71.4-83.2% not in packs"},
    {kF32, Rows::contiguous, 64, kNoLimit, 1, int64_t{1} << 19, kNoLimit, "10",
     "a thread-block cluster per row, the row read once"},
    {kF32, Rows::contiguous, 1, kNoLimit, 1, kNoLimit, kNoLimit, "09",
     "few long rows: cooperative split-K, rows on chip in rounds of up to 44 MB: 64-83% from 2^21 elements"},
    {kF32, Rows::contiguous, 1, kNoLimit, 1, kNoLimit, kNoLimit, "07",
     "few long rows without cooperative launch: split-K in two kernels"},
    {kF32, Rows::contiguous, 1, kNoLimit, 1, kNoLimit, kNoLimit, "06",
     "last resort: two-pass, one block per row"},
    // fp16 / bf16: a few long rows in 09's rounds; stage 08 (a team of warps per row up to 32 KB,
    // then its caches, then its wide block up to 256 KB when rows are many); clusters for long rows
    // when there are many; else 08's split-K.
    // Halves rows not in packs: 09 takes them in shifted packs since the twenty-first session, at the
    // speed of rows in packs (results/h100/explore/session21/rows-06bf1fd.txt, rows2-07412e2.txt),
    // so under 64 rows they go to 09 as rows in packs do (rule 22), where 10's clusters (16-63 rows)
    // and 08 (1-15) took them in the twentieth; from 64 rows of 1 MB and more 09 leads 10 too.
    {kHalves, Rows::unpacked, 64, kNoLimit, 524289, kNoLimit, kNoLimit, "09",
     "from 64 rows not in 16-byte packs of 1 MB and more: 09's split-K in shifted packs: 72.4% against 62.9% for 10 at 64 x 524289, 75.0-78.3% against 67.1-73.8% at 256 .. 1024 rows, N = 1048577 .. 2000001 (08: 33-41% there)"},
    // 38-42 halves rows of exactly 1 MB (thirty-fifth session, results/h100/explore/session35/
    // later/later.txt, cross/cross.txt, edges/edges.txt): stage 10's parts, clusters of 16 CTAs of
    // 64 KB, ahead of 12 and 09 at 38, 40, 41 and 42 rows; 09 ahead at 33, 36 and 37 rows, 12 from
    // 43, where 10 took 52.6 us against 46.4 at 42 (session35/edges2/edges2.txt).
    {kHalves, Rows::packed, 38, 42, int64_t{1} << 19, int64_t{1} << 19, kNoLimit, "10",
     "38-42 rows of exactly 1 MB: 10's clusters of 16 CTAs of 64 KB: 44.1-46.6 us against 44.8-48.4 for 12 and 49.2-52.8 for 09 (fp16 38 .. 42 rows, bf16 40 / 42); 09 ahead at 37 rows, 12 at 43"},
    // Halves matrices of 42 MB and more in packs, in 8-256 rows of 1-8 MB (64 MB and more until
    // the thirty-fourth session, results/h100/explore/session34/mid/mid.txt, mid2/mid2.txt: ahead
    // at every 48 MB shape, behind 09 or 10 by 1.4-2.8% at 40 MB; 42 MB from the thirty-fifth,
    // session35/cross/cross.txt, edges/edges.txt: ahead at six shapes of 42-47 MB but 38-42 rows
    // of exactly 1 MB, the rule above), and of any size in 257-1024 rows (4096 since the
    // thirty-fifth, the comment below) of 2-8 MB but exactly 2 MB (thirty-second session,
    // results/h100/explore/session32/rules/rules.txt, sweep/edges.txt, many/many.txt; 513-1024
    // rows from the thirty-third, results/h100/explore/session33/extra/halves*.txt, measured at
    // 768 and 1024 rows and on rows of 8 MB in the thirty-fourth, session34/next/next.txt): stage
    // 12's rings, ahead of 09 and 10 on every such shape measured; behind 09 on the 32 MB
    // matrices, and behind 10 at 512-1024 rows of exactly 2 MB, which 10's clusters of 8 wide
    // CTAs fill exactly (a rule further down).
    {kHalves, Rows::packed, 8, 256, int64_t{1} << 19, int64_t{1} << 22, kNoLimit, "12",
     "42 MB and more in 8-256 rows of 1-8 MB in packs: 12's rings: 74.2-88.8% against 68.1-78.4% for 09 or 10 at 64 MB and more (fp16 64 x 2^20: 112.5 against 09's 134.6 us); at 42-48 MB 48.3-53.4 us against 52.0-56.4 for the faster of 09 and 10 (fp16 11 x 2^21: 49.1 against 09's 53.9); 09 ahead at 40 MB", int64_t{21} << 20},
    // Past 1024 rows (thirty-fifth session, results/h100/explore/session35/past/past.txt; each
    // stage its own process at 1025-3000 rows, and at 4096 rows of 2 MB + 16 B in session35/
    // edges2/): 12 ahead of 09 by 1.0-9.5 points and of 08, which the last rule gave these rows,
    // by 13.7-23.8; up to stage 12's 4096 rows, 09 past them.
    {kHalves, Rows::packed, 257, 4096, (int64_t{1} << 20) + 1, int64_t{1} << 22, kNoLimit, "12",
     "257-4096 rows of 2-8 MB in packs: 12's rings: 87.7-88.5% against 78.4-79.9% for 09 at 256 .. 3000 rows of 2^21, 80.5-80.7% against 70.3-71.0% at 384 .. 1200 rows of 2^22 (fp16); 77.7-78.4% against 76.7-77.3% at bf16 400 .. 1536 x 3 * 2^20; 85.6% against 79.9% at fp16 4096 x 1048584; 08 64.5-64.7% past 1024 rows"},
    {kHalves, Rows::contiguous, 1, 63, 65536, kNoLimit, kNoLimit, "09",
     "a few long rows: cooperative split-K, whole rows on chip in rounds: 0-1.7 us under 08 below 2^20 elements, 3-11% at N >= 2^25"},
    // 160-512 halves rows not in packs that 09's plan() holds in one chunk shifted (N <= 86008: a
    // shared-memory chunk of 86016 less a pack of room, in whole packs): a chunk a block, one or two
    // rounds of a nearly full grid, where 08's wide block takes a second wave past 132 rows. At 128
    // rows (one wave of 08, half of 09's grid) and past one chunk (256 x 86009, 90001) 08 led; from
    // 640 rows, where the rounds no longer fill the grid evenly, the two were mixed (twenty-second
    // session, results/h100/explore/session22/rows3-d92f9e1.txt, rows4-a2635a4.txt,
    // rules-5c82814.txt, edge-b2a95d6.txt, edge2-5012d22.txt, rows5-cd030d1.txt).
    {kHalves, Rows::unpacked, 160, 512, 65537, 86008, kNoLimit, "09",
     "160-512 rows not in 16-byte packs of 128-168 KB: 09's split-K in shifted packs, a row in one chunk (N <= 86008): 73.4-86.3% against 65.7-76.6% for 08's wide block (a second wave of blocks) at 160 .. 224 rows, 88.8-91.5% against 78.1-83.4% at 256 rows, 84.0-85.8% against 78.7-79.1% at 512 x 65537, level at 512 x 81921 .. 86007; past one chunk 08 (82% against 72% at 256 x 86009)"},
    // Halves rows not in whole 16-byte packs: 08's wide and wider blocks take them shifted, as above.
    {kHalves, Rows::unpacked, 128, kNoLimit, 65537, 131072, kNoLimit, "08",
     "rows not in 16-byte packs: 08's wide block takes them shifted: 88% against 65% for 10 at 128 x 65537"},
    {kHalves, Rows::contiguous, 67, kNoLimit, 131073, 172032, kNoLimit, "08",
     "rows of 256-336 KB: 08's wider block: 66.9-93.9% against 57.0-85.1% for 10's clusters of 2 at M = 67 .. 2048, N = 131073 .. 172032"},
    {kHalves, Rows::contiguous, 1, kNoLimit, 1, 65536, kNoLimit, "08",
     "16-byte packs: a team of 4-20 warps per row up to 40 KB, a block's registers to 64 KB, registers + shared memory at 128 KB: 98-102% of the copy at M = 2048, N = 1024 .. 16384; between the powers of two a block of just the warps a row needs: 97.4-99.4% at fp16 N = 8200 .. 12288, where the team of 16 warps ran 81.7-95.8%"},
    {kHalves, Rows::contiguous, 1024, kNoLimit, 1, 131072, kNoLimit, "08",
     "many rows of 256 KB: 08's wide block, 1024 threads holding 256 KB in registers + shared memory: 90-95% at M = 1024 .. 2048, N = 2^17"},
    // 64-1024 halves rows of 2 MB and more in packs went to 10's clusters (up to 2^20) or 08's
    // split-K (past it) until the thirty-first session, which measured 09's rounds 1.16-1.32x
    // faster than both at 64 and 128 rows of 2-8 MB (results/h100/explore/session31/halves/
    // halves.txt); at 128 rows of 1 MB 10 still led (124.5 against 135.6 us). Past 128 rows the
    // bound follows rule 21's measurements of such rows not in packs (09 ahead of 10 at 256 ..
    // 1024 rows of 2-4 MB, in shifted packs at the speed of packs); not measured in packs.
    // At 512 and 1024 rows of exactly 2 MB in packs, 10's clusters of 8 wide CTAs fill a row
    // exactly and lead 09 and 12 (thirty-second session, results/h100/explore/session32/rules/
    // rules.txt, many/many.txt).
    // Past 1024 rows (thirty-fifth session): 10 keeps the rows of exactly 2 MB, which the rule
    // for clusters below gave it before (94.5 / 93.9% against 12's 89.8 / 88.7% and 09's 79.8 /
    // 79.0% at fp16 2048 and bf16 1536 rows, session35/edges3/edges3.txt), and 09 takes longer
    // rows that 12 does not (more than 4096 rows, rows past 8 MB), which went to 08 (09 79.9%
    // against 08's 64.6% at fp16 2048 x 2^21, session35/past/past.txt).
    {kHalves, Rows::packed, 512, kNoLimit, int64_t{1} << 20, int64_t{1} << 20, kNoLimit, "10",
     "512 rows and more of exactly 2 MB: 10's clusters, 8 wide CTAs a row: 91.6 / 93.7% against 78.9 / 79.7% for 09 at M = 512 / 1024 (fp16); 92.8 / 94.6% against 89.0 / 89.6% for 12; 94.5 / 93.9% against 79.8 / 79.0% for 09 and 89.8 / 88.7% for 12 at fp16 2048 / bf16 1536 rows"},
    {kHalves, Rows::contiguous, 64, kNoLimit, int64_t{1} << 20, kNoLimit, kNoLimit, "09",
     "64 rows and more of 2 MB and more: cooperative split-K in rounds: 67.9-77.5% against 53.1-65.5% for the clusters or split-K it replaced at M = 64 .. 128, N = 2^20 .. 2^22 (fp16 64 x 2^20: 135.6 against 170.5 us); 79.9% against 08's 64.6% at fp16 2048 x 2^21"},
    {kHalves, Rows::contiguous, 64, kNoLimit, 1, int64_t{1} << 20, kNoLimit, "10",
     "a thread-block cluster per row, the row read once: 64 KB parts, or wide CTAs of 256 KB (336 KB where that takes fewer) from 512 rows (rows past 128 KB), persistent from 16 rows a cluster: 95.1-95.4% at 2048 x 2^18, 87-88% at 2048 x 262145"},
    {kHalves, Rows::contiguous, 1, kNoLimit, 1, kNoLimit, kNoLimit, "08",
     "long or few rows: stage 08's two-pass and split-K paths"},
};

// ---- amendments for one GPU ----------------------------------------------------------------

// A rule's stage replaced on one GPU in part of the rule's shapes, where that GPU measured another
// stage faster. The rules stay the H100's; an amendment changes nothing on any other GPU.
struct Amendment {
  const char* gpu;       // the GPU's name as cudaGetDeviceProperties gives it, matched exactly
  int rule;              // the amended rule's number in kDispatchRules, from 1 (docs/11_dispatch.md)
  const char* replaces;  // that rule's stage (a host test checks it, so a renumbering cannot slip by)
  Rule when;             // the part of the rule's shapes (its conditions and the rule's both hold),
                         // the stage there, and why
};

// The H200's (fiftieth session: results/h200/explore/session50/regions/regions.txt and
// edges/edges.txt, and the forty-ninth's session49/rule12/rule12.txt; the fifty-first's past
// 64 MB, session51/rules/rules.txt and edges/edges.txt; each shape under each stage in its own
// process, 30 iterations, two rounds, the means of the rounds; docs/h200.md, "Rules for the
// H200"; from 96 MB the fifty-third's session53/cap/cap.txt and cap2/cap2.txt, table.py rules;
// between 64 and 96 MB the fifty-fourth's session54/final/rounds4.txt, table.py rules; rule 33's
// from the fifty-fifth's session55/models/models.txt and the forty-seventh's session47/; rule 3's
// last three from the sixty-second's session62/first/rule3.txt and third/rule3b.txt, past the
// rows where stage 08 leaves its configured teams for deeper ones or 2 rows a warp).
// Where its memory is faster than the H100's, 04's one row an SM and 12's trips through L2 cost
// more than they did there, and 09's rounds hold matrices of up to 64 MB and rows over 4 MB at
// little cost, and past 64 MB its two pipelines in chunks of at most 16 packs a thread. Halves
// rows of 257-336 KB leave an SM with nothing in flight while its one wider block reduces and
// writes; 10's persistent CTAs load the next row meanwhile. Rule 35's, for halves rows of 224-256
// KB, are the sixty-seventh session's (session67/adopt3/rows256m.txt): 10's paired CTAs, which its
// plan takes from 528 rows (4 a cluster), so below 1024 rows rule 38 reaches them; for rows of
// 152-224 KB at 1024-1151 rows the sixty-eighth's (session68/below/many.txt, edges/edges.txt).
// Rule 33's last two are the sixty-ninth's and seventieth's (session69/bounds/lower.txt,
// upper.txt; session70/next/next.txt, bounds/bounds.txt, confirm/): 10's 3 paired CTAs for halves
// rows of 256-336 KB, which its plan takes from more rows than SMs (2.5 rows a cluster until the
// seventieth, session70/final/low.txt), and past 320 KB at any number; rule 5's the seventieth's,
// the same CTAs for fp32 rows of 256-336 KB. The seventy-second (session72/margins/margins.txt,
// bounds/bounds.txt) moved the bounds past 320 KB after stage 08's wider block took its 13th
// slice by bulk copy: fp32 ends at 2560 rows, halves no longer end at 10240.
inline constexpr Amendment kGpuAmendments[] = {
    {"NVIDIA H200", 3, "03",
     {kF32, Rows::packed, 1024, 2048, 768, 1024, kNoLimit, "08",
      "on the H200, 08's team: 0.4-4.1% less time than 03 at M = 1024 .. 2048, N = 768 .. 1024 (8.31 against 8.43 us at 2048 x 1024); 03 ahead at 2048 x 256 .. 512; 2049-2112 rows not timed, past them the amendment for rows of 2-4 KB below"}},
    {"NVIDIA H200", 3, "03",
     {kF32, Rows::packed, 8449, kNoLimit, 65, 128, kNoLimit, "08",
      "on the H200, rows of 260-512 B from 8449 rows (132 SMs x 2048 threads / 32 lanes), where 08 runs its deep teams: 2.8-26.0% less time than 03 at all 6 shapes of 4.4-9 MB (34000 x 68: 8.75 against 11.83 us)"}},
    {"NVIDIA H200", 3, "03",
     {kF32, Rows::packed, 4225, kNoLimit, 129, 256, kNoLimit, "08",
      "on the H200, rows of 513 B - 1 KB from 4225 rows (132 SMs x 2048 threads / 64 lanes), where 08 holds 2 rows a warp: 0.4-4.2% less time than 03 at all 14 shapes of 3-9 MB (9216 x 256: 8.57-8.68 against 8.94-8.98 us); rows of 1-2 KB stay with 03, level to 1.6% ahead at 2304-6144 rows of 384-512"}},
    {"NVIDIA H200", 3, "03",
     {kF32, Rows::packed, 2113, kNoLimit, 513, 1024, kNoLimit, "08",
      "on the H200, rows of 2-4 KB from 2113 rows (132 SMs x 2048 threads / 128 lanes), where 08 runs its deep teams: 0.3-5.4% less time than 03 at all 8 shapes of 7.9-9 MB (2304 x 1024: 8.72 against 8.96 us; 4000 x 580: 8.88 against 9.39)"}},
    {"NVIDIA H200", 5, "08",
     {kF32, Rows::packed, 133, 1580, 65537, 86016, kNoLimit, "10",
      "on the H200, fp32 rows of 256-336 KB from more rows than SMs (past one wave of 08's block an SM) to 20 rows for each of the 79 clusters of 3 CTAs it holds: 10's 3 paired CTAs, 0.4-23.6% less time than 08's wider block at all 9 shapes of 150 .. 1536 rows (150 x 86016: 33.4 against 43.6 us, 85.9 against 65.4% of the copy; 1024 x 86016: 177.9 against 200.2; 178.6 against 186.3 since 08's 13th slice by bulk copy); 08 1.8% ahead at 132 x 86016"}},
    {"NVIDIA H200", 5, "08",
     {kF32, Rows::packed, 1581, 2560, 81921, 86016, kNoLimit, "10",
      "on the H200, fp32 rows past 320 KB (a wider block's 13th slice) at 1581 .. 2560 rows: the same paired CTAs, 0.2-2.0% less time than 08's wider block with that slice by bulk copy at all 4 shapes of 1581 .. 2560 rows (1581 x 86016: 271.2 against 276.8 us, 95.4 against 93.7%); 08 0.2-2.0% ahead at 3072 .. 12288 rows (8192 x 86016: 1343.7 against 1366.8 us) and 0.4-2.4% at rows of 320 KB or less from 2048 rows (2048 x 69632 / 81920, 4096 x 75776)"}},
    {"NVIDIA H200", 10, "04",
     {kF32, Rows::packed, 255, kNoLimit, 16385, 32767, kNoLimit, "08",
      "on the H200, rows shorter than 32768: 08's wide block, where 04 holds one row an SM: 3.6-24.6% less time than 04 at 255 .. 4096 rows of 16400 .. 24576 (2048 x 16400: 71.32 against 93.98 us, 95.1-95.5% of the copy against 72.2-72.3%)"}},
    {"NVIDIA H200", 10, "04",
     {kF32, Rows::packed, 255, 2048, 32768, 32768, kNoLimit, "08",
      "on the H200, rows of 32768: 08's wide block, 0.9-3.9% less time than 04 at 512 .. 2048 rows; 04 ahead by 0.3% at 4096 rows, level at 128"}},
    {"NVIDIA H200", 14, "12",
     {kF32, Rows::contiguous, 1, kNoLimit, 1, kNoLimit, kNoLimit, "09",
      "on the H200, 09's rounds at every size: up to 64 MB 2.0-6.7% less time than 12 at 10 x 2^20, 16 x 2^20, 32 x 2^19, 48 / 64 x 2^18, 112 x 2^17; past 64 MB and under 96, on two pipelines from two rounds, 1.4-30.3% less at 14 of 15 shapes (18 x 2^20: 55.09 against 57.36 us), 12 0.6% less at 44 x 2^19; from 96 MB 0.8-8.0% at 24-64 x 2^20 and 56-80 x 2^19"}},
    {"NVIDIA H200", 15, "12",
     {kF32, Rows::contiguous, 1, kNoLimit, 1, kNoLimit, kNoLimit, "09",
      "on the H200, 09's rounds: 3.6-10.1% less time than 12 at 8 x 3 * 2^19 and 8 / 12 / 16 x 2^21 (50.25 against 55.87 us at 8 x 2^21)"}},
    {"NVIDIA H200", 28, "12",
     {kHalves, Rows::contiguous, 1, kNoLimit, 1, kNoLimit, kNoLimit, "09",
      "on the H200, 09's rounds at every size: up to 64 MB 3.7-13.4% less time than 12 at fp16 11 x 2^21, 16 x 2^21, 32 x 2^20, 64 x 2^19, 8 x 2^22 and bf16 8 x 2^22, 16 x 2^21, 32 x 2^20; rows over 4 MB 6.8-7.8% at fp16 32 x 2^22 and bf16 16 x 2^22; past 64 MB and under 96, on two pipelines from two rounds, 4.9-29.8% less at all 15 shapes (fp16 20 x 2^21: 60.18 against 68.50 us); from 96 MB 9.8-13.7%"}},
    {"NVIDIA H200", 33, "08",
     {kBF16, Rows::packed, 512, 4096, 131073, 172032, kNoLimit, "10",
      "on the H200, bf16: 10's wider CTAs on clusters of one, persistent (the next row loaded while this one is written): 1.1-5.6% less time than 08's wider block at 600 .. 4096 rows of 297-336 KB (1024 x 172032: 215.6 against 228.3 us; 4096 x 151936: 622.7 against 629.6); 10's plan runs 3 paired CTAs there since, 5.9-15.9% less time than 08 with its bulk copies at 600 .. 4096 rows of 328-336 KB (1024 x 172032: 184.7 against 207.6)"}},
    {"NVIDIA H200", 33, "08",
     {kF16, Rows::packed, 512, 2047, 131073, 172032, kNoLimit, "10",
      "on the H200, fp16: the same, 0.6-3.1% less time than 08 at 512 .. 1056 rows of 264-297 KB (528 x 151936: 96.6 against 99.7 us); level at 2048 x 151936, 08 0.6-1.0% ahead at 4096 and 8192; on 3 paired CTAs since, 7.8-10.3% less than 08 with its bulk copies at 1024 .. 1536 rows of 324-328 KB"}},
    {"NVIDIA H200", 33, "08",
     {kHalves, Rows::packed, 133, 511, 131073, 172032, kNoLimit, "10",
      "on the H200, halves below 512 rows: 10's 3 paired CTAs, from more rows than SMs (past one wave of 08's block an SM): 5.6-27.6% less time than 08's wider block at all 11 shapes of 160 .. 511 rows of 272-336 KB (fp16 160 x 172032: 36.7 against 50.7 us, 82.2 against 59.6% of the copy; fp16 330 x 172032: 66.9 against 81.8); 08 1.0% ahead at bf16 132 x 172032"}},
    {"NVIDIA H200", 33, "08",
     {kHalves, Rows::packed, 2048, kNoLimit, 163841, 172032, kNoLimit, "10",
      "on the H200, halves rows past 320 KB (a wider block's 13th slice of shared memory) from 2048 rows: 10's 3 paired CTAs; against 08's wider block with that slice by bulk copy, bf16 4.3-4.7% less time at all 5 shapes of 12288 .. 20480 rows (12288 x 167936: 2035.2 against 2126.1 us, 94.9 against 90.8% of the copy), fp16 0.3-3.0% at 4096 .. 16384 rows (10240 x 165888: 1663.2 against 1690.6), level at fp16 16384 x 172032; before the bulk copies 9.9-16.2% at 2048 .. 10240 rows"}},
    {"NVIDIA H200", 35, "08",
     {kHalves, Rows::packed, 1024, 1536, 114688, 131072, kNoLimit, "10",
      "on the H200, rows of 224-256 KB: 10's paired CTAs, 2 a row, persistent: 2.4-3.8% less time than 08's wide block at 1024 rows of 2^17 (fp16: 139.2 against 144.7 us), 1.6% at fp16 1536; level at 2048, 08 0.9% ahead at fp16 4096"}},
    {"NVIDIA H200", 35, "08",
     {kHalves, Rows::packed, 1024, 1151, 77824, 114687, kNoLimit, "10",
      "on the H200, rows of 152-224 KB: the same paired CTAs, 0.9-2.3% less time than 08 in 11 of 12 pairs at 1024 rows of 77824 .. 114680 (fp16 81920: 92.3-92.8 against 94.2-94.6 us), 0.2% in the other; level at 1024 x 73728 and at 1152 rows, 08 3.5-4.2% ahead at 1024 x 65600 and level to 1.9% ahead from 1280 rows"}},
};

// A single row is contiguous whatever its stride.
inline bool rows_contiguous(int64_t M, int64_t N, int64_t ld) { return ld == N || M == 1; }

// Whether rule r matches the call (the stage is not asked here).
inline bool rule_matches(const Rule& r, DType t, int64_t M, int64_t N, int64_t ld) {
  if ((r.dtypes & dtype_bit(t)) == 0) return false;
  const bool contiguous = rows_contiguous(M, N, ld);
  if ((r.rows == Rows::contiguous && !contiguous) || (r.rows == Rows::strided && contiguous)) return false;
  const bool in_packs = N * static_cast<int64_t>(dtype_size(t)) % 16 == 0;
  if (r.rows == Rows::unpacked && (!contiguous || in_packs)) return false;
  if (r.rows == Rows::packed && (!contiguous || !in_packs)) return false;
  if (M < r.min_rows || M > r.max_rows || N < r.min_cols || N > r.max_cols) return false;
  return N <= r.max_elems / M && N >= (r.min_elems + M - 1) / M;  // min_elems <= M * N <= max_elems, no overflow
}

// ---- rules in words (--plan, the docs) ----------------------------------------------------

namespace dispatch_detail {

// 1024, 32768, 2^19, 5 * 2^21, 1048577: from 2^16 up, powers of two as 2^k and their odd multiples
// up to 15 as m * 2^k; anything else as it is.
inline std::string rule_bound_text(int64_t v) {
  if (v == kNoLimit) return "any";
  if (v < 65536) return std::to_string(v);
  int k = 0;  // v = odd * 2^k
  while (((v >> k) & 1) == 0) ++k;
  const int64_t odd = v >> k;
  if (odd == 1) return "2^" + std::to_string(k);
  if (odd <= 31 && k >= 16) return std::to_string(odd) + " * 2^" + std::to_string(k);  // 21 * 2^20
  return std::to_string(v);
}

inline std::string rule_range_text(int64_t lo, int64_t hi) {
  if (lo <= 1 && hi == kNoLimit) return "any";
  if (hi == kNoLimit) return ">= " + rule_bound_text(lo);
  if (lo <= 1) return "<= " + rule_bound_text(hi);
  return rule_bound_text(lo) + " .. " + rule_bound_text(hi);
}

inline std::string dtype_set_text(unsigned s) {
  if (s == kAnyDType) return "any";
  std::string out;
  if (s & kF32) out += "f32";
  if (s & kF16) out += std::string(out.empty() ? "" : ", ") + "f16";
  if (s & kBF16) out += std::string(out.empty() ? "" : ", ") + "bf16";
  return out;
}

// A rule's conditions in words: "M >= 64, N <= 2^19"; "any shape" when it has none.
inline std::string rule_conditions(const Rule& r) {
  std::string c;
  auto add = [&c](const std::string& s) { c += (c.empty() ? "" : ", ") + s; };
  if (r.rows == Rows::strided) add("strided rows");
  if (r.rows == Rows::unpacked) add("rows not in 16-byte packs");
  if (r.rows == Rows::packed) add("rows in 16-byte packs");
  if (r.min_rows > 1 || r.max_rows != kNoLimit) add("M " + rule_range_text(r.min_rows, r.max_rows));
  if (r.min_cols > 1 || r.max_cols != kNoLimit) add("N " + rule_range_text(r.min_cols, r.max_cols));
  if (r.min_elems > 1 || r.max_elems != kNoLimit) add("M x N " + rule_range_text(r.min_elems, r.max_elems));
  return c.empty() ? "any shape" : c;
}

inline std::string join_passed_over(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& p : v) s += (s.empty() ? "" : "; ") + p;
  return s;
}

}  // namespace dispatch_detail

// ---- the choice ------------------------------------------------------------------------------

// What the dispatcher chose, and why.
struct Pick {
  std::string stage;                     // the stage id; "" when no candidate takes the call
  std::string reason;                    // the rule's reason and conditions (or the tuned entry), or
                                         // why no stage took the call
  std::vector<std::string> passed_over;  // "10: <why not>" for each candidate that did not take it
  bool tuned = false;                    // chosen by the tuned table
};

// The reason a call is malformed, or "".
inline std::string bad_call(int64_t M, int64_t N, int64_t ld) {
  if (M < 1 || N < 1) return "M and N must be at least 1";
  if (ld < N) return "the row stride ld = " + std::to_string(ld) + " is less than N = " + std::to_string(N);
  return "";
}

// The dispatcher's own stage id: never a candidate, whatever a table says.
inline constexpr const char* kDispatcherId = "11";

// refusal(id), except that the dispatcher never picks itself.
template <class Refusal>
std::string candidate_refusal(const std::string& id, Refusal&& refusal) {
  return id == kDispatcherId ? "the dispatcher does not pick itself" : refusal(id);
}

// The first rule of `table` that matches the call and whose stage `refusal(stage_id)` takes (returns
// "" for); rules whose stage does not take the call are passed over. `table` is any range of Rule.
// `amendments` (any range of Amendment) on GPU `gpu`: a rule that matches first offers the stages
// of its amendments for `gpu` whose conditions the call meets, in order, then its own.
template <class Table, class Amendments, class Refusal>
Pick pick_stage(const Table& table, const Amendments& amendments, const std::string& gpu, DType t, int64_t M,
                int64_t N, int64_t ld, Refusal&& refusal) {
  Pick p;
  const std::string bad = bad_call(M, N, ld);
  if (!bad.empty()) {
    p.reason = bad;
    return p;
  }
  int number = 0;
  for (const Rule& r : table) {
    ++number;
    if (!rule_matches(r, t, M, N, ld)) continue;
    for (const Amendment& a : amendments) {
      if (a.rule != number || gpu != a.gpu || !rule_matches(a.when, t, M, N, ld)) continue;
      const std::string tag = std::string(a.gpu) + ", amending rule " + std::to_string(number);
      const std::string why = candidate_refusal(a.when.stage, refusal);
      if (why.empty()) {
        p.stage = a.when.stage;
        p.reason = std::string(a.when.reason) + " (" + tag + ": " + dispatch_detail::rule_conditions(a.when) + ")";
        return p;
      }
      p.passed_over.push_back(std::string(a.when.stage) + " (" + tag + "): " + why);
    }
    const std::string why = candidate_refusal(r.stage, refusal);
    if (why.empty()) {
      p.stage = r.stage;
      p.reason = std::string(r.reason) + " (" + dispatch_detail::rule_conditions(r) + ")";
      return p;
    }
    p.passed_over.push_back(std::string(r.stage) + ": " + why);
  }
  p.reason = p.passed_over.empty()
                 ? "no rule matches this call"
                 : "no stage takes this call (" + dispatch_detail::join_passed_over(p.passed_over) + ")";
  return p;
}

// The rules alone, amended for no GPU.
template <class Table, class Refusal>
Pick pick_stage(const Table& table, DType t, int64_t M, int64_t N, int64_t ld, Refusal&& refusal) {
  return pick_stage(table, std::vector<Amendment>{}, "", t, M, N, ld, refusal);
}

// How many of `amendments` apply on GPU `gpu`.
template <class Amendments>
int amendments_for(const Amendments& amendments, const std::string& gpu) {
  int n = 0;
  for (const Amendment& a : amendments) n += gpu == a.gpu;
  return n;
}

// ---- the tuned table -----------------------------------------------------------------------
//
// A text file, one measured shape per line, the fastest stage on it:
//   # gpu: NVIDIA H100 80GB HBM3          (required: the GPU it was measured on)
//   # any other comment
//   f32 2048 4096 05 27.31                 dtype M N stage time_us
// Blank lines are skipped. A shape may appear once per dtype. Every entry is for contiguous rows.

struct TunedEntry {
  DType dtype;
  int64_t M, N;
  std::string stage;
  double time_us;
  int line;  // 1-based, in the file
};

struct TunedTable {
  std::string source;  // the file's name, for messages
  std::string gpu;     // from the "# gpu:" line
  std::vector<TunedEntry> entries;
};

struct TunedParse {
  bool ok = false;
  std::string error;  // one line, set when !ok: "file:line: what"
  TunedTable table;
};

namespace dispatch_detail {

inline std::string trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

// A decimal integer in [1, 2^40] (the harness's bound on M and N), nothing else.
inline bool parse_dim(const std::string& s, int64_t* out) {
  if (s.empty() || s.size() > 13) return false;
  int64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  if (v < 1 || v > (int64_t{1} << 40)) return false;
  *out = v;
  return true;
}

// A finite number > 0, the whole string.
inline bool parse_time(const std::string& s, double* out) {
  if (s.empty()) return false;
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || !std::isfinite(v) || v <= 0) return false;
  *out = v;
  return true;
}

// Letters and digits, 1 to 8 of them ("07b").
inline bool valid_stage_id(const std::string& s) {
  if (s.empty() || s.size() > 8) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) return false;
  return true;
}

}  // namespace dispatch_detail

// Parse a tuned table; the first problem found stops it with one line naming the file and line.
inline TunedParse parse_tuned_table(std::istream& in, const std::string& source) {
  using namespace dispatch_detail;
  TunedParse p;
  p.table.source = source;
  auto fail = [&](int line, const std::string& what) {
    p.ok = false;
    p.error = source + (line > 0 ? ":" + std::to_string(line) : "") + ": " + what;
    return p;
  };
  std::string raw;
  for (int line = 1; std::getline(in, raw); ++line) {
    const std::string s = trim(raw);
    if (s.empty()) continue;
    if (s[0] == '#') {
      const std::string c = trim(s.substr(1));
      if (c.rfind("gpu:", 0) != 0) continue;
      const std::string gpu = trim(c.substr(4));
      if (gpu.empty()) return fail(line, "'# gpu:' names no GPU");
      if (!p.table.gpu.empty() && gpu != p.table.gpu)
        return fail(line, "a second GPU '" + gpu + "' (the table is for '" + p.table.gpu + "')");
      p.table.gpu = gpu;
      continue;
    }
    std::istringstream fields(s);
    std::string f[6];
    int n = 0;
    while (n < 6 && fields >> f[n]) ++n;
    if (n != 5) return fail(line, "expected 'dtype M N stage time_us', got '" + s + "'");
    TunedEntry e{DType::f32, 0, 0, f[3], 0.0, line};
    if (!dtype_parse(f[0], &e.dtype)) return fail(line, "unknown dtype '" + f[0] + "' (f32, f16 or bf16)");
    if (!parse_dim(f[1], &e.M)) return fail(line, "M must be an integer in 1 .. 2^40, got '" + f[1] + "'");
    if (!parse_dim(f[2], &e.N)) return fail(line, "N must be an integer in 1 .. 2^40, got '" + f[2] + "'");
    if (!valid_stage_id(e.stage)) return fail(line, "bad stage id '" + f[3] + "'");
    if (!parse_time(f[4], &e.time_us)) return fail(line, "time_us must be a number > 0, got '" + f[4] + "'");
    for (const TunedEntry& o : p.table.entries)
      if (o.dtype == e.dtype && o.M == e.M && o.N == e.N)
        return fail(line, "shape " + f[0] + " " + f[1] + " x " + f[2] + " is already on line " +
                              std::to_string(o.line));
    p.table.entries.push_back(e);
  }
  if (p.table.gpu.empty()) return fail(0, "no '# gpu: <name>' line");
  if (p.table.entries.empty()) return fail(0, "no entries");
  p.ok = true;
  return p;
}

// Read and parse `path`, then check it was measured on `gpu`. !ok: the one-line problem in error.
inline TunedParse load_tuned_table(const std::string& path, const std::string& gpu) {
  std::ifstream in(path);
  if (!in) {
    TunedParse p;
    p.error = path + ": cannot read the file";
    return p;
  }
  TunedParse p = parse_tuned_table(in, path);
  if (p.ok && p.table.gpu != gpu) {
    p.ok = false;
    p.error = path + ": measured on '" + p.table.gpu + "', this GPU is '" + gpu + "'";
  }
  return p;
}

// The entry of dtype t nearest to M x N in (log2 M, log2 N), the first in the file on a tie;
// nullptr when the table has no entry of that dtype.
inline const TunedEntry* nearest_entry(const TunedTable& table, DType t, int64_t M, int64_t N) {
  const TunedEntry* best = nullptr;
  double best_d = 0;
  const double lm = std::log2(static_cast<double>(M)), ln = std::log2(static_cast<double>(N));
  for (const TunedEntry& e : table.entries) {
    if (e.dtype != t) continue;
    const double dm = lm - std::log2(static_cast<double>(e.M)), dn = ln - std::log2(static_cast<double>(e.N));
    const double d = dm * dm + dn * dn;
    if (!best || d < best_d) {
      best = &e;
      best_d = d;
    }
  }
  return best;
}

// The dispatcher's whole choice: the tuned table's nearest entry (contiguous rows, `tuned` may be
// nullptr) if its stage takes the call, else pick_stage over the rules with `gpu`'s amendments.
template <class Table, class Amendments, class Refusal>
Pick choose_stage(const Table& rules, const Amendments& amendments, const std::string& gpu, const TunedTable* tuned,
                  DType t, int64_t M, int64_t N, int64_t ld, Refusal&& refusal) {
  std::vector<std::string> passed;
  if (tuned && bad_call(M, N, ld).empty() && rows_contiguous(M, N, ld)) {
    if (const TunedEntry* e = nearest_entry(*tuned, t, M, N)) {
      const std::string why = candidate_refusal(e->stage, refusal);
      if (why.empty()) {
        Pick p;
        p.stage = e->stage;
        p.tuned = true;
        p.reason = "tuned: fastest at " + std::string(dtype_name(e->dtype)) + " " + std::to_string(e->M) + " x " +
                   std::to_string(e->N) + " (" + tuned->source + ":" + std::to_string(e->line) + ")";
        return p;
      }
      passed.push_back(e->stage + " (tuned, " + tuned->source + ":" + std::to_string(e->line) + "): " + why);
    }
  }
  Pick p = pick_stage(rules, amendments, gpu, t, M, N, ld, refusal);
  p.passed_over.insert(p.passed_over.begin(), passed.begin(), passed.end());
  if (p.stage.empty() && !passed.empty())
    p.reason = "no stage takes this call (" + dispatch_detail::join_passed_over(p.passed_over) + ")";
  return p;
}

// The same, with no amendments.
template <class Table, class Refusal>
Pick choose_stage(const Table& rules, const TunedTable* tuned, DType t, int64_t M, int64_t N, int64_t ld,
                  Refusal&& refusal) {
  return choose_stage(rules, std::vector<Amendment>{}, "", tuned, t, M, N, ld, refusal);
}

// The rule table as a markdown table, as docs/11_dispatch.md shows it.
template <class Table>
std::string rules_markdown(const Table& table) {
  using namespace dispatch_detail;
  std::string md = "| # | dtype | rows | M | N | M x N | stage | why |\n|---:|---|---|---|---|---|---|---|\n";
  int i = 0;
  for (const Rule& r : table) {
    const char* rows = r.rows == Rows::contiguous ? "contiguous"
                       : r.rows == Rows::strided  ? "strided"
                       : r.rows == Rows::unpacked ? "unpacked"
                       : r.rows == Rows::packed   ? "packed"
                                                  : "any";
    md += "| " + std::to_string(++i) + " | " + dtype_set_text(r.dtypes) + " | " + rows + " | " +
          rule_range_text(r.min_rows, r.max_rows) + " | " + rule_range_text(r.min_cols, r.max_cols) + " | " +
          rule_range_text(r.min_elems, r.max_elems) + " | " + r.stage + " | " + r.reason + " |\n";
  }
  return md;
}

// The amendments as a markdown table, as docs/11_dispatch.md shows them.
template <class Amendments>
std::string amendments_markdown(const Amendments& amendments) {
  using namespace dispatch_detail;
  std::string md = "| GPU | rule | instead of | stage | where (and the rule's conditions) | why |\n"
                   "|---|---:|---|---|---|---|\n";
  for (const Amendment& a : amendments) {
    const std::string where = rule_conditions(a.when);
    md += "| " + std::string(a.gpu) + " | " + std::to_string(a.rule) + " | " + a.replaces + " | " + a.when.stage +
          " | " + dtype_set_text(a.when.dtypes) + ", " + (where == "any shape" ? "all the rule's shapes" : where) +
          " | " + a.when.reason + " |\n";
  }
  return md;
}
