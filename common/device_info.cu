#include "device_info.cuh"

#include <cctype>
#include <cstdio>
#include <cstdlib>

#include "cuda_check.cuh"

static DeviceInfo read_device(int id) {
  cudaDeviceProp p{};
  CUDA_CHECK(cudaGetDeviceProperties(&p, id));
  DeviceInfo d;
  d.id = id;
  d.name = p.name;
  d.cc_major = p.major;
  d.cc_minor = p.minor;
  d.sm_count = p.multiProcessorCount;
  d.l2_bytes = p.l2CacheSize;
  d.smem_per_block_optin = static_cast<int64_t>(p.sharedMemPerBlockOptin);
  d.smem_per_sm = static_cast<int64_t>(p.sharedMemPerMultiprocessor);
  d.regs_per_sm = p.regsPerMultiprocessor;
  d.regs_per_block = p.regsPerBlock;
  d.max_threads_per_sm = p.maxThreadsPerMultiProcessor;
  d.max_blocks_per_sm = p.maxBlocksPerMultiProcessor;
  d.global_mem_bytes = static_cast<int64_t>(p.totalGlobalMem);
  d.smem_reserved_per_block = static_cast<int64_t>(p.reservedSharedMemPerBlock);
  CUDA_CHECK(cudaDeviceGetAttribute(&d.mem_clock_khz, cudaDevAttrMemoryClockRate, id));
  CUDA_CHECK(cudaDeviceGetAttribute(&d.mem_bus_bits, cudaDevAttrGlobalMemoryBusWidth, id));
  int coop = 0, cluster = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, id));
  CUDA_CHECK(cudaDeviceGetAttribute(&cluster, cudaDevAttrClusterLaunch, id));
  d.cooperative_launch = coop != 0;
  d.cluster_launch = cluster != 0;
  CUDA_CHECK(cudaDriverGetVersion(&d.driver_version));
  CUDA_CHECK(cudaRuntimeGetVersion(&d.runtime_version));
  return d;
}

const DeviceInfo& device_info() {
  static const DeviceInfo info = [] {
    int count = 0;
    const cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess || count == 0) {
      std::fprintf(stderr, "error: no CUDA GPU available (%s); the stages need one to run\n",
                   err != cudaSuccess ? cudaGetErrorString(err) : "device count is 0");
      std::exit(kExitEnvironment);
    }
    CUDA_CHECK(cudaSetDevice(0));
    return read_device(0);
  }();
  return info;
}

GpuLimits limits_of(const DeviceInfo& d) {
  GpuLimits g{"this GPU", d.sm_count};
  g.regs_per_sm = d.regs_per_sm;
  g.regs_per_block = d.regs_per_block;
  g.max_warps_per_sm = d.max_threads_per_sm / 32;
  g.max_blocks_per_sm = d.max_blocks_per_sm;
  g.smem_per_sm = d.smem_per_sm;
  g.smem_per_block_optin = d.smem_per_block_optin;
  g.smem_reserved_per_block = static_cast<int>(d.smem_reserved_per_block);
  return g;
}

std::string DeviceInfo::short_name() const {
  // "NVIDIA H100 80GB HBM3" -> "h100": the first word that holds a digit, lower-cased.
  std::string word, best;
  auto take = [&] {
    bool digit = false;
    for (char c : word) digit |= std::isdigit(static_cast<unsigned char>(c)) != 0;
    if (digit && best.empty()) best = word;
    word.clear();
  };
  for (char c : name) {
    if (std::isalnum(static_cast<unsigned char>(c))) word += static_cast<char>(std::tolower(c));
    else take();
  }
  take();
  return best.empty() ? "gpu" : best;
}

void print_device_header(const DeviceInfo& d, FILE* out) {
  std::fprintf(out,
               "GPU %d: %s (%s), %d SMs, L2 %.0f MB, shared memory %lld KB/SM and %lld KB/block "
               "(opt-in), %d registers/SM, %d threads/SM, %.1f GB, driver %d, runtime %d\n",
               d.id, d.name.c_str(), d.arch().c_str(), d.sm_count, d.l2_bytes / 1048576.0,
               static_cast<long long>(d.smem_per_sm / 1024),
               static_cast<long long>(d.smem_per_block_optin / 1024), d.regs_per_sm,
               d.max_threads_per_sm, d.global_mem_bytes / 1e9, d.driver_version, d.runtime_version);
}
