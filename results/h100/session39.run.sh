#!/usr/bin/env bash
# Device runs of the thirty-ninth session (2026-11-28). Each call builds on the device first
# (device_build.sh: Google Benchmark and doctest carried in .deps, the commit in .commit), then:
#   OUT=... bash results/h100/session39.run.sh halves42   stage 08's capped block teams on halves
#     rows of 32-42 KB (the team takes them to 40 KB: 20 warps) against the launcher before (explore/session39/halves42.sh), the capped
#     teams under compute-sanitizer (explore/session39/sanitize.sh), test-gpu's case between
#     powers on every stage, then its cases on rows of 128 B - 128 KB, at 08's cache capacities
#     and corner shapes on 08 and 11
#   OUT=... bash results/h100/session39.run.sh final   every test-gpu case on stages 08 and 11, the
#     case between powers on every stage, then every stage and peer on bench/peers.py's default
#     sweeps (the README's table)
#   OUT=... bash results/h100/session39.run.sh sweeps   the dispatcher's sweeps in three dtypes,
#     then the peers on the sweeps "between" and "unpacked"
#   OUT=... bash results/h100/session39.run.sh check   at the session's last code (choose() asks the
#     occupancy calculator only for rows of up to 64 KB): stage 08's default on halves rows of 20
#     and 21 warps against the team and the register block forced (explore/session39/paths.sh),
#     every test-gpu case on stages 08 and 11, and the case between powers on every stage
# Ran on one H100: halves42 at 9d7320c, final and sweeps at 467b0fa, check at 752b6d4 and again at
# 13bcea8 (its output moved to explore/session39/check2/). Part final
# ran bench/peers.py written out in full with its default sweeps and implementations, the same
# call as the peers helper it uses now (an empty IMPLS is every implementation).
set -u
part=${1:-halves42}
PROBES=results/h100/explore/session39
. results/h100/device_build.sh  # the build, nvidia-smi, R, B, ALL, budget, run, sweeps, tests, probe, peers
case $part in
halves42)
  probe halves42 330
  probe sanitize 430
  tests between "" 450 "*between powers*"
  tests teams 08,11 $((590 - SECONDS)) "*128 B to 128 KB*,*each of stage 08's cache*,*corner shapes*" ;;
final)
  tests 08-11 08,11 300 "*"
  tests between "" 320 "*between powers*"
  peers m2048,batch,vector "" 595 12 ;;  # the default sweeps, every implementation
sweeps)
  sweeps step11
  peers between,unpacked $ALL 595 8 ;;
check)
  probe paths 120
  tests 08-11 08,11 420 "*"
  tests between "" 440 "*between powers*" ;;
esac
