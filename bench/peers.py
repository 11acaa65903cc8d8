#!/usr/bin/env python3
"""peers.py — the project's stages against what a user would pick instead, in one process.

Every implementation runs on the same input (the harness's: normal with outliers, seed 42), on the
same GPU, timed the same way as ./stepNN times a stage:
  * the L2 cache flushed (a memset of max(2 x L2, 64 MB)) before every timed iteration,
  * CUDA events around the call, 3 warm-up calls first, the median of 100 iterations (20 when the
    input is 1 GB or more),
  * a device-to-device copy of the same bytes timed the same way, per shape: the ceiling,
  * effective bandwidth 2*M*N*sizeof(T) / median, and % of the copy.
One difference, on purpose: a GPU spin (torch.cuda._sleep) is queued before the start event, so the
GPU is still busy while Python makes its call and Python's launch overhead is not timed: 200 us, or
twice the host's longest warm-up call after the first where that is longer (torch.compile's calls took
the host 90-360 us in the sweeps, more than 200 on the few-row shapes). Each record keeps its spin
(spin_us) and the host's median time in the call (host_us); a call that outlasts its spin is named
in the notes. In ./stepNN the L2 flush hides the (smaller) C++ launch overhead the same way.

Each output is checked before it is timed (after the warm-up calls, which start from an output
poisoned with 0xFF bytes, so an unwritten element reads as NaN) against a float64 reference with the
harness's tolerances; a failed check is recorded with its reason and no bandwidth.

The implementations of a shape, the copy among them, are timed in rounds: each round times every one
once, in an order shuffled per round (seeded), and each gets the median of its rounds. Timed one
after another instead, what ran just before changed the small shapes: Triton's fused kernel took
13.3 us at fp32 2048 x 2048 after torch.softmax and torch.compile, and 15.7 us after the copy alone
(results/h100/explore/session11/order.txt).

Implementations (a missing one is skipped with a note, never a failure):
  torch          torch.softmax(x, -1)
  torch_compile  torch.compile of the same (static shapes: one compile per shape and dtype)
  triton_fused   bench/triton_softmax.py: one program per row, the row in one block
  triton_online  bench/triton_softmax.py: online two-pass, rows split into chunks when rows are few
  liger          Liger-Kernel's softmax (liger_kernel.ops.softmax), where the package is installed
  copy           the device-to-device copy (cudaMemcpyAsync): the ceiling
  stepNN         every stage in build/libsoftmax.so (`make lib`), on the shapes its refuse() accepts;
                 step11 is the dispatcher, whose records also say which stage it ran ("dispatch")

Usage:
  python3 bench/peers.py                      # every sweep, fp32 and fp16 -> results/<gpu>/peers.json
  python3 bench/peers.py --quick              # a few shapes, 10 iterations: checks the pipeline
  python3 bench/peers.py --filter 'torch/f16/M:2048/.*' --impls torch,step02 --sweeps m2048
  python3 bench/peers.py --sweeps m2048 && python3 bench/peers.py --sweeps batch,vector --append
                                              # in two commands, merged into one peers.json
"""
from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import random
import re
import subprocess
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

# ---- shapes ----------------------------------------------------------------------------------

# The worklog's bandwidth sweep: M = 2048, N = 2^10 .. 2^18.
SWEEP_M2048 = [(2048, 1 << k) for k in range(10, 19)]
# The batch x hidden_size tables of the fp16 source worklog: small/large batch, short/long rows.
SWEEP_BATCH = [(128, 1024)] + [(2048, n) for n in (1024, 2048, 4096, 8192)] + \
              [(4, n) for n in (16384, 32768, 65536, 114688, 262144, 1048576, 8388608, 33554432)]
# One huge vector: M = 1, N = 2^20 .. 2^26.
SWEEP_VECTOR = [(1, 1 << k) for k in range(20, 27)]
# Rows not a whole number of 16-byte packs (seventeenth session; not in the default run): GPT-2's
# vocabulary (50257), lengths just past a power of two, past stage 08's widest cache (65537 floats)
# and stage 10's widest cluster of 2 (131073), at M = 2048 and 128.
SWEEP_UNPACKED = [(2048, n) for n in (1001, 4097, 16385, 50257, 65537, 131073)] + [(128, 50257), (128, 131073)]
# Short rows (thirty-sixth session; not in the default run): N = 2 .. 512 in matrices of 2^25
# elements (128 MB fp32), where a warp per row leaves lanes idle, a mixture-of-experts router's
# 16384 tokens x 8 / 64 / 256 experts, and four lengths not in 16-byte packs (10: the classes of
# MNIST or CIFAR-10).
SWEEP_SMALL = [(1 << (25 - k), 1 << k) for k in range(1, 10)] + [(16384, n) for n in (8, 64, 256)] + \
              [(1 << 23, 3), (1 << 22, 10), (1 << 19, 50), (65536, 500)]
