#!/usr/bin/env bash
# Device runs of the forty-sixth session (2026-11-28), on an H200:
#   OUT=... bash results/h200/session46.run.sh l2hold   explore/session46/l2hold.cu: can L2 hold a
#     row's unnormalised output between two passes (built alone, no stage build), 2 rounds; then
#     Nsight Compute's DRAM bytes of each pass on three shapes (ncu --cache-control none)
#   OUT=... bash results/h200/session46.run.sh rerun   the H100's probes of reading alone, writing
#     alone and copying after a flush (explore/session8/phases.cu, explore/session27/hints.cu)
#   OUT=... bash results/h200/session46.run.sh phases   explore/session46/phases.cu: the phase order's
#     cost per row size, 4 MB to 1 GB, with the harness's flush
#   OUT=... bash results/h200/session46.run.sh sweep   the build (results/h100/device_build.sh), the
#     phases probe, then the dispatcher's sweeps in three dtypes (./step11, the rules)
#   OUT=... bash results/h200/session46.run.sh rounds   explore/session46/rounds.cu: a grid holding a
#     round at a time, its rounds loaded and written in turn or overlapped (no softmax)
#   OUT=... bash results/h200/session46.run.sh knobs   the build, then explore/session46/knobs.sh:
#     stages 08 and 10 in other forms on the many long rows where the H200 trails its copy most
#   OUT=... bash results/h200/session46.run.sh fold   the build, then explore/session46/fold.sh: the
#     wide kernels' registers folded as they land (fold.patch) against today's, then test-gpu
set -u
part=${1:-l2hold}
PROBES=results/h200/explore/session46
OUT=${OUT:-/tmp/out}
if [ $part = sweep ] || [ $part = knobs ] || [ $part = fold ]; then
  . results/h100/device_build.sh  # R, B, run, sweeps, ...
  export DEPS R commit  # for the probe scripts (fold.sh); the fold call ran without this line
else
  R=$part; mkdir -p $R
  trap 'tar czf $OUT/$R.tgz $R' EXIT
fi
phases() {
  nvcc -O3 -arch=sm_90 -std=c++17 $PROBES/phases.cu -o /tmp/phases && timeout 300 /tmp/phases ${ROUNDS:-2} > $R/phases.txt 2>&1
  echo "phases exit $? at ${SECONDS}s"; cat $R/phases.txt
}
case $part in
l2hold)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  nvcc -O3 -arch=sm_90 -std=c++17 -Xcompiler -fopenmp $PROBES/l2hold.cu -o $R/l2hold > $R/build.txt 2>&1 \
    || { cat $R/build.txt; exit 1; }
  timeout 500 $R/l2hold ${ROUNDS:-2} > $R/l2hold.txt 2>&1
  echo "l2hold exit $? at ${SECONDS}s"; cat $R/l2hold.txt
  for s in "1 23" "1 24" "4 22"; do
    L2HOLD_ONLY="$s" timeout 200 ncu --cache-control none -k regex:pass \
      --metrics dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum $R/l2hold 0 > "$R/ncu-${s/ /x}.txt" 2>&1
    echo "ncu $s exit $?"
  done
  rm -f $R/l2hold ;;
rerun)
  nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,clocks.max.sm,temperature.gpu,power.draw --format=csv \
    > $R/nvidia-smi.txt 2>&1
  for f in results/h100/explore/session8/phases.cu results/h100/explore/session27/hints.cu; do
    n=$(basename $f .cu)
    nvcc -O3 -arch=sm_90 -std=c++17 $f -o /tmp/$n && timeout 200 /tmp/$n > $R/$n.txt 2>&1
    echo "$n exit $?"; cat $R/$n.txt
  done ;;
phases)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  phases ;;
rounds)
  nvcc -O3 -arch=sm_90 -std=c++17 $PROBES/rounds.cu -o /tmp/rounds && timeout 500 /tmp/rounds > $R/rounds.txt 2>&1
  echo "rounds exit $? at ${SECONDS}s"; cat $R/rounds.txt ;;
knobs)
  probe knobs 590 ;;
fold)
  probe fold 590 ;;
sweep)
  phases
  sweeps step11 ;;
esac
