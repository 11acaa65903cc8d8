// evict_last_off.cu — compile-only check (make test): `make EVICT_LAST=0` builds the stages with
// plain loads of x (common/packs.cuh). This unit takes that branch of every helper that has one,
// so the switch cannot rot unnoticed while the default build takes the other branch.
#undef SOFTMAX_EVICT_LAST
#define SOFTMAX_EVICT_LAST 0
#include "bulk_copy.cuh"
#include "packs.cuh"

__global__ void plain_loads(const uint4* x, uint4* y, int n) {
  __shared__ alignas(16) uint4 slot[2];
  const int i = threadIdx.x;
  uint4 v = load_x_pack_if(i < n, x + i, neg_inf_pack<float>());
  if (i + 1 < n) v.x ^= load_x_pack(x + i + 1).x;
  cp_async16(&slot[0], x);
  cp_async_wait_all();
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  __shared__ uint64_t bar;
  if (i == 0) {
    mbar_init(&bar);
    mbar_init_fence();
    bulk_load(&slot[1], x, 16, &bar);
    while (!mbar_test(&bar, 0)) {
    }
    mbar_inval(&bar);
  }
#endif
  __syncthreads();
  y[i] = make_uint4(v.x ^ slot[0].x, v.y, v.z, v.w);
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  if (i == 0) y[n] = slot[1];
#endif
}
