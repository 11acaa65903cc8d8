#!/usr/bin/env python3
"""test_peers.py — the no-GPU parts of peers.py: the shuffled rounds that time a shape's
implementations (time_rounds), and the order of one timed call: evict_last lines reset, L2 flushed,
spin, events (Timer.time_once). Run by `make test` (target test-peers); needs no torch."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import peers  # noqa: E402  (peers.py imports torch only inside main)


class FakeTimer:
    """Stands in for peers.Timer: runs the call, logs it, and 'takes' the call's own time."""

    def __init__(self):
        self.log = []
        self.spins = []

    def time_once(self, fn, spin_us=0.0):
        self.spins.append(spin_us)
        ms = fn()
        self.last_host_ms = ms / 10  # a stand-in for the host's time in the call
        return ms


def calls_for(keys, log):
    def make(k, ms):
        def call():
            log.append(k)
            return ms
        return call
    return {k: make(k, float(i + 1)) for i, k in enumerate(keys)}


def test_rounds():
    keys = ["copy", "torch", "triton_fused", "step08", "step11"]
    iters = 40
    log = []
    out = peers.time_rounds(FakeTimer(), calls_for(keys, log), iters, seed=7)
    # Every call timed `iters` times, and its own times come back under its own key.
    assert sorted(out) == sorted(keys), out.keys()
    for i, k in enumerate(keys):
        assert out[k] == [float(i + 1)] * iters, (k, out[k][:3])
    # Each round times every call exactly once ...
    rounds = [log[r * len(keys):(r + 1) * len(keys)] for r in range(iters)]
    assert len(log) == iters * len(keys)
    for r in rounds:
        assert sorted(r) == sorted(keys), r
    # ... in orders that change: no call always follows the same one, none always runs first.
    assert len({tuple(r) for r in rounds}) > iters // 2
    assert len({r[0] for r in rounds}) == len(keys)
    for k in keys:
        before = {r[r.index(k) - 1] for r in rounds if r.index(k) > 0}
        assert len(before) >= 2, (k, before)
    # The same seed gives the same orders (a run can be repeated); another seed, others.
    log2 = []
    peers.time_rounds(FakeTimer(), calls_for(keys, log2), iters, seed=7)
    assert log2 == log
    log3 = []
    peers.time_rounds(FakeTimer(), calls_for(keys, log3), iters, seed=8)
    assert log3 != log


def test_host_times():
    keys = ["copy", "step08"]
    host = {}
    out = peers.time_rounds(FakeTimer(), calls_for(keys, []), 5, seed=1, host=host)
    assert sorted(host) == sorted(keys)
    for k in keys:
        assert host[k] == [v / 10 for v in out[k]], (k, host[k])
    # A call's own spin reaches the timer; a call without one gets 0 (the timer's default).
    timer = FakeTimer()
    log = []
    peers.time_rounds(timer, calls_for(keys, log), 4, seed=2, spins={"step08": 900.0})
    assert [s for k, s in zip(log, timer.spins) if k == "step08"] == [900.0] * 4
    assert [s for k, s in zip(log, timer.spins) if k == "copy"] == [0.0] * 4


class FakeDriver:
    """Stands in for libcuda.so.1: cuCtxResetPersistingL2Cache logs its call and returns `rc`."""

    def __init__(self, log, rc=0):
        self.log, self.rc = log, rc

    def cuCtxResetPersistingL2Cache(self):  # noqa: N802 (the driver's name)
        self.log.append("reset")
        return self.rc


def test_persisting_l2_reset():
    def missing(_):
        raise OSError("no libcuda.so.1")
    assert peers._persisting_l2_reset(missing) is None
    assert peers._persisting_l2_reset(lambda _: object()) is None  # a driver without the call
    log = []
    reset = peers._persisting_l2_reset(lambda _: FakeDriver(log))
    reset()
    assert log == ["reset"], log
    failing = peers._persisting_l2_reset(lambda _: FakeDriver([], rc=700))
    try:
        failing()
    except RuntimeError as e:
        assert "700" in str(e), e
    else:
        raise AssertionError("a driver error was not raised")


def test_time_once_order():
    """Timer.time_once resets the evict_last lines before the flush: a reset after it would leave
    the lines a peer kept (results/h100/explore/session41/evict.py) in L2 for the timed call."""
    log = []

    class Logged:
        def __init__(self, name):
            self.name = name

        def zero_(self):
            log.append(self.name)

        def record(self):
            log.append(self.name)

        def synchronize(self):
            pass

        def elapsed_time(self, _):
            return 0.5

    timer = object.__new__(peers.Timer)  # no torch: only what time_once touches
    timer.reset_l2 = lambda: log.append("reset")
    timer.flush, timer.start, timer.stop = Logged("flush"), Logged("start"), Logged("stop")
    timer.spin_cycles = 0
    assert timer.time_once(lambda: log.append("call")) == 0.5
    assert log == ["reset", "flush", "start", "call", "stop"], log


def test_median():
    assert peers.median([3.0, 1.0, 2.0]) == 2.0
    assert peers.median([4.0, 1.0, 3.0, 2.0]) == 2.5


if __name__ == "__main__":
    tests = [test_rounds, test_host_times, test_persisting_l2_reset, test_time_once_order, test_median]
    failed = 0
    for t in tests:
        try:
            t()
        except AssertionError as e:
            failed += 1
            print(f"FAILED {t.__name__}: {e}")
    print(f"test_peers: {len(tests) - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