# Language-model logits (thirty-sixth session; not in the default run): 4096 tokens over the
# vocabularies of Llama 2 (32000), GPT-2 (50257), Llama 3 (128256) and Qwen 2 (151936), and
# 2048 tokens over Gemma's (256000).
SWEEP_MODELS = [(4096, n) for n in (32000, 50257, 128256, 151936)] + [(2048, 256000)]
# Rows between the powers of two (thirty-eighth session; not in the default run): 4096 tokens of
# hidden sizes 1536 .. 12288 that are not powers of two, and lengths just past 2^11 .. 2^13 (2049
# and 8193 not in 16-byte packs, 4104 and 8200 one halves' pack past).
SWEEP_BETWEEN = [(4096, n) for n in (1536, 2560, 3072, 5120, 6144, 10240, 12288, 2049, 4104, 8193, 8200)]
SWEEPS = {"m2048": SWEEP_M2048, "batch": SWEEP_BATCH, "vector": SWEEP_VECTOR, "unpacked": SWEEP_UNPACKED,
          "small": SWEEP_SMALL, "models": SWEEP_MODELS, "between": SWEEP_BETWEEN}
QUICK_SHAPES = {(2048, 1024), (2048, 16384), (2048, 262144), (128, 1024), (4, 65536), (4, 1048576),
                (1, 1 << 20), (1, 1 << 24)}

PEERS = ["torch", "torch_compile", "triton_fused", "triton_online", "liger"]
LABELS = {"torch": "torch.softmax", "torch_compile": "torch.compile", "triton_fused": "Triton fused",
          "triton_online": "Triton online", "liger": "Liger", "copy": "D2D copy"}
# The harness's tolerances (common/dtype.h): rel_l2, max_abs, |row sum - 1|.
TOLERANCE = {"f32": (1e-5, 1e-4, 1e-4), "f16": (2e-3, 1e-3, 1e-2), "bf16": (1e-2, 8e-3, 5e-2)}
ELEM_SIZE = {"f32": 4, "f16": 2, "bf16": 2}


def short_gpu_name(name: str) -> str:
    """'NVIDIA H100 80GB HBM3' -> 'h100': the first word holding a digit (DeviceInfo::short_name)."""
    for word in re.split(r"[^0-9a-zA-Z]+", name):
        if any(c.isdigit() for c in word):
            return word.lower()
    return "gpu"


def git_commit() -> str:
    try:
        out = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True,
                             text=True, timeout=10)
        if out.returncode == 0 and out.stdout.strip():
            return out.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        with open(os.path.join(ROOT, ".commit")) as f:
            return f.read().strip() or "unknown"
    except OSError:
        return "unknown"


def nvidia_smi_driver() -> str:
    try:
        out = subprocess.run(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
                             capture_output=True, text=True, timeout=20)
        return out.stdout.strip().splitlines()[0] if out.returncode == 0 else ""
    except (OSError, subprocess.SubprocessError, IndexError):
        return ""


def default_iters(M: int, N: int, dtype: str) -> int:
    return 20 if M * N * ELEM_SIZE[dtype] >= (1 << 30) else 100  # as the harness's default_iters


# ---- timing ----------------------------------------------------------------------------------

def _persisting_l2_reset(load=None):
    """A call that resets the current context's persisting (evict_last) L2 lines to normal, or None
    where the driver (libcuda.so.1, through `load`: ctypes.CDLL unless given) has no
    cuCtxResetPersistingL2Cache. The call raises RuntimeError if the driver returns an error."""
    import ctypes
    try:
        fn = (load or ctypes.CDLL)("libcuda.so.1").cuCtxResetPersistingL2Cache
    except (OSError, AttributeError):
        return None

    def reset():
        rc = fn()
        if rc != 0:
            raise RuntimeError(f"cuCtxResetPersistingL2Cache failed: CUresult {rc}")
    return reset


