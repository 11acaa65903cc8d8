#!/usr/bin/env bash
# Device runs of the thirty-third session (2026-11-27). Each call builds on the device first
# (device_build.sh: Google Benchmark and doctest carried in .deps, the commit in .commit), then:
#   OUT=... bash results/h100/session33.run.sh gpu   test-gpu on stage 12, then on stage 11, every
#     case (the case "the dispatcher passes stage 12 over for pointers off 16 bytes" and the
#     thirty-second session's last rules had not run on a GPU); stage 10 in what time is left
#   OUT=... bash results/h100/session33.run.sh barriers   stage 12 with its two shared-memory flags
#     as mbarriers (explore/session32/12_ring_mbarriers.patch, built in /tmp/v2 from a copy of the
#     tree and its build): racecheck and memcheck on 5 x 1000 and 40 x 65536, --check in three
#     dtypes, then the flags' version (.) and the mbarriers' (/tmp/v2) in alternate processes on
#     four shapes (explore/session33/barriers.sh); then the dispatcher's sweeps as time allows
#   OUT=... bash results/h100/session33.run.sh sweeps   the dispatcher's sweeps in three dtypes with
#     the rules that send shapes to stage 12 (issue 7's count), and its plans
#   OUT=... bash results/h100/session33.run.sh peers   every stage and peer in one process
#   OUT=... bash results/h100/session33.run.sh extra   explore/session33/halves.sh (halves in packs at
#     257-1024 rows: stages 12, 10, 09 and 11), then test-gpu on stage 10 in what time is left
#   OUT=... bash results/h100/session33.run.sh next   (prepared, not run) explore/session33/next.sh:
#     the threaded checks' wall time on big halves shapes, and rule 25 at 641-1024 rows
# The first five ran at 99d13df on one H100 (the gpu, barriers, peers and extra parts, then one inline
# call: stage_rows of probe.sh on f16 640 x 2^21 (12, 10, 09) and bf16 400 x 3 * 2^20 (10, 09),
# 60 s a process, to explore/session33/extra/halves2.txt). The barriers part's sweeps are
# results/h100/step11{,_f16,_bf16}_99d13df.json and step11_plan_99d13df.txt; the peers part's run
# is results/h100/peers.json. In halves.txt, f16 384 x 2^22 did not finish in 40 s in any stage.
set -u
part=${1:-gpu}
. results/h100/device_build.sh  # the build, R, B, budget, run, sweeps, tests
nvidia-smi > $R/nvidia-smi.txt 2>&1
case $part in
gpu)
  tests 12 12 260 "*"
  tests 11 11 $((580 - SECONDS)) "*"
  [ $SECONDS -lt 500 ] && tests 10 10 $((540 - SECONDS)) "*" ;;
barriers)
  mkdir -p /tmp/v2 && tar --exclude=./.bin -cf - . | tar xf - -C /tmp/v2
  (cd /tmp/v2 && git apply results/h100/explore/session32/12_ring_mbarriers.patch && grep -q "published\[kRowSlots\]" steps/12_ring.cu \
    && make -j16 --no-print-directory DEPS=$OLDPWD/$DEPS ARCH=sm_90 COMMIT=$commit-mbarriers step12) > $R/barriers-build.txt 2>&1
  echo "barriers build exit $? at ${SECONDS}s"; grep -E "step12.*(registers|smem)|Used" /tmp/v2/build/step12.ptxas.txt | head -n 4
  for shape in "5 1000" "40 65536"; do
    set -- $shape
    for tool in racecheck memcheck; do
      timeout 40 compute-sanitizer --tool $tool --error-exitcode 99 /tmp/v2/step12 --check --rows $1 --cols $2 > $R/$tool-$1x$2.txt 2>&1
      echo "$tool $1 x $2 exit $? at ${SECONDS}s"; grep -E "SUMMARY" $R/$tool-$1x$2.txt
    done
  done
  for t in f32 f16 bf16; do timeout 40 /tmp/v2/step12 --check --dtype $t; echo "check $t exit $? at ${SECONDS}s"; done > $R/check12.txt 2>&1
  grep exit $R/check12.txt
  BASE=. NEW=/tmp/v2 timeout $((330 - SECONDS)) bash results/h100/explore/session33/barriers.sh > $R/barriers.txt 2>&1
  echo "barriers exit $? at ${SECONDS}s"; cat $R/barriers.txt
  sweeps step11 ;;
sweeps)
  sweeps step11 ;;
peers)
  GIT_DIR=/nonexistent timeout $((590 - SECONDS)) python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 \
    --out $R/peers-$commit.json > $R/peers-$commit.txt 2>&1; echo "peers exit $? at ${SECONDS}s"; tail -n 12 $R/peers-$commit.txt ;;
extra)
  PROBE_UNTIL=250 timeout 260 bash results/h100/explore/session33/halves.sh > $R/halves.txt 2>&1
  echo "halves exit $? at ${SECONDS}s"; cat $R/halves.txt
  tests 10 10 $((540 - SECONDS)) "*" ;;
next)
  PROBE_UNTIL=$((560 - SECONDS)) timeout $((570 - SECONDS)) bash results/h100/explore/session33/next.sh > $R/next.txt 2>&1
  echo "next exit $? at ${SECONDS}s"; cat $R/next.txt ;;
esac
