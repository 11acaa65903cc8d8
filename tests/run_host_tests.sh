#!/bin/sh
# Host tests (doctest) and the stages' command-line behaviour, on a machine with or without a GPU.
# Prints one closing line "tests: P passed, F failed".
set -u
passed=0 failed=0
ok()   { passed=$((passed + 1)); }
bad()  { failed=$((failed + 1)); echo "FAILED: $*"; }

# 1. doctest host tests: take its own counts.
out=$(build/test_host 2>&1); status=$?
echo "$out" | tail -n 3
cases=$(echo "$out" | sed -n 's/.*test cases: *\([0-9]*\) | *\([0-9]*\) passed | *\([0-9]*\) failed.*/\2 \3/p')
if [ -n "$cases" ]; then
  passed=$((passed + ${cases% *})); failed=$((failed + ${cases#* }))
fi
[ $status -eq 0 ] || [ -n "$cases" ] || bad "build/test_host exited $status"

# 2. Every stage: usage errors exit 2 with one error line, --help exits 0, no GPU exits 3.
expect() {  # expect CODE STAGE ARGS...
  want=$1; shift; stage=$1; shift
  msg=$(./$stage "$@" 2>&1 >/dev/null); got=$?
  if [ $got -eq "$want" ]; then ok; else bad "./$stage $* exited $got, expected $want: $msg"; return; fi
  if [ "$want" -ne 0 ] && ! echo "$msg" | grep -q "error:"; then bad "./$stage $*: no 'error:' line"; fi
  if [ "$want" -eq 2 ] && ! echo "$msg" | grep -q "usage:"; then bad "./$stage $*: no usage line"; fi
}
has_gpu=0
nvidia-smi -L >/dev/null 2>&1 && has_gpu=1
for s in "$@"; do
  expect 0 "$s" --help
  expect 2 "$s" --rows abc --cols 4
  expect 2 "$s" --rows 4
  expect 2 "$s" --cols 0 --rows 1
  expect 2 "$s" --bogus
  expect 2 "$s" --dtype f64
  expect 2 "$s" --rows 2 --cols 4 --ld 3
  case "$s" in step10|step11) ;; *) expect 2 "$s" --rows 2 --cols 4 --ld 8 ;; esac  # no strided launcher
  [ $has_gpu -eq 0 ] && expect 3 "$s" --check
done
# 3. The tracked tree stays small enough to travel to the GPU machine, which takes at most 64 MiB
#    with the build aids carried beside it (results/README.md: big logs are kept as .txt.gz).
#    Measured as that copy is, a tar of the tracked files; skipped outside a git checkout.
limit=$((62 * 1024 * 1024))
if size=$(git ls-files -z 2>/dev/null | tar --null -cf - -T - 2>/dev/null | wc -c) && [ "$size" -gt 10240 ]; then
  if [ "$size" -le $limit ]; then ok
  else bad "the tracked tree is $((size / 1048576)) MiB as a tar, over 62 MiB: compress big logs (results/README.md)"; fi
fi

echo "tests: $passed passed, $failed failed"
[ $failed -eq 0 ]
