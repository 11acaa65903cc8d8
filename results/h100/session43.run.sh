#!/usr/bin/env bash
# Device runs of the forty-third session (2026-11-28). Each call builds on the device first
# (device_build.sh), then:
#   OUT=... bash results/h100/session43.run.sh check   test-gpu's rows-between-powers case on every
#     stage (its 3841-pack lengths ran only on 08 and 11 so far), stage 08's fp32 16 x 8 team under
#     compute-sanitizer (explore/session43/sanitize.sh), torch.compile's kernels for fp32 16384 x
#     256 and three more shapes (inductor.py), fp32 rows of 256 under several geometries and cache
#     hints (geom256.sh), then the dispatcher's sweeps in three dtypes
#   OUT=... bash results/h100/session43.run.sh geom   no build: rows of 512 B - 4 KB in 4-64 MB
#     matrices under teams of 4-128 lanes, fp32 and fp16 (explore/session43/geom.sh)
#   OUT=... bash results/h100/session43.run.sh deep   after stage 08's deep teams: test-gpu's new
#     case (many rows of 257 B - 4 KB) on every stage, every case on 08 and 11, then the deep teams
#     against the configured ones and stage 03 (explore/session43/deep.sh)
#   OUT=... bash results/h100/session43.run.sh deep2   after fp32 rows of 4 KB took one warp of 8
#     packs as their deep team: test-gpu's new case on every stage, those rows against 03
#     (explore/session43/deep2.sh), then $ALL on the sweeps "small" and "between"
#   OUT=... bash results/h100/session43.run.sh final   after rows of up to 512 B kept their team past
#     the L2's size and rule 3 moved to 9 MB: test-gpu's new case on every stage, every case on 08
#     and 11, then $ALL on the sweeps "small" and "between"
#   OUT=... bash results/h100/session43.run.sh last   the new case's rows computed from the device
#     (one past a wave of 32-lane teams) on every stage, and the deep teams under compute-sanitizer
#     (explore/session43/sanitize2.sh)
# Ran: check at 228b42c (c0498a5's code), geom at 228b42c, deep at 8857f2f, deep2 at 08ad7d5, final
# at f08e7da, last at 2e3d7eb, each call on an H100 80GB HBM3 from a fresh start of the device.
set -u
part=${1:-check}
PROBES=results/h100/explore/session43
if [ $part = geom ]; then mkdir -p $part; ROUNDS=3 bash $PROBES/geom.sh > $part/geom.txt 2>&1; echo "geom exit $?"
  cat $part/geom.txt; cp -r $part ${OUT:-/tmp/out}/; exit 0; fi
. results/h100/device_build.sh  # the build, nvidia-smi, R, B, ALL, budget, run, sweeps, tests, probe, peers
export DEPS R commit
case $part in
check)
  (timeout 200 python3 $PROBES/inductor.py > $R/inductor.txt 2>&1; echo "inductor exit $?" >> $R/inductor.txt) &
  tests between "" 120 "*between powers*"
  probe sanitize 260
  wait; grep -E "^KERNEL|exit|^torch" $R/inductor.txt
  probe geom256 330
  sweeps step11 ;;
deep)
  tests deep "" 150 "*4 packs a thread*"
  tests 08-11 08,11 250 "*"
  probe deep 560 ;;
deep2)
  tests deep "" 150 "*4 packs a thread*"
  probe deep2 250
  peers small,between $ALL 590 6 ;;
final)
  tests deep "" 150 "*4 packs a thread*"
  tests 08-11 08,11 320 "*"
  peers small,between $ALL 590 6 ;;
last)
  tests deep "" 150 "*4 packs a thread*"
  probe sanitize2 280 ;;
esac
