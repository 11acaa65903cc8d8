// scratch.cu — the buffers behind StreamScratch (scratch.h): a list per process, searched under a
// lock; a buffer goes to the stream that used it last, else to any stream once its event is done.
#include "scratch.h"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "cuda_check.cuh"

struct Buffer {
  std::string kind;
  int device;
  size_t bytes;
  void* mem;
  cudaEvent_t done;              // recorded after the last call's launches
  unsigned long long stream_id;  // the stream of the last call (cudaStreamGetId)
  int holders;                   // calls between constructor and destructor
};

namespace {

std::mutex g_lock;
std::vector<std::unique_ptr<Buffer>> g_buffers;  // never shrinks: pointers into it stay valid

// Has every launch of the buffer's last call completed? Leaves the last-error state as it found it.
bool finished(const Buffer& b) {
  const cudaError_t pending = cudaPeekAtLastError();
  const cudaError_t e = cudaEventQuery(b.done);
  if (e == cudaErrorNotReady) {
    if (pending == cudaSuccess) (void)cudaGetLastError();  // the query's "not ready" is no error
    return false;
  }
  CUDA_CHECK(e);
  return true;
}

Buffer* allocate(const std::string& kind, int device, size_t bytes) {
  auto b = std::make_unique<Buffer>(Buffer{kind, device, bytes, nullptr, nullptr, 0, 0});
  CUDA_CHECK(cudaMalloc(&b->mem, bytes));
  CUDA_CHECK(cudaMemset(b->mem, 0, bytes));
  CUDA_CHECK(cudaEventCreateWithFlags(&b->done, cudaEventDisableTiming));
  g_buffers.push_back(std::move(b));
  return g_buffers.back().get();
}

}  // namespace

StreamScratch::StreamScratch(const char* kind, size_t bytes, cudaStream_t stream) : stream_(stream) {
  int device = 0;
  unsigned long long id = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaStreamGetId(stream, &id));
  std::lock_guard<std::mutex> hold(g_lock);
  Buffer* pick = nullptr;
  auto fits = [&](const Buffer& b) { return b.kind == kind && b.device == device && b.bytes >= bytes; };
  // 1. The buffer this stream used last: its launches are ordered after that call's.
  for (auto& b : g_buffers)
    if (fits(*b) && b->stream_id == id) pick = b.get();
  // 2. Else one no call holds, whose last launches are done.
  for (auto& b : g_buffers)
    if (!pick && fits(*b) && b->holders == 0 && finished(*b)) pick = b.get();
  // 3. Else a new one.
  if (!pick) pick = allocate(kind, device, bytes);
  pick->stream_id = id;
  ++pick->holders;
  buffer_ = pick;
}

StreamScratch::~StreamScratch() {
  std::lock_guard<std::mutex> hold(g_lock);
  CUDA_CHECK(cudaEventRecord(buffer_->done, stream_));
  --buffer_->holders;
}

void* StreamScratch::get() const { return buffer_->mem; }

int stream_scratch_buffers(const char* kind) {
  std::lock_guard<std::mutex> hold(g_lock);
  int n = 0;
  for (auto& b : g_buffers) n += b->kind == kind;
  return n;
}
