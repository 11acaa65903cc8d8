// Where does a cooperative launch of 2 x SMs blocks (512 threads, 104 KB smem) put its blocks?
#include <cstdio>
#include <vector>
__global__ void __launch_bounds__(512, 2) where(int* sm) {
  extern __shared__ int s[];
  if (threadIdx.x == 0) { unsigned id; asm volatile("mov.u32 %0, %%smid;" : "=r"(id)); sm[blockIdx.x] = id; s[0] = id; }
}
int main() {
  int n = 0; cudaDeviceGetAttribute(&n, cudaDevAttrMultiProcessorCount, 0);
  const int smem = 13 * 8192, grid = 2 * n;
  cudaFuncSetAttribute(where, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  int* d; cudaMalloc(&d, grid * sizeof(int));
  for (int rep = 0; rep < 3; ++rep) {
    void* args[] = {&d};
    cudaError_t e = cudaLaunchCooperativeKernel((void*)where, grid, 512, args, smem, 0);
    cudaDeviceSynchronize();
    std::vector<int> h(grid); cudaMemcpy(h.data(), d, grid * sizeof(int), cudaMemcpyDeviceToHost);
    int halves_same = 0, pairs_same = 0;
    for (int i = 0; i < n; ++i) halves_same += h[i] == h[i + n];
    for (int i = 0; i < grid; i += 2) pairs_same += h[i] == h[i + 1];
    printf("rep %d err %d: blocks i and i+%d on one SM: %d of %d; blocks 2i and 2i+1: %d of %d; first 16:", rep, (int)e, n, halves_same, n, pairs_same, n);
    for (int i = 0; i < 16; ++i) printf(" %d", h[i]);
    printf("\n");
  }
}
