// bulk_copy.cuh — Hopper's bulk copy engine (global -> shared memory, completion counted in bytes
// on an mbarrier) and the mbarrier operations around it, introduced by stage 10 and shared with
// stage 12. sm_90 and newer only: on older targets none of it is defined, and the kernels that use
// it compile to a trap behind the same guard.
//
// Contracts (PTX ISA, "mbarrier" and "cp.async.bulk"):
//  - an mbarrier lives in shared memory, is initialised once by one thread (mbar_init, then
//    mbar_init_fence before any other thread or the copy engine uses it) and retired with
//    mbar_inval before its memory is used for anything else;
//  - a phase completes when `count` arrivals have been made and every byte announced with
//    bulk_load has landed; waiters name the phase by its parity (0, 1, 0, ...), and may ask about a
//    phase at most one ahead of the last completed one;
//  - a slot that threads read with ordinary loads is refilled by a bulk copy only after every
//    reader has arrived on an mbarrier that the copying thread waits on; that thread then calls
//    fence_async_smem before the copy (the copy engine is another proxy). Stage 12's `empty`
//    barriers do this, one arrival a reading thread.
#pragma once

#include "packs.cuh"  // evict_last_policy, SOFTMAX_EVICT_LAST

#include <cstdint>

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900

__device__ __forceinline__ uint32_t smem_addr(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
// A phase completes after `count` arrivals (and the bytes announced on it).
__device__ __forceinline__ void mbar_init(uint64_t* bar, unsigned count = 1) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem_addr(bar)), "r"(count) : "memory");
}
// Make the initialised barriers visible to the copy engine (the async proxy) and the cluster.
__device__ __forceinline__ void mbar_init_fence() {
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}
// One arrival, with release semantics at the block's scope: this thread's writes before it are
// seen by a thread that waited on the phase.
__device__ __forceinline__ void mbar_arrive(uint64_t* bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem_addr(bar)) : "memory");
}
// One thread: announce `bytes` on `bar` (its arrival) and start copying them (16-byte aligned, a
// multiple of 16). bytes == 0 completes the arrival at once.
__device__ __forceinline__ void bulk_load(void* dst, const void* src, uint32_t bytes, uint64_t* bar) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem_addr(bar)), "r"(bytes)
               : "memory");
  if (bytes > 0) {  // under x's L2 policy (packs.cuh's load_x_pack)
#if SOFTMAX_EVICT_LAST
    asm volatile(
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1], %2, [%3], %4;" ::"r"(
            smem_addr(dst)),
        "l"(src), "r"(bytes), "r"(smem_addr(bar)), "l"(evict_last_policy())
        : "memory");
#else
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                     smem_addr(dst)),
                 "l"(src), "r"(bytes), "r"(smem_addr(bar))
                 : "memory");
#endif
  }
}
// Has the phase of this parity completed? Never blocks.
__device__ __forceinline__ bool mbar_test(uint64_t* bar, uint32_t parity) {
  uint32_t done;
  asm volatile(
      "{ .reg .pred p; mbarrier.test_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
      : "=r"(done)
      : "r"(smem_addr(bar)), "r"(parity)
      : "memory");
  return done != 0;
}
// Wait until the phase of this parity has completed.
__device__ __forceinline__ void mbar_wait(uint64_t* bar, uint32_t parity) {
  uint32_t done = 0;
  do {
    asm volatile(
        "{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
        : "=r"(done)
        : "r"(smem_addr(bar)), "r"(parity)
        : "memory");
  } while (!done);
}
// Retire a barrier whose phases have all been waited on (the next block on the SM may get this
// shared memory).
__device__ __forceinline__ void mbar_inval(uint64_t* bar) {
  asm volatile("mbarrier.inval.shared::cta.b64 [%0];" ::"r"(smem_addr(bar)) : "memory");
}
// Order the reads of shared memory this thread has waited for (on an mbarrier) before its next
// bulk copy.
__device__ __forceinline__ void fence_async_smem() { asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); }

#endif  // sm_90
