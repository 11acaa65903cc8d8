"""softmax_lib.py — the project's stages, called from Python through build/libsoftmax.so.

`make lib` builds the library from bench/capi.cu and every steps/NN_*.cu (compiled with
-DSOFTMAX_NO_MAIN, so each stage registers itself instead of defining main). This module loads it
with ctypes and hands the launchers torch tensors' data pointers, so the stages run in the same
process, on the same stream and under the same timer as torch, Triton and Liger.

    lib = SoftmaxLib("build/libsoftmax.so")
    for st in lib.stages():                       # Stage(index, id, name, summary)
        why = lib.refuse(st, "f32", M, N)         # "" when the stage takes the shape
        lib.launch(st, "f32", x, y)               # y = softmax(x) row-wise, x and y CUDA tensors

A stage's launcher stops the whole process on a CUDA error (as ./stepNN does): run new stages
through ./stepNN --check first.
"""
from __future__ import annotations

import ctypes
import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Stage:
    index: int
    id: str
    name: str
    summary: str

    @property
    def impl(self) -> str:  # the key used in results/<gpu>/peers.json
        return f"step{self.id}"

    @property
    def label(self) -> str:  # the name on plots and tables
        return f"{self.id} {self.name}"


class SoftmaxLib:
    def __init__(self, path: str):
        if not os.path.exists(path):
            raise FileNotFoundError(f"{path} not found (build it with `make lib`)")
        self.path = path
        lib = ctypes.CDLL(os.path.abspath(path))
        c_i64, c_str, c_vp = ctypes.c_int64, ctypes.c_char_p, ctypes.c_void_p
        lib.softmax_stage_count.restype = ctypes.c_int
        for f in ("softmax_stage_id", "softmax_stage_name", "softmax_stage_summary"):
            getattr(lib, f).restype = c_str
            getattr(lib, f).argtypes = [ctypes.c_int]
        lib.softmax_stage_has.argtypes = [ctypes.c_int, c_str]
        lib.softmax_stage_refuse.argtypes = [ctypes.c_int, c_str, c_i64, c_i64, ctypes.c_char_p, ctypes.c_int]
        lib.softmax_stage_launch.argtypes = [ctypes.c_int, c_str, c_vp, c_vp, c_i64, c_i64, c_vp]
        lib.softmax_fill_random.argtypes = [c_vp, c_str, c_i64, c_i64, ctypes.c_uint64, c_vp]
        lib.softmax_commit.restype = c_str
        self._lib = lib

    def stages(self) -> list[Stage]:
        lib = self._lib
        return [Stage(i, lib.softmax_stage_id(i).decode(), lib.softmax_stage_name(i).decode(),
                      lib.softmax_stage_summary(i).decode())
                for i in range(lib.softmax_stage_count())]

    def has(self, stage: Stage, dtype: str) -> bool:
        return self._lib.softmax_stage_has(stage.index, dtype.encode()) == 1

    def refuse(self, stage: Stage, dtype: str, M: int, N: int) -> str:
        """'' when the stage takes M x N of dtype on this GPU, else its one-line reason."""
        if not self.has(stage, dtype):
            return f"stage {stage.id} has no {dtype} kernel"
        buf = ctypes.create_string_buffer(512)
        rc = self._lib.softmax_stage_refuse(stage.index, dtype.encode(), M, N, buf, len(buf))
        return "" if rc == 0 else (buf.value.decode() or f"refused (code {rc})")

    def launch(self, stage: Stage, dtype: str, x, y, stream=None) -> None:
        """Enqueue the stage on `stream` (default: torch's current stream) for contiguous x, y."""
        M, N = x.shape if x.dim() == 2 else (1, x.numel())
        rc = self._lib.softmax_stage_launch(stage.index, dtype.encode(), x.data_ptr(), y.data_ptr(),
                                            M, N, _stream_handle(stream))
        if rc != 0:
            raise RuntimeError(f"stage {stage.id} launch failed (code {rc})")

    def fill_random(self, x, dtype: str, seed: int = 42, stream=None) -> None:
        """The harness's benchmark input (normal, 1 in 256 scaled by 40), generated on the GPU."""
        M, N = x.shape if x.dim() == 2 else (1, x.numel())
        rc = self._lib.softmax_fill_random(x.data_ptr(), dtype.encode(), M, N, seed, _stream_handle(stream))
        if rc != 0:
            raise RuntimeError(f"fill_random failed (code {rc})")

    def commit(self) -> str:
        return self._lib.softmax_commit().decode()

    def driver_version(self) -> int:
        return int(self._lib.softmax_driver_version())

    def runtime_version(self) -> int:
        return int(self._lib.softmax_runtime_version())


def _stream_handle(stream) -> int:
    import torch

    s = stream if stream is not None else torch.cuda.current_stream()
    return int(s.cuda_stream)
