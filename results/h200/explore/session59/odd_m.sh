# odd_m.sh — sourced by rcp.sh and direct.sh (fifty-ninth session):
#   odd_m_checks PREFIX ENV... BINARY   BINARY --check (after `env ENV...`) on pack_rows' lengths
#                                       at odd M and M past a grid's last whole block; one line a
#                                       shape: "PREFIX DTYPE M x N: exit CODE, K fail lines"
odd_m_checks() {
  local prefix=$1 t m n; shift
  while read -r t m n; do
    env "$@" --check --dtype $t --rows $m --cols $n > /tmp/chk.txt 2>&1
    echo "${prefix:+$prefix }$t $m x $n: exit $? $(grep -ciE 'fail|wrong' /tmp/chk.txt) fail lines"
  done <<'S'
f32 1 2
f32 3 2
f32 16777215 2
f32 7 1
f16 3 2
f16 4097 2
f16 33 1
bf16 5 4
bf16 8388607 4
f16 1 4
S
}
