#!/usr/bin/env bash
# Device runs of the forty-fourth session (2026-11-28), on an H200: the code of today on the second
# GPU (docs/h200.md had 0649c41's, the kernels of 32f9d93), and why many long rows gain less than the
# copy there. Each call builds on the device first (results/h100/device_build.sh), then:
#   OUT=... bash results/h200/session44.run.sh check   explore/session44/phases.sh (the phases of a
#     one-pass row, one at a time), the dispatcher's sweeps in three dtypes, then every test-gpu
#     case on stages 01-07 and on 09, 10 and 12 (until the call's time)
#   OUT=... bash results/h200/session44.run.sh peers   explore/session44/exp.sh (the halves'
#     exponentials on the SFU, once, or on the FMA pipe; stage 12's shapes against 09), every
#     test-gpu case on 08 and 11, then every stage and peer on bench/peers.py's default sweeps (the
#     flush made whole since the first H200 run; it writes after every shape)
#   OUT=... bash results/h200/session44.run.sh phases   phases.sh again, its fp16 check's tolerance
#     now allowing for subnormal outputs (check's run stopped at that check)
#   OUT=... bash results/h200/session44.run.sh last   explore/session44/table.sh (the rules against
#     the H200's tuned tables on the shapes the rules give stage 12), then the dispatcher under
#     compute-sanitizer on one shape per stage (explore/session44/sanitize.sh)
# Ran: check at 2962f46, phases at eb8cbef, peers at d9b7b53, last at 5106a2e (181965b's steps/ and
# common/ in each), each call on an NVIDIA H200 from a fresh start.
set -u
part=${1:-check}
PROBES=results/h200/explore/session44
. results/h100/device_build.sh  # the build, nvidia-smi, R, B, ALL, budget, run, sweeps, tests, probe, peers
export DEPS R commit
case $part in
check)
  probe phases 200
  sweeps step11
  tests 01-07 01,02,03,04,05,06,07 150 "*"
  tests 09-10-12 09,10,12 $((588 - SECONDS)) "*" ;;
peers)
  probe exp 200
  tests 08-11 08,11 180 "*"
  peers m2048,batch,vector "" 590 12 ;;
phases)
  probe phases 300 ;;
last)
  probe table 180
  probe sanitize 420 ;;
esac
