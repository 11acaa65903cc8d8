#!/usr/bin/env bash
# Device runs of the thirty-eighth session (2026-11-27). Each call builds on the device first
# (device_build.sh: Google Benchmark and doctest carried in .deps, the commit in .commit), then:
#   OUT=... bash results/h100/session38.run.sh between   stage 08's block teams: test-gpu's new case
#     on every stage, then the block teams against the teams of a power of two warps
#     (explore/session38/between.sh)
#   OUT=... bash results/h100/session38.run.sh fewer   block teams of 3 warps against more warps with
#     fewer packs a lane and against the team of 4 warps (explore/session38/fewer.sh), then the
#     test-gpu cases on rows 128 B - 128 KB, rows not in packs at each cache and rows between
#     powers of two, on stages 08 and 11
#   OUT=... bash results/h100/session38.run.sh rule   at the final rule: stage 08 with and without
#     block teams and the dispatcher (explore/session38/rule.sh), test-gpu's new case on every
#     stage, then the peers on bench/peers.py's sweeps "between" and "unpacked"
#   OUT=... bash results/h100/session38.run.sh check   the block teams under compute-sanitizer
#     (explore/session38/sanitize.sh), fp32 rows of 32-64 KB on the register block against the
#     block team (explore/session38/reg.sh), then every test-gpu case on stages 08 and 11
#   OUT=... bash results/h100/session38.run.sh team64   fp32 rows in packs of 32-64 KB on the team:
#     against the register block (explore/session38/team64.sh), test-gpu's cases on rows of
#     128 B - 128 KB, corner shapes and rows between powers of two on stages 08 and 11, the
#     dispatcher's fp32 sweep, then the peers on bench/peers.py's sweeps "m2048", "batch" and
#     "between"
#   OUT=... bash results/h100/session38.run.sh full   the peers on bench/peers.py's default sweeps
#     ("m2048", "batch", "vector": the README's table), then "between"
#   OUT=... bash results/h100/session38.run.sh last   every test-gpu case on stages 08 and 11 at the
#     session's last kernel code, then halves rows just past 32 KB on the register block against
#     the block team (explore/session38/halves32.sh)
#   OUT=... bash results/h100/session38.run.sh halves36   halves rows in packs up to 36 KB on the
#     team: against the register block and the dispatcher (explore/session38/halves36.sh), then
#     test-gpu's cases on rows of 128 B - 128 KB, between powers of two, at 08's cache capacities
#     and corner shapes on 08 and 11, and the case between powers on every stage
#   OUT=... bash results/h100/session38.run.sh cap   the block team as its own kernel capped at 56
#     registers (STEP08_CAP=1, an experiment) against team_rows's (explore/session38/cap.sh), then
#     test-gpu's cases between powers and at 08's cache capacities on 08 and 11 with the cap
#   OUT=... bash results/h100/session38.run.sh final   at the session's last code (halves' block
#     teams off the 16-byte boundary capped at 56 registers): the block teams under
#     compute-sanitizer (explore/session38/sanitize.sh), then every test-gpu case on 08 and 11
# Ran on one H100: between at 5f0d9e3, fewer at aa1f650, rule at 74043c4, check at 7a802e6,
# team64 at f3f2312, full at 2c09c8b, last at 999d8d3, halves36 at 40f1b2b, cap at 3323a09, final
# at 3f8dd8f (each build.txt under results/h100/explore/session38/PART/ shows it as
# SOFTMAX_COMMIT). Before part cap the probe and peers helpers moved into device_build.sh, the
# same commands; the parts before it ran them as written in this file then. After part final the
# probe scripts' loops became probe.sh's `variants` and `sanitize`: the same commands in the same
# order, checked against each part's output with stand-in binaries.
set -u
part=${1:-between}
PROBES=results/h100/explore/session38
. results/h100/device_build.sh  # the build, nvidia-smi, R, B, ALL, budget, run, sweeps, tests, probe, peers
case $part in
between)
  tests between "" 200 "*between powers*"
  probe between 590 ;;
fewer)
  probe fewer 330
  tests teams 08,11 $((590 - SECONDS)) "*between powers*,*128 B to 128 KB*,*each of stage 08's cache*,*corner shapes*" ;;
rule)
  probe rule 200
  tests between "" 280 "*between powers*"
  peers between,unpacked $ALL 590 12 ;;
check)
  probe sanitize 200
  probe reg 260
  tests 08-11 08,11 $((590 - SECONDS)) "*" ;;
team64)
  probe team64 150
  tests teams 08,11 200 "*between powers*,*128 B to 128 KB*,*corner shapes*"
  run step11 ./step11
  peers m2048,batch,between $ALL 595 8 ;;
full)
  peers m2048,batch,vector,between $ALL 595 12 ;;
last)
  tests 08-11 08,11 330 "*"
  probe halves32 590 ;;
halves36)
  probe halves36 150
  tests teams 08,11 330 "*between powers*,*128 B to 128 KB*,*each of stage 08's cache*,*corner shapes*"
  tests between "" 590 "*between powers*" ;;
cap)
  probe cap 200
  export STEP08_CAP=1; tests cap 08,11 300 "*between powers*,*each of stage 08's cache*" ;;
final)
  probe sanitize 150
  tests 08-11 08,11 590 "*" ;;
esac
