#!/usr/bin/env bash
# Device runs prepared in the twenty-fourth session, which had no device time left (55 s; the
# twenty-third session's calls used the rest). Run in the twenty-sixth (session26.md). The call builds on the device first
# (device_build.sh: Google Benchmark and doctest carried in .deps, the commit in .commit):
#   mkdir -p .deps/include .deps/lib && cp -r /usr/include/benchmark /usr/include/doctest .deps/include \
#     && cp -a /usr/lib/x86_64-linux-gnu/libbenchmark.so* .deps/lib && git rev-parse --short HEAD > .commit
#   then run, carrying .deps and .commit:
#   OUT=... bash results/h100/session24.run.sh stream  the prepared stage 12 (explore/session24/
#     12_stream.cu) copied into steps/ and built with every stage (step11 links it but never picks
#     it); ./step12 --explain; ./step12 --check in three dtypes (a failure or a hang, 60 s each,
#     ends the call there); stage 12 beside stage 11 on 17 few-row shapes and its knobs
#     (explore/session24/stream.sh); then every test-gpu case on stage 12 in what time is left
set -u
part=${1:-stream}
case $part in
stream) cp results/h100/explore/session24/12_stream.cu steps/12_stream.cu ;;
esac
. results/h100/device_build.sh  # the build, R, B, budget, run, sweeps, tests
case $part in
stream)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  ./step12 --explain > $R/step12.explain.txt 2>&1
  for t in f32 f16 bf16; do
    timeout 60 ./step12 --check --dtype $t; echo "check $t exit $? at ${SECONDS}s"
  done > $R/check12.txt 2>&1
  cat $R/check12.txt
  grep -q "exit [^0]" $R/check12.txt && { echo "a check failed or hung: no timing, no test-gpu"; exit 1; }
  timeout 330 bash results/h100/explore/session24/stream.sh > $R/stream.txt 2>&1
  echo "stream exit $? at ${SECONDS}s"; cat $R/stream.txt
  tests 12 12 $((590 - SECONDS)) "*" ;;
esac