class Timer:
    """L2 flush + GPU spin + CUDA events around one call (time_once); milliseconds."""

    def __init__(self, torch, spin_us: float = 200.0):
        self.torch = torch
        props = torch.cuda.get_device_properties(0)
        l2 = int(getattr(props, "L2_cache_size", 0) or 50 << 20)
        self.flush = torch.empty(max(2 * l2, 64 << 20), dtype=torch.uint8, device="cuda")
        self.start = torch.cuda.Event(enable_timing=True)
        self.stop = torch.cuda.Event(enable_timing=True)
        self.spin_us = spin_us
        self.spin_cycles = 0
        self.note = ""
        # Lines loaded with an evict_last hint (Inductor's looped reductions load x that way) outlive
        # the memset, and every call timed after them reads part of x from L2; resetting them to
        # normal before each flush lets the memset evict them (results/h100/explore/session41/evict.py).
        self.reset_l2 = _persisting_l2_reset()
        self.flush_note = ("L2: evict_last lines reset (cuCtxResetPersistingL2Cache), then a memset of "
                           f"{self.flush.numel() >> 20} MB before each timed call" if self.reset_l2 else
                           "L2: a memset before each timed call; no cuCtxResetPersistingL2Cache here, so "
                           "lines a peer loaded with evict_last may survive it")
        if hasattr(torch.cuda, "_sleep"):
            # Calibrate the spin: cycles per microsecond of this GPU's clock, as it runs now.
            torch.cuda._sleep(1000)
            self.start.record()
            torch.cuda._sleep(1_000_000)
            self.stop.record()
            self.stop.synchronize()
            us = self.start.elapsed_time(self.stop) * 1e3
            self.spin_cycles = int(1_000_000 * spin_us / max(us, 1.0))
            self.note = (f"GPU spin before each start event (torch.cuda._sleep): {spin_us:.0f} us, or "
                         f"longer for a call whose warm-up calls took the host longer (spin_us in its record)")
        else:
            self.note = "no torch.cuda._sleep: Python launch overhead may be timed for small shapes"

    def time_once(self, fn, spin_us: float = 0.0) -> float:
        """One timed call: L2 reset and flush, GPU spin (spin_us, default the timer's), start event,
        fn(), stop event; milliseconds. The spin keeps the GPU busy while the host makes the call:
        the host's time in it (last_host_ms) is not timed while it is shorter than the spin."""
        if self.reset_l2:  # not stream-ordered: the GPU is idle here (the last call synchronised)
            self.reset_l2()
        self.flush.zero_()
        if self.spin_cycles:
            self.torch.cuda._sleep(int(self.spin_cycles * (spin_us or self.spin_us) / self.spin_us))
        self.start.record()
        t0 = time.perf_counter()
        fn()
        self.last_host_ms = (time.perf_counter() - t0) * 1e3  # the host's time in the call
        self.stop.record()
        self.stop.synchronize()
        return self.start.elapsed_time(self.stop)


def time_rounds(timer: Timer, calls: dict, iters: int, seed: int, host: dict | None = None,
                spins: dict | None = None) -> dict:
    """{key: [ms, ...]}: every call timed `iters` times, in rounds that time each call once, in an
    order shuffled per round (random.Random(seed)), so that no call always follows the same one.
    With `host`, also {key: [the host's ms in the call, ...]} there (timer.last_host_ms); `spins`
    gives a call its own GPU spin in us (default: the timer's)."""
    rng = random.Random(seed)
    order = list(calls)
    out = {k: [] for k in order}
    for _ in range(iters):
        rng.shuffle(order)
        for k in order:
            out[k].append(timer.time_once(calls[k], (spins or {}).get(k, 0.0)))
            if host is not None:
                host.setdefault(k, []).append(getattr(timer, "last_host_ms", 0.0))
    return out


