#!/usr/bin/env bash
# Forty-seventh session (H200): a timeline of stage 09 on few rows, after split.sh found that its
# softmax work and merge are 3.4-6.7 us of its 54-58 us on 64 MB and the rest is not them.
# timeline.patch is split.patch plus PROBE_TIMELINE: thread 0 of every block writes %globaltimer at
# each phase boundary of each round of the launcher's 10th launch (inside the timed loop), and the
# launcher prints min / median / max over the blocks to stderr. Two builds (session47.run.sh): `tl`,
# stage 09 with the timeline; `tlall`, the same with PROBE_NOEXP1, NOEXP2 and NOMERGE (no softmax
# work; wrong outputs). Each shape once under each, 30 iterations; the harness's line and the marks.
# TL_SHAPES="DTYPE M N,..." replaces the shapes (session47.run.sh's roundstl part).
IFS=, read -ra shapes <<< "${TL_SHAPES:-f32 8 2097152,f16 8 4194304,f32 4 4194304,f32 8 4194304}"
for s in "${shapes[@]}"; do
  set -- $s
  for v in tl tlall; do
    echo "== $v $1 $2 x $3"
    timeout 60 $SP/$v/step09 --dtype $1 --rows $2 --cols $3 --iters 30 2>&1 \
      | grep -E "^timeline|^  round| $2 +$3 " | grep -v "^check"
  done
done
