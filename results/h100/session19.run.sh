#!/usr/bin/env bash
# Device runs of the nineteenth session. Each call builds on the device first (device_build.sh:
# Google Benchmark and doctest carried in .deps, the commit in .commit), then runs one part; every
# output goes to $OUT/<part>.tgz.
#   OUT=... bash results/h100/session19.run.sh wider10  stage 10's wide CTAs with 13 slices
#     (explore/step10-wider.patch, built on the build machine for sm_90 as .bin/step10) against HEAD's
#     8 slices, alternating processes (explore/session19/wider10.sh)
#   OUT=... bash results/h100/session19.run.sh verify  stage 10 choosing 13-slice CTAs where they take a row
#     in fewer CTAs (wider_pays): --explain (clusters the GPU holds at once, both slice counts), the
#     rule's choice and the dispatcher on wider10's shapes, the rule's edges forced both ways
#     (explore/session19/slices.sh); compute-sanitizer's four tools on two 13-slice shapes
#   OUT=... bash results/h100/session19.run.sh tests  synccheck's first reports on verify's failing shape and
#     its neighbours (8 slices, bf16, fp32, stage 08's wider block); every test-gpu case on 10 and 11
#   OUT=... bash results/h100/session19.run.sh edges  (no build: .bin holds step09-11 of the final rule, built
#     here) --explain's clusters at once for 1-8 CTAs; the rule's own choice on slices.sh's edges;
#     few fp32 rows not in packs, stages 09, 10 and the dispatcher (explore/session19/edges.sh)
#   OUT=... bash results/h100/session19.run.sh final  (no build: .bin holds step11 of the final code, built
#     here; the working tree with a test_gpu beside it was over the 64 MiB a call carries) the
#     dispatcher, each shape checked against the reference then timed, on rule 7's rows and on
#     1024 x 450000 (stage 10, 7 -> 6 CTAs: 13 slices by the final rule)
#   OUT=... bash results/h100/session19.run.sh sync2  (no build: .bin/step10 of 6e1d9bb's tree) synccheck on
#     stage 10's parts form: 2, 8 and 67 rows of fp16 344040, fp32 67 x 300000 (parts forced), fp16 67 x 32768 / 65536
#   OUT=... bash results/h100/session19.run.sh tests2  every test-gpu case on stages 10 and 11 at the final code
#   OUT=... bash results/h100/session19.run.sh current  the code as it stands: every peer and stage in
#     one process (bench/peers.py, the README's table and plots), then the dispatcher's sweeps in
#     three dtypes (issue 7's count of shapes at 95% of the copy); the peers on fp32 2048 and 128 x 131073
#     (--sweeps unpacked), which stage 10's 13-slice CTAs take now
set -u
part=${1:-wider10}
case $part in edges|final|sync2) ;; *) . results/h100/device_build.sh ;; esac  # the build, R, B, budget, run, sweeps, tests
case $part in
wider10)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  BASE=. NEW=.bin timeout $((585 - SECONDS)) bash results/h100/explore/session19/wider10.sh > $R/wider10.txt 2>&1
  echo "wider10 exit $? at ${SECONDS}s"; cat $R/wider10.txt ;;
verify)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  for t in f32 f16; do ./step10 --explain --dtype $t > $R/step10-explain-$t.txt 2>&1; done
  grep -hE "wide.*slices" $R/step10-explain-f32.txt | head -n 40
  timeout 400 bash results/h100/explore/session19/slices.sh > $R/slices.txt 2>&1
  echo "slices exit $? at ${SECONDS}s"; cat $R/slices.txt
  for shape in "f32 67 131065" "f16 67 344040"; do  # 13 slices x 2 (8 x 3): shifted; in packs
    set -- $shape
    for tool in memcheck racecheck synccheck initcheck; do
      budget 540 "$tool $shape" || continue
      log=$(timeout 60 compute-sanitizer --tool $tool --error-exitcode 99 ./step10 --check --dtype $1 --rows $2 --cols $3 2>&1)
      echo "exit $? $tool $shape: $(echo "$log" | grep -E "ERROR SUMMARY|RACECHECK SUMMARY" | tail -n 1)"
    done
  done > $R/sanitize-10.txt 2>&1; cat $R/sanitize-10.txt ;;