def median(v: list[float]) -> float:
    s = sorted(v)
    n = len(s)
    return s[n // 2] if n % 2 else 0.5 * (s[n // 2 - 1] + s[n // 2])


# ---- checking --------------------------------------------------------------------------------

def check_output(torch, x, y, dtype: str) -> str:
    """'' when y = softmax(x) within the harness's tolerances, else why not. Rows compared against
    a float64 reference: all up to 2^24 elements, else 64 spread out; every row: finite, in [0, 1]
    (an unwritten element is still the 0xFF poison, a NaN), and summing to 1."""
    rel_tol, abs_tol, sum_tol = TOLERANCE[dtype]
    M, N = x.shape
    if M * N <= (1 << 24) or M <= 64:
        rows = torch.arange(M, device=x.device)
    else:
        rows = torch.unique(torch.tensor([k * (M - 1) // 63 for k in range(64)], device=x.device))
    worst_rel = worst_abs = 0.0
    err2 = ref2 = 0.0
    step = max(1, (1 << 24) // N)
    for i in range(0, len(rows), step):
        r = rows[i:i + step]
        ref = torch.softmax(x[r].double(), dim=-1)
        d = y[r].double() - ref
        if not bool(torch.isfinite(d).all()):
            return "NaN or unwritten element in a compared row"
        err2 += float((d * d).sum())
        ref2 += float((ref * ref).sum())
        worst_abs = max(worst_abs, float(d.abs().max()))
    worst_rel = math.sqrt(err2 / ref2) if ref2 > 0 else math.sqrt(err2)
    # Every row, in slabs of about 2^26 elements.
    worst_sum = 0.0
    slab = max(1, (1 << 26) // N)
    for r0 in range(0, M, slab):
        ys = y[r0:r0 + slab]
        if not bool(torch.isfinite(ys).all()):
            return f"NaN or unwritten element in rows {r0}..{r0 + len(ys) - 1}"
        if bool((ys < 0).any()) or bool((ys > 1).any()):
            return f"element outside [0, 1] in rows {r0}..{r0 + len(ys) - 1}"
        worst_sum = max(worst_sum, float((ys.sum(dim=-1, dtype=torch.float64) - 1).abs().max()))
    if worst_rel > rel_tol or worst_abs > abs_tol or worst_sum > sum_tol:
        return f"rel_l2={worst_rel:.2e} max_abs={worst_abs:.2e} row_sum_err={worst_sum:.2e} " \
               f"(tolerance {rel_tol:g}/{abs_tol:g}/{sum_tol:g})"
    return ""


# ---- the implementations ---------------------------------------------------------------------

class Impl:
    """One implementation: prepare(x) -> (call, output getter) for a shape, or a reason to skip."""

    def __init__(self, key: str, kind: str, label: str):
        self.key, self.kind, self.label = key, kind, label

    def refuse(self, dtype: str, M: int, N: int) -> str:
        return ""

    def prepare(self, x, y, dtype: str):
        raise NotImplementedError

    def describe(self, dtype: str, M: int, N: int) -> dict:
        """Extra fields for this implementation's record of a shape (none by default)."""
        return {}


def dispatch_chooser(lib_path: str):
    """The dispatcher's choice (stage 11; bench/capi.cu softmax_dispatch_choice) as a function
    (dtype, M, N) -> "<stage id>: <reason>" ("none: <why>" when no stage takes the shape), or None
    when the library has no such function."""
    import ctypes
    lib = ctypes.CDLL(os.path.abspath(lib_path))  # the library SoftmaxLib loaded: the same handle
    f = getattr(lib, "softmax_dispatch_choice", None)
    if f is None:
        return None
    f.argtypes = [ctypes.c_char_p, ctypes.c_int64, ctypes.c_int64, ctypes.c_int64, ctypes.c_char_p,
                  ctypes.c_int]

    def choose(dtype: str, M: int, N: int) -> str:
        buf = ctypes.create_string_buffer(1024)
        rc = f(dtype.encode(), M, N, N, buf, len(buf))
        text = buf.value.decode(errors="replace")
        return text if rc == 0 else f"none: {text}"
    return choose


def build_impls(args, torch, notes: list[str], versions: dict) -> list[Impl]:
    impls: list[Impl] = []

    class TorchSoftmax(Impl):
        def prepare(self, x, y, dtype):
            box = {}
            def call():
                box["y"] = torch.softmax(x, dim=-1)
            return call, lambda: box["y"]

    class TorchCompile(Impl):
        def __init__(self, *a):
            super().__init__(*a)
            import torch._dynamo as dynamo
            # One compile per shape and dtype (static shapes); never fall back to eager silently.
            for name in ("cache_size_limit", "recompile_limit", "accumulated_cache_size_limit",
                         "accumulated_recompile_limit"):
                if hasattr(dynamo.config, name):
                    setattr(dynamo.config, name, 4096)
            self.fn = torch.compile(lambda t: torch.softmax(t, dim=-1), dynamic=False)

        def prepare(self, x, y, dtype):
            box = {}
            def call():
                box["y"] = self.fn(x)
            return call, lambda: box["y"]

    impls.append(TorchSoftmax("torch", "peer", LABELS["torch"]))
    try:
        impls.append(TorchCompile("torch_compile", "peer", LABELS["torch_compile"]))
    except Exception as e:  # noqa: BLE001 - any failure means: skip this peer
        notes.append(f"torch_compile skipped: {type(e).__name__}: {e}")

    try:
        import triton
        import triton_softmax as ts
        versions["triton"] = triton.__version__
        sm_count = torch.cuda.get_device_properties(0).multi_processor_count

        class TritonFused(Impl):
            def refuse(self, dtype, M, N):
                if N > args.fused_max_n:
                    return (f"row of {N} elements does not fit one program's registers "
                            f"(limit here {args.fused_max_n}; --fused-max-n raises it)")
                return ""

            def prepare(self, x, y, dtype):
                return (lambda: ts.softmax_fused(x, y)), (lambda: y)

        class TritonOnline(Impl):
            def prepare(self, x, y, dtype):
                run = ts.OnlineSoftmax(x.shape[0], x.shape[1], x.device, sm_count)
                return (lambda: run(x, y)), (lambda: y)

        impls.append(TritonFused("triton_fused", "peer", LABELS["triton_fused"]))
        impls.append(TritonOnline("triton_online", "peer", LABELS["triton_online"]))
    except Exception as e:  # noqa: BLE001
        notes.append(f"triton_fused, triton_online skipped: {type(e).__name__}: {e}")

    try:
        try:
            from liger_kernel.ops.softmax import LigerSoftmaxFunction
        except ImportError:
            from liger_kernel.ops import LigerSoftmaxFunction  # type: ignore
        try:
            import importlib.metadata as md
            versions["liger_kernel"] = md.version("liger-kernel")
        except Exception:  # noqa: BLE001
            versions["liger_kernel"] = "unknown"

        class Liger(Impl):
            def prepare(self, x, y, dtype):
                box = {}
                def call():
                    box["y"] = LigerSoftmaxFunction.apply(x)
                return call, lambda: box["y"]

        impls.append(Liger("liger", "peer", LABELS["liger"]))
    except Exception as e:  # noqa: BLE001
        notes.append(f"liger skipped: Liger-Kernel is not installed ({type(e).__name__})")

    if args.no_lib:
        notes.append("project stages skipped: --no-lib")
    else:
        try:
            from softmax_lib import SoftmaxLib
            lib = SoftmaxLib(args.lib)
            versions["lib_commit"] = lib.commit()
            versions["driver"] = str(lib.driver_version())
            versions["cuda_runtime"] = str(lib.runtime_version())
            args.lib_handle = lib

            class StageImpl(Impl):
                def __init__(self, st):
                    super().__init__(st.impl, "stage", st.label)
                    self.st = st

                def refuse(self, dtype, M, N):
                    return lib.refuse(self.st, dtype, M, N)

                def prepare(self, x, y, dtype):
                    return (lambda: lib.launch(self.st, dtype, x, y)), (lambda: y)

                def describe(self, dtype, M, N):
                    # The dispatcher's records say which stage it ran.
                    if self.st.id != "11" or chooser is None:
                        return {}
                    return {"dispatch": chooser(dtype, M, N)}

            stages = lib.stages()
            chooser = dispatch_chooser(args.lib) if any(st.id == "11" for st in stages) else None
            if not stages:
                notes.append(f"{args.lib} holds no stage")
            if args.preflight:
                stages = [st for st in stages if preflight(st, lib, args, notes)]
            impls.extend(StageImpl(st) for st in stages)
        except Exception as e:  # noqa: BLE001
            notes.append(f"project stages skipped: {type(e).__name__}: {e}")

    wanted = set(args.impls.split(",")) if args.impls else None
    if wanted:
        impls = [i for i in impls if i.key in wanted or (i.kind == "stage" and "stages" in wanted)]
    excluded = set(args.exclude.split(",")) if args.exclude else set()
    return [i for i in impls if i.key not in excluded]


def preflight(st, lib, args, notes: list[str]) -> bool:
    """Run ./stepNN --check (each dtype the stage has) in a subprocess first: a stage whose launcher
    hits a CUDA error stops its process, and this one must not die with it."""
    binary = os.path.join(ROOT, st.impl)
    if args.impls and st.impl not in args.impls.split(",") and "stages" not in args.impls.split(","):
        return True  # not wanted anyway
    if not os.path.exists(binary):
        notes.append(f"{st.impl}: no ./{st.impl} binary, not pre-checked")
        return True
    for dtype in [d for d in args.dtypes.split(",") if d and lib.has(st, d)]:
        try:
            r = subprocess.run([binary, "--check", "--dtype", dtype], capture_output=True, text=True,
                               timeout=300, cwd=ROOT)
            rc = r.returncode
        except subprocess.TimeoutExpired:
            rc = "timeout"
        if rc != 0:
            notes.append(f"{st.impl} skipped: ./{st.impl} --check --dtype {dtype} failed (exit {rc})")
            print(f"preflight: ./{st.impl} --check --dtype {dtype}: exit {rc}; stage left out", flush=True)
            return False
    print(f"preflight: ./{st.impl} --check ok", flush=True)
    return True


# ---- the run ---------------------------------------------------------------------------------

def plan_shapes(args) -> list[tuple[tuple[int, int], list[str]]]:
    """Unique shapes in sweep order, each with the sweeps it belongs to."""
    order: dict[tuple[int, int], list[str]] = {}
    for name in args.sweeps.split(","):
        if name not in SWEEPS:
            raise SystemExit(f"error: unknown sweep '{name}' (have {', '.join(SWEEPS)})")
        for shape in SWEEPS[name]:
            if args.quick and shape not in QUICK_SHAPES:
                continue
            order.setdefault(shape, []).append(name)
    return list(order.items())


def write_json(path: str, doc: dict) -> None:
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    os.replace(tmp, path)


def print_table(records: list[dict], dtypes: list[str]) -> None:
    """The short table printed last: GB/s per implementation (rows) and shape (columns)."""
    ok = [r for r in records if "GB/s" in r]
    if not ok:
        print("\nno measurements")
        return
    order: list[str] = []
    labels = {}
    for r in ok:
        if r["impl"] not in order:
            order.append(r["impl"])
            labels[r["impl"]] = r["label"]
    order.sort(key=lambda k: (k == "copy", not k.startswith("step"), k))
    for dtype in dtypes:
        rows = [r for r in ok if r["dtype"] == dtype]
        if not rows:
            continue
        for sweep in SWEEPS:
            shapes = []
            for r in rows:
                if sweep in r["sweeps"] and (r["M"], r["N"]) not in shapes:
                    shapes.append((r["M"], r["N"]))
            if not shapes:
                continue
            shapes.sort(key=SWEEPS[sweep].index)
            by = {(r["impl"], r["M"], r["N"]): r for r in rows}
            def col(s):
                m, n = s
                k = int(math.log2(n)) if n & (n - 1) == 0 else None
                nn = f"2^{k}" if k is not None and n >= 65536 else str(n)
                return nn if sweep in ("m2048", "vector") else f"{m}x{nn}"
            heads = [col(s) for s in shapes]
            width = max(8, max(len(h) for h in heads) + 1)
            print(f"\nGB/s, {dtype}, sweep {sweep}" + (" (M = 2048)" if sweep == "m2048" else
                                                      " (M = 1)" if sweep == "vector" else ""))
            print(f"{'':16}" + "".join(f"{h:>{width}}" for h in heads))
            for impl in order:
                cells = []
                for m, n in shapes:
                    r = by.get((impl, m, n))
                    cells.append(f"{r['GB/s']:>{width}.0f}" if r else f"{'-':>{width}}")
                if any(c.strip() != "-" for c in cells):
                    print(f"{labels[impl][:16]:16}" + "".join(cells))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", help="JSON output (default results/<gpu>/peers.json)")
    p.add_argument("--lib", default=os.path.join(ROOT, "build", "libsoftmax.so"),
                   help="the stages' shared library (make lib)")
    p.add_argument("--no-lib", action="store_true", help="peers only, no project stage")
    p.add_argument("--quick", action="store_true", help="a few shapes, 10 iterations")
    p.add_argument("--iters", type=int, default=0, help="timed iterations (default 100, 20 from 1 GB)")
    p.add_argument("--dtypes", default="f32,f16", help="comma list of f32, f16, bf16")
    p.add_argument("--sweeps", default="m2048,batch,vector", help="comma list of " + ", ".join(SWEEPS))
    p.add_argument("--impls", default="", help="comma list of impl keys (torch, torch_compile, "
                   "triton_fused, triton_online, liger, stepNN, or 'stages'); default all")
    p.add_argument("--append", action="store_true",
                   help="merge into an existing --out file: records measured again replace the old ones")
    p.add_argument("--exclude", default="", help="comma list of impl keys to leave out")
    p.add_argument("--no-preflight", dest="preflight", action="store_false",
                   help="do not run ./stepNN --check before loading the stages")
    p.add_argument("--filter", default="", help="regex on 'impl/dtype/M:m/N:n' (re.search)")
    p.add_argument("--fused-max-n", type=int, default=65536,
                   help="longest row given to the Triton fused kernel (default 65536)")
    p.add_argument("--seed", type=int, default=42)
    args = p.parse_args(argv)
    args.lib_handle = None

    try:
        import torch
    except ImportError:
        print("error: peers.py needs PyTorch with CUDA (pip install torch)", file=sys.stderr)
        return 3
    if not torch.cuda.is_available():
        print("error: peers.py needs a CUDA GPU (torch.cuda.is_available() is False)", file=sys.stderr)
        return 3
    import warnings
    # Inductor says, once per compile, that it splits long rows' reductions (and then does not use
    # its online softmax): noted once in the context instead.
    warnings.filterwarnings("ignore", message=".*[Oo]nline softmax is disabled.*")
    dtypes = [d for d in args.dtypes.split(",") if d]
    for d in dtypes:
        if d not in ELEM_SIZE:
            print(f"error: unknown dtype '{d}'", file=sys.stderr)
            return 2
    tdt = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16}
    filt = re.compile(args.filter) if args.filter else None

    gpu = torch.cuda.get_device_name(0)
    gpu_short = short_gpu_name(gpu)
    out = args.out or os.path.join(ROOT, "results", gpu_short, "peers.json")
    notes: list[str] = []
    versions = {"torch": torch.__version__, "torch_cuda": str(torch.version.cuda)}
    impls = build_impls(args, torch, notes, versions)
    if any(i.key == "torch_compile" for i in impls):
        notes.append("torch.compile: static shapes, one compile per shape and dtype; Inductor's warning "
                     "that it splits long-row reductions (no online softmax then) is silenced")
    timer = Timer(torch)
    notes.append(timer.note)
    notes.append(timer.flush_note)
    lib = args.lib_handle
    props = torch.cuda.get_device_properties(0)
    context = {
        "gpu": gpu, "gpu_short": gpu_short, "sm_count": props.multi_processor_count,
        "l2_bytes": int(getattr(props, "L2_cache_size", 0)),
        "driver": versions.get("driver", ""), "driver_release": nvidia_smi_driver(),
        "cuda_runtime": versions.get("cuda_runtime", ""),
        "torch": versions["torch"], "torch_cuda": versions["torch_cuda"],
        "triton": versions.get("triton", ""), "liger_kernel": versions.get("liger_kernel", ""),
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "commit": git_commit(), "lib_commit": versions.get("lib_commit", ""),
        "quick": bool(args.quick), "iters": args.iters or (10 if args.quick else "100 (20 from 1 GB)"),
        "inputs": ("harness fill_input: normal(0,1), 1 in 256 scaled by 40, seed %d" % args.seed
                   if lib else "torch.randn, 1 in 256 scaled by 40 (no libsoftmax.so)"),
        "method": "L2 flushed before each timed iteration, GPU spin then CUDA events around the call, "
                  "3 warm-up calls, median; a shape's implementations and copy timed in rounds, "
                  "shuffled order per round; bytes = 2*M*N*sizeof(T); copy = cudaMemcpyAsync D2D "
                  "of the same bytes, same run",
        "notes": notes,
    }
    records: list[dict] = []
    skipped: list[dict] = []
    # --append: keep an earlier run's records except those this run measures again (a record holds
    # its own copy_GB/s, so its % of copy stays that of its own run; "run" says which run).
    base_records: list[dict] = []
    base_skipped: list[dict] = []
    if args.append and os.path.exists(out):
        with open(out) as f:
            old = json.load(f)
        base_records, base_skipped = old.get("records", []), old.get("skipped", [])
        earlier = old.get("context", {})
        context["earlier_runs"] = earlier.pop("earlier_runs", []) + [
            {k: earlier.get(k) for k in ("date", "commit", "torch", "triton", "quick", "seconds")}]

    def snapshot() -> dict:
        def key(r):
            return (r["impl"], r["dtype"], r["M"], r["N"])
        fresh = {key(r) for r in records} | {key(r) for r in skipped}
        return {"context": context, "records": [r for r in base_records if key(r) not in fresh] + records,
                "skipped": [r for r in base_skipped if key(r) not in fresh] + skipped}

    shapes = plan_shapes(args)
    jobs = [(s, sw, d) for (s, sw) in shapes for d in dtypes]
    print(f"peers: {gpu} -> {out}")
    print("implementations: " + ", ".join(i.key for i in impls) + ", copy")
    for n in notes:
        print("note: " + n)
    print(f"{len(jobs)} shape x dtype job(s){' (quick)' if args.quick else ''}")
    t_begin = time.time()

    def record(impl_key, kind, label, dtype, M, N, sweeps, **kw):
        r = {"impl": impl_key, "kind": kind, "label": label, "dtype": dtype, "M": M, "N": N,
             "sweeps": sweeps, "run": context["date"]}
        r.update(kw)
        records.append(r)
        return r

    failures = 0
    for j, ((M, N), sweeps, dtype) in enumerate(jobs, 1):
        name = lambda key: f"{key}/{dtype}/M:{M}/N:{N}"  # noqa: E731
        active = [i for i in impls if not filt or filt.search(name(i.key))]
        want_copy = not filt or filt.search(name("copy")) or active
        if not active and not want_copy:
            continue
        nbytes = M * N * ELEM_SIZE[dtype]
        iters = args.iters or (10 if args.quick else default_iters(M, N, dtype))
        elapsed = time.time() - t_begin
        print(f"\n[{j}/{len(jobs)}] M={M} N={N} {dtype} ({nbytes / 1e6:.0f} MB, {iters} iters; "
              f"{elapsed:.0f}s so far, {len(jobs) - j} job(s) left)", flush=True)
        try:
            free, _ = torch.cuda.mem_get_info()
            if 4 * nbytes + (256 << 20) > free:
                raise torch.cuda.OutOfMemoryError(f"needs about {4 * nbytes / 1e9:.1f} GB")
            x = torch.empty((M, N), dtype=tdt[dtype], device="cuda")
            if lib:
                lib.fill_random(x, dtype, args.seed)
            else:
                g = torch.Generator(device="cuda").manual_seed(args.seed)
                x.normal_(generator=g)
                x.view(-1)[::256] *= 40
            y = torch.empty_like(x)
        except torch.cuda.OutOfMemoryError as e:
            print(f"  skip shape: not enough GPU memory ({e})")
            skipped.append({"impl": "*", "dtype": dtype, "M": M, "N": N, "reason": "not enough GPU memory"})
            continue
        moved = 2.0 * nbytes
        # 1. Each implementation on an output poisoned with 0xFF bytes (an unwritten element reads
        #    as NaN): 3 warm-up calls, then the check. Only the ones that pass are timed.
        ready = []  # (impl, call, extra)
        for impl in active:
            why = impl.refuse(dtype, M, N)
            if why:
                skipped.append({"impl": impl.key, "dtype": dtype, "M": M, "N": N, "reason": why})
                print(f"  {impl.label[:18]:18} skipped: {why}")
                continue
            try:
                y.view(torch.uint8).fill_(0xFF)
                call, result = impl.prepare(x, y, dtype)
                warm_host_ms = []
                for _ in range(3):
                    t0 = time.perf_counter()
                    call()
                    warm_host_ms.append((time.perf_counter() - t0) * 1e3)
                torch.cuda.synchronize()
                err = check_output(torch, x, result(), dtype)
            except torch.cuda.OutOfMemoryError:
                torch.cuda.empty_cache()
                skipped.append({"impl": impl.key, "dtype": dtype, "M": M, "N": N,
                                "reason": "not enough GPU memory"})
                print(f"  {impl.label[:18]:18} skipped: not enough GPU memory")
                continue
            except Exception as e:  # noqa: BLE001 - a peer that cannot run this shape is skipped
                msg = f"{type(e).__name__}: {str(e).strip().splitlines()[0] if str(e).strip() else ''}"
                if "CUDA error" in str(e) or "illegal" in str(e).lower():
                    print(f"  {impl.label}: CUDA error, the context is lost; stopping: {msg}")
                    traceback.print_exc()
                    write_json(out, snapshot())
                    return 1
                skipped.append({"impl": impl.key, "dtype": dtype, "M": M, "N": N, "reason": msg[:300]})
                print(f"  {impl.label[:18]:18} skipped: {msg[:160]}")
                continue
            extra = impl.describe(dtype, M, N)
            if err:
                failures += 1
                record(impl.key, impl.kind, impl.label, dtype, M, N, sweeps, error=err, **extra)
                print(f"  {impl.label[:18]:18} CHECK FAILED: {err}")
                continue
            # A spin that outlasts the host's call: twice its longest warm-up call after the first.
            spin = min(20000.0, max(timer.spin_us, 2e3 * max(warm_host_ms[1:]) + 50.0))
            ready.append((impl, call, dict(extra, spin_us=round(spin))))
        # 2. The copy and every checked implementation, timed in shuffled rounds.
        calls = {"copy": lambda: y.copy_(x)}
        calls.update({impl.key: call for impl, call, _ in ready})
        host: dict = {}
        spins = {impl.key: extra["spin_us"] for impl, _, extra in ready}
        try:
            ms = {k: median(v) for k, v in time_rounds(timer, calls, iters, args.seed + j, host, spins).items()}
        except Exception as e:  # noqa: BLE001 - checked calls that fail when timed: stop, keep what was measured
            print(f"  timing failed, stopping: {type(e).__name__}: {e}")
            traceback.print_exc()
            write_json(out, snapshot())
            return 1
        # The host's time in a call is hidden by the GPU spin while it is shorter than the spin.
        host_us = {k: median(v) * 1e3 for k, v in host.items()}
        copy_gbps = moved / (ms["copy"] * 1e-3) / 1e9
        record("copy", "copy", LABELS["copy"], dtype, M, N, sweeps, median_us=ms["copy"] * 1e3,
               **{"GB/s": copy_gbps, "copy_GB/s": copy_gbps, "pct_copy": 100.0})
        print(f"  {'D2D copy':18} {ms['copy'] * 1e3:10.2f} us {copy_gbps:8.1f} GB/s")
        for impl, _, extra in ready:
            t = ms[impl.key]
            gbps = moved / (t * 1e-3) / 1e9
            record(impl.key, impl.kind, impl.label, dtype, M, N, sweeps, median_us=t * 1e3,
                   host_us=round(host_us[impl.key], 1),
                   **{"GB/s": gbps, "copy_GB/s": copy_gbps, "pct_copy": 100.0 * gbps / copy_gbps}, **extra)
            ran = f"  -> stage {extra['dispatch'].split(':')[0]}" if "dispatch" in extra else ""
            if host_us[impl.key] > 0.9 * extra["spin_us"]:
                notes.append(f"{impl.key} {dtype} {M}x{N}: the host's call ({host_us[impl.key]:.0f} us) outlasted "
                             f"the GPU spin ({extra['spin_us']} us): its time includes launch overhead")
                ran += "  (host call longer than the spin)"
            print(f"  {impl.label[:18]:18} {t * 1e3:10.2f} us {gbps:8.1f} GB/s {100 * gbps / copy_gbps:6.1f}%"
                  f"  host {host_us[impl.key]:6.1f} us{ran}")
        x = y = None  # free before the next shape
        torch.cuda.empty_cache()
        write_json(out, snapshot())  # after every shape: a cut-short run keeps what it measured

    context["seconds"] = round(time.time() - t_begin, 1)
    write_json(out, snapshot())
    print_table(snapshot()["records"], dtypes)
    print(f"\npeers: {len(records)} record(s) measured, {len(skipped)} skipped, {failures} failed check(s) "
          f"in {context['seconds']:.0f}s -> {out}")
    for n in notes:
        print("note: " + n)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
