#!/bin/sh
# Check the build's dependencies; install what is missing where this machine allows it (root with
# apt-get), otherwise stop with one line naming exactly what to install.
set -u
CXX=${CXX:-g++}
INC=""
[ -n "${DEPS:-}" ] && INC="-isystem $DEPS/include"

has_header() { printf '#include <%s>\n' "$1" | $CXX -std=c++17 $INC -E -x c++ - >/dev/null 2>&1; }

if ! command -v nvcc >/dev/null 2>&1 && [ -z "${NVCC:-}" ]; then
  echo "error: nvcc not found: install the CUDA Toolkit (12.x or 13.x) and put its bin/ on PATH" >&2
  exit 1
fi
missing=""
has_header benchmark/benchmark.h || missing="$missing libbenchmark-dev"
has_header doctest/doctest.h || missing="$missing doctest-dev"
[ -z "$missing" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing:$missing"
  (apt-get install -y -qq $missing >/dev/null 2>&1 ||
    { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq $missing >/dev/null 2>&1; }) || {
    echo "error: apt-get could not install$missing" >&2; exit 1; }
  exit 0
fi
echo "error: missing Google Benchmark / doctest: install the Debian packages$missing (or pass DEPS=/prefix)" >&2
exit 1
