#!/usr/bin/env bash
# Device runs of the forty-second session (2026-11-28): the peers runs again, now that
# bench/peers.py resets the L2's evict_last lines before every flush (forty-first session). Each
# call builds on the device first (device_build.sh), then:
#   OUT=... bash results/h100/session42.run.sh full    every stage and peer on bench/peers.py's
#     default sweeps, then $ALL on the sweeps "between" and "unpacked"
#   OUT=... bash results/h100/session42.run.sh again   the default sweeps' run a second time (the
#     noise between runs), then $ALL on the sweeps "small" and "models"
#   OUT=... bash results/h100/session42.run.sh third   fp32 rows of 32-64 KB on a stage 08 team of
#     16 warps x 8 packs against its 32 x 4, and `./step11 --tune` on fp32 16384 x 256 and 2048 x
#     16384 (explore/session42/team16.sh); then the default sweeps' run a third time
#   OUT=... bash results/h100/session42.run.sh t16   after fp32 rows of 32-64 KB moved to the team
#     of 16 warps x 8 packs: every test-gpu case on stages 08 and 11 (the copy with the change
#     reversed building meanwhile), the two timed against each other (explore/session42/t16.sh),
#     then every stage and peer on the default sweeps (the README's table)
#   OUT=... bash results/h100/session42.run.sh between   $ALL on the sweeps "between" and "unpacked"
#     in fp32 at the change (its rows of 32-64 KB in packs: 4096 x 8200, 10240 and 12288)
# Ran: full and again at c1b28e8 (kernels, stages and library those of c88d8b7, the fortieth
# session's full run; only bench/peers.py's flush changed since), third at c1b28e8, t16 at 0c1b14a,
# between at aa16764 (0c1b14a's code), each call on an H100 80GB HBM3.
set -u
part=${1:-full}
PROBES=results/h100/explore/session42
. results/h100/device_build.sh  # the build, nvidia-smi, R, B, ALL, budget, run, sweeps, tests, probe, peers
export DEPS R commit
keep() { for f in json txt; do mv $R/peers-$commit.$f $R/peers-$1-$commit.$f; done; }  # name a run by its sweeps
case $part in
full)
  peers m2048,batch,vector "" 330 12; keep default
  peers between,unpacked $ALL 590 6; keep between-unpacked ;;
again)
  peers m2048,batch,vector "" 330 12; keep default
  peers small,models $ALL 590 6; keep small-models ;;
third)
  probe team16 300
  peers m2048,batch,vector "" 590 12; keep default ;;
t16)
  (BUILD_ONLY=1 bash $PROBES/t16.sh > $R/t16-build.txt 2>&1) &
  tests 08-11 08,11 240 "*"
  wait; cat $R/t16-build.txt
  RUN_ONLY=1 probe t16 360
  peers m2048,batch,vector "" 590 12; keep default ;;
between)
  GIT_DIR=/nonexistent timeout 150 python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32 --sweeps between,unpacked \
    --impls $ALL --out $R/peers-between-unpacked-f32-$commit.json > $R/peers-between-unpacked-f32-$commit.txt 2>&1
  echo "peers exit $? at ${SECONDS}s" ;;
esac
