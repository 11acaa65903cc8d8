#!/usr/bin/env bash
# Device run of the twenty-seventh session (2026-11-27). No full build: carries .deps (Google
# Benchmark, see session24.run.sh's header) and .probe (stage 09 built here for sm_90 four ways
# from explore/session27/step09-hint.patch: `make step09 ARCH=sm_90 NVCC="nvcc -DSTEP09_HINT=h"`,
# build/step09.o removed before each, ./step09 copied to .probe/step09_hH; .probe is listed in
# .git/info/exclude and carried, holding only what the part runs: 64 MiB is the limit).
#   OUT=... bash results/h100/session27.run.sh hints
# hints  explore/session27/hints.cu (read alone, write alone, copy after the harness's L2 flush
#        and after a clean one, with and without L2 eviction hints), then stage 09's four builds
#        in turns on few-row shapes (explore/session27/hints.sh)
#   OUT=... bash results/h100/session27.run.sh loadhint
# loadhint  the dispatcher built here twice (.probe/step11_lh{0,1}: `make step11 BUILD=build_hH
#        ARCH=sm_90 NVCC="nvcc -DSOFTMAX_LOAD_HINT=H"` with explore/session27/load-hint.patch applied), in
#        turns on 19 shapes of the sweeps (explore/session27/loadhint.sh)
set -u
part=${1:-hints}
OUT=${OUT:-/tmp/out}
R=$part; mkdir -p $R
trap 'tar czf $OUT/$R.tgz $R' EXIT
export LD_LIBRARY_PATH=$PWD/.deps/lib:${LD_LIBRARY_PATH:-}
nvidia-smi > $R/nvidia-smi.txt 2>&1
case $part in
hints)
  nvcc -O3 -arch=sm_90 -o $R/hints results/h100/explore/session27/hints.cu && timeout 120 $R/hints > $R/hints.txt 2>&1
  echo "hints exit $? at ${SECONDS}s"; cat $R/hints.txt; rm -f $R/hints
  for h in 1 3; do timeout 60 .probe/step09_h$h --check > $R/check09_h$h.txt 2>&1; echo "check h$h exit $? at ${SECONDS}s"; done
  PROBE_UNTIL=420 timeout 540 bash results/h100/explore/session27/hints.sh > $R/step09-hints.txt 2>&1
  echo "step09 hints exit $? at ${SECONDS}s"; cat $R/step09-hints.txt ;;
loadhint)
  for h in 0 1; do timeout 90 .probe/step11_lh$h --check > $R/check11_lh$h.txt 2>&1; echo "check lh$h exit $? at ${SECONDS}s"; done
  PROBE_UNTIL=450 timeout 560 bash results/h100/explore/session27/loadhint.sh > $R/loadhint.txt 2>&1
  echo "loadhint exit $? at ${SECONDS}s"; cat $R/loadhint.txt ;;
esac
