#!/usr/bin/env bash
# Probe (thirty-third session): stage 12 with its flags (BASE, the stage as committed) against stage
# 12 with mbarriers in their place (NEW, explore/session32/12_ring_mbarriers.patch), alternate
# processes base, new, base, new (the second pair is the noise), 30 iterations each, on four
# shapes stage 11's rules send to stage 12. Run from the repository root after the build
# (../../session33.run.sh barriers).
. "$(dirname "$0")/../probe.sh"  # ab
ab ring f32 16 1048576 step12
ab ring f16 64 1048576 step12
ab ring f32 64 262144 step12
ab ring f16 8 4194304 step12