tests)  # synccheck's first reports where verify's f16 shape in packs failed it; then test-gpu of 10, 11
  for run in "./step10 --dtype f16 --rows 67 --cols 344040" "env STEP10_SLICES=8 ./step10 --dtype f16 --rows 67 --cols 344040" \
             "./step10 --dtype bf16 --rows 67 --cols 344040" "./step10 --rows 67 --cols 172032" \
             "./step08 --dtype f16 --rows 67 --cols 172024" "./step10 --dtype f16 --rows 67 --cols 172023"; do
    echo "== synccheck $run"
    timeout 60 compute-sanitizer --tool synccheck --print-limit 4 --error-exitcode 99 $run --check 2>&1 | grep -v "^stage\|^GPU\|^commit" | head -n 40
    echo "exit ${PIPESTATUS[0]}"
  done > $R/synccheck-10.txt 2>&1; grep -E "^==|^exit|SUMMARY" $R/synccheck-10.txt
  tests 10-11 10,11 $((585 - SECONDS)) "*" ;;
final)  # no build: step10, step11 and test_gpu of the final code, built on the build machine (.bin)
  R=final; mkdir -p $R; trap 'tar czf $OUT/$R.tgz $R' EXIT
  export LD_LIBRARY_PATH=$PWD/.deps/lib
  cd .bin && . ../results/h100/explore/probe.sh && stage_rows "step11" <<'SHAPES' > ../$R/final.txt 2>&1
f32 16 131073
f32 24 131073
f32 31 131073
f32 16 262145
f32 24 262145
f32 16 524289
f32 15 262145
f32 1024 450000
f32 2048 131073
SHAPES
  cd ..; cat $R/final.txt ;;
sync2)  # no build: .bin/step10 of 6e1d9bb's tree. synccheck on the parts form: one wave of clusters
  # against several (67 rows of 16 CTAs), fp16 and fp32, and fp16 rows short enough for 1 CTA a row
  R=sync2; mkdir -p $R; trap 'tar czf $OUT/$R.tgz $R' EXIT
  export LD_LIBRARY_PATH=$PWD/.deps/lib
  for run in "--dtype f16 --rows 2 --cols 344040" "--dtype f16 --rows 8 --cols 344040" "--dtype f16 --rows 67 --cols 344040" \
             "STEP10_FORM=parts --rows 67 --cols 300000" "--dtype f16 --rows 67 --cols 32768" "--dtype f16 --rows 67 --cols 65536"; do
    echo "== synccheck $run"
    env ${run%%--*} timeout 60 compute-sanitizer --tool synccheck --print-limit 2 --error-exitcode 99 .bin/step10 --${run#*--} --check 2>&1 \
      | grep -E "check  M|SUMMARY|Barrier error|  at " | head -n 6
    echo "exit ${PIPESTATUS[0]}"
  done > $R/synccheck-parts.txt 2>&1; cat $R/synccheck-parts.txt ;;
tests2) tests 10-11-final 10,11 $((585 - SECONDS)) "*" ;;  # every test-gpu case on 10 and 11, the final code
current)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  GIT_DIR=/nonexistent timeout 240 python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 \
    --out $R/peers-$commit.json > $R/peers-$commit.txt 2>&1; echo "peers exit $? at ${SECONDS}s"; tail -n 12 $R/peers-$commit.txt
  sweeps step11
  grep -hE "%$" $R/step11*.txt | awk '{print $1, $2, $3, $NF}' | tail -n 3
  budget 500 "peers on fp32 131073" || exit 0  # the unpacked sweep's shapes that take 13-slice CTAs now
  GIT_DIR=/nonexistent timeout 80 python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32 --sweeps unpacked \
    --filter '/M:(2048|128)/N:131073$' --impls torch,torch_compile,triton_fused,triton_online,liger,step08,step10,step11 \
    --out $R/peers-131073-$commit.json > $R/peers-131073-$commit.txt 2>&1
  echo "peers exit $? at ${SECONDS}s"; tail -n 14 $R/peers-131073-$commit.txt ;;
edges)  # no build: the final rule's binaries, built on the build machine, carried as .bin
  R=edges; mkdir -p $R; trap 'tar czf $OUT/$R.tgz $R' EXIT
  export LD_LIBRARY_PATH=$PWD/.deps/lib
  for t in f32 f16; do .bin/step10 --explain --dtype $t > $R/step10-explain-$t.txt 2>&1; done
  grep -hE "wide,.*clusters at once" $R/step10-explain-f32.txt
  BIN=.bin timeout 400 bash results/h100/explore/session19/edges.sh > $R/edges.txt 2>&1
  echo "edges exit $? at ${SECONDS}s"; cat $R/edges.txt ;;
esac
