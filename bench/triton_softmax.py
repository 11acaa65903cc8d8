"""triton_softmax.py — the two Triton softmaxes this project measures itself against.

Both are written here, for this project, to stand for what a Triton user would write:

* fused: one program per row and the whole row in one block (the shape of Triton's fused-softmax
  tutorial). The row is loaded once into registers, reduced twice (max, then sum of exponentials)
  and written once: the minimum traffic. Its limit is the row length: BLOCK = next power of two of
  N lives in the program's registers, so long rows spill to local memory or do not compile.
* online: two passes over the row in tiles, with the (max, sum) pair kept by the online recurrence
  in pass 1 and the normalised output written in pass 2. It takes any N, at the price of reading
  the input twice. When there are too few rows to fill the GPU, each row is split into chunks: pass
  1 leaves one (max, sum) per chunk, and each program of pass 2 merges its row's pairs before it
  normalises its chunk (the split-K idea of stage 07, in Triton).

Both compute in fp32 and store in the input's dtype.
"""
from __future__ import annotations

import torch
import triton
import triton.language as tl


# ---- fused: the row in one block -------------------------------------------------------------

@triton.jit
def _fused_kernel(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    # Masked lanes read -inf, the identity of max; exp(-inf - m) = 0 is the identity of the sum.
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=float("-inf")).to(tl.float32)
    m = tl.max(x, axis=0)
    e = tl.exp(x - m)
    s = tl.sum(e, axis=0)
    tl.store(y_ptr + row * n_cols + cols, (e / s).to(y_ptr.dtype.element_ty), mask=mask)


def fused_block(n_cols: int) -> int:
    return triton.next_power_of_2(n_cols)


def fused_num_warps(block: int) -> int:
    return 4 if block <= 1024 else (8 if block <= 4096 else 16)


def softmax_fused(x: torch.Tensor, y: torch.Tensor) -> None:
    """y = softmax(x) over the last dim; x, y contiguous 2-D CUDA tensors of the same shape."""
    M, N = x.shape
    block = fused_block(N)
    _fused_kernel[(M,)](x, y, N, BLOCK=block, num_warps=fused_num_warps(block))


# ---- online two-pass, rows split into chunks when rows are few --------------------------------

@triton.jit
def _online_stats_kernel(x_ptr, pm_ptr, pl_ptr, n_cols, chunk, n_chunks, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    c = tl.program_id(1)
    start = c * chunk
    end = tl.minimum(start + chunk, n_cols)
    base = x_ptr + row * n_cols
    # One (max, sum) pair per lane, updated tile by tile (the online recurrence).
    m = tl.full([BLOCK], float("-inf"), tl.float32)
    l = tl.zeros([BLOCK], tl.float32)
    for off in range(start, end, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(base + cols, mask=cols < end, other=float("-inf")).to(tl.float32)
        m_new = tl.maximum(m, x)
        # A lane that has seen only -inf keeps (-inf, 0); rescaling by exp(-inf - -inf) would be NaN.
        ref = tl.where(m_new == float("-inf"), 0.0, m_new)
        l = l * tl.exp(m - ref) + tl.exp(x - ref)
        m = m_new
    # Merge the lanes: rescale every lane's sum to the chunk's max.
    mx = tl.max(m, axis=0)
    ref = tl.where(mx == float("-inf"), 0.0, mx)
    total = tl.sum(l * tl.exp(m - ref), axis=0)
    tl.store(pm_ptr + row * n_chunks + c, mx)
    tl.store(pl_ptr + row * n_chunks + c, total)


@triton.jit
def _online_normalize_kernel(x_ptr, y_ptr, pm_ptr, pl_ptr, n_cols, chunk, n_chunks,
                             BLOCK: tl.constexpr, CHUNKS: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    c = tl.program_id(1)
    # Every program merges its row's chunk pairs (a few hundred at most: cheap, no third launch).
    ks = tl.arange(0, CHUNKS)
    pm = tl.load(pm_ptr + row * n_chunks + ks, mask=ks < n_chunks, other=float("-inf"))
    pl = tl.load(pl_ptr + row * n_chunks + ks, mask=ks < n_chunks, other=0.0)
    mx = tl.max(pm, axis=0)
    ref = tl.where(mx == float("-inf"), 0.0, mx)
    inv = 1.0 / tl.sum(pl * tl.exp(pm - ref), axis=0)
    start = c * chunk
    end = tl.minimum(start + chunk, n_cols)
    for off in range(start, end, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        mask = cols < end
        x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=float("-inf")).to(tl.float32)
        tl.store(y_ptr + row * n_cols + cols, (tl.exp(x - ref) * inv).to(y_ptr.dtype.element_ty), mask=mask)


ONLINE_BLOCK = 4096
MAX_CHUNKS = 1024


def online_plan(M: int, N: int, sm_count: int) -> tuple[int, int, int]:
    """(BLOCK, chunk, n_chunks): a tile of at most 4096 elements; enough chunks per row that the
    grid has about 4 programs per SM when rows are few; chunks a whole number of tiles."""
    block = min(ONLINE_BLOCK, triton.next_power_of_2(N))
    tiles = triton.cdiv(N, block)
    target = 4 * sm_count
    n_chunks = 1 if M >= target else max(1, min(tiles, triton.cdiv(target, M), MAX_CHUNKS))
    chunk = triton.cdiv(tiles, n_chunks) * block
    return block, chunk, triton.cdiv(N, chunk)


class OnlineSoftmax:
    """Holds the (max, sum) workspace for one shape, so timing does not include an allocation."""

    def __init__(self, M: int, N: int, device, sm_count: int):
        self.M, self.N = M, N
        self.block, self.chunk, self.n_chunks = online_plan(M, N, sm_count)
        self.pm = torch.empty((M, self.n_chunks), dtype=torch.float32, device=device)
        self.pl = torch.empty_like(self.pm)
        self.warps = 8 if self.block >= 2048 else 4

    def __call__(self, x: torch.Tensor, y: torch.Tensor) -> None:
        grid = (self.M, self.n_chunks)
        _online_stats_kernel[grid](x, self.pm, self.pl, self.N, self.chunk, self.n_chunks,
                                   BLOCK=self.block, num_warps=self.warps)
        _online_normalize_kernel[grid](x, y, self.pm, self.pl, self.N, self.chunk, self.n_chunks,
                                       BLOCK=self.block, CHUNKS=max(2, triton.next_power_of_2(self.n_chunks)),
                                       num_warps=self.warps)
