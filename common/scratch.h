// scratch.h — device memory a stage keeps from one launch to the next (chunk summaries, barrier
// counters, row tickets), one buffer per stream in flight, so that calls on streams that run at
// the same time never share one.
//
//   StreamScratch ws("09 summaries", bytes, stream);  // this call's buffer
//   kernel<<<grid, block, 0, stream>>>(..., static_cast<MaxSum*>(ws.get()));
//   // ws's destructor marks the buffer free once the work enqueued on `stream` so far is done
//
// Contract:
//  - get() is at least `bytes` of device memory on the current device, 256-byte aligned. Zeroed
//    when first allocated; after that it holds what the last launches that used it left. A stage
//    whose kernels leave their counters as they found them (stage 10's tickets, stage 09's
//    barriers) needs no zeroing per call.
//  - Between the constructor and the destructor the buffer is this call's. Launches enqueued on
//    `stream` in that time may use it; the destructor records an event on `stream` after them.
//  - A later call on the same stream gets the same buffer at once (its launches run after these).
//    A call on another stream gets it only when that event has completed; otherwise another
//    buffer, allocated then (cudaMalloc, which may synchronise the device: the first call on each
//    new stream that runs alongside another pays it once).
//  - Buffers are kept for the process's life and reused by any stream once free, so a program
//    that makes streams one after another holds as many buffers of a kind as ran at once, not one
//    per stream. `kind` names the buffer (a string literal); buffers of one kind have one size.
//  - Streams are told apart by cudaStreamGetId, not by handle. Thread-safe. Not for launches
//    inside a stream capture (CUDA graphs), where a stream's id cannot be asked: a CUDA error line.
#pragma once

#include <cstddef>

#include <cuda_runtime.h>

class StreamScratch {
 public:
  StreamScratch(const char* kind, size_t bytes, cudaStream_t stream);
  ~StreamScratch();  // records the event: the buffer is free once `stream` reaches it
  StreamScratch(const StreamScratch&) = delete;
  StreamScratch& operator=(const StreamScratch&) = delete;
  void* get() const;

 private:
  struct Buffer* buffer_;
  cudaStream_t stream_;
};

// How many buffers of `kind` the process holds (for the tests).
int stream_scratch_buffers(const char* kind);
