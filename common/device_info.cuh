// device_info.cuh — the GPU's facts, read at run time and printed in every run's header.
// Launchers size themselves from these, never from one GPU's numbers written into the code.
#pragma once

#include <cstdint>
#include <string>

#include <cuda_runtime.h>

#include "occupancy.h"

struct DeviceInfo {
  int id = 0;
  std::string name;
  int cc_major = 0, cc_minor = 0;
  int sm_count = 0;
  int64_t l2_bytes = 0;
  int64_t smem_per_block_optin = 0;  // largest dynamic + static shared memory one block may ask for
  int64_t smem_per_sm = 0;
  int regs_per_sm = 0, regs_per_block = 0;
  int max_threads_per_sm = 0, max_blocks_per_sm = 0;
  int64_t global_mem_bytes = 0;
  int mem_clock_khz = 0, mem_bus_bits = 0;
  int64_t smem_reserved_per_block = 0;
  int driver_version = 0, runtime_version = 0;
  bool cooperative_launch = false, cluster_launch = false;

  std::string arch() const { return "sm_" + std::to_string(cc_major * 10 + cc_minor); }
  // "h100", "a100", ...: the results/ folder for this GPU.
  std::string short_name() const;
};

// The occupancy limits of this GPU, read off the device (see occupancy.h).
GpuLimits limits_of(const DeviceInfo& d);

// Select device 0 and read its facts. No device or no driver: one line, exit 3.
const DeviceInfo& device_info();
void print_device_header(const DeviceInfo& d, FILE* out);
