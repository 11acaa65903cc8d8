// harness.cu — the one runner behind every stage: parse the command line, read the GPU, validate
// against the CPU reference, then benchmark through Google Benchmark and print the table.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "buffers.cuh"
#include "cli.h"
#include "explain.cuh"
#include "stage.h"
#include "timing.cuh"
#include "validate.cuh"

#ifndef SOFTMAX_COMMIT
#define SOFTMAX_COMMIT "unknown"
#endif

// ---- the stage descriptor's helpers --------------------------------------------------------

bool stage_has(const Stage& s, DType t) {
  return (t == DType::f32 && s.f32) || (t == DType::f16 && s.f16) || (t == DType::bf16 && s.bf16);
}

std::string stage_refusal(const Stage& s, const DeviceInfo& d, DType t, int64_t M, int64_t N) {
  if (!stage_has(s, t)) return std::string("stage ") + s.id + " has no " + dtype_name(t) + " kernel";
  return s.refuse ? s.refuse(d, t, M, N) : "";
}

int64_t stage_max_cols(const Stage& s, const DeviceInfo& d, DType t, int64_t fallback) {
  const int64_t own = s.max_cols ? s.max_cols(d, t) : 0;
  return own > 0 ? own : fallback;
}

std::vector<const Stage*>& stage_registry() {
  static std::vector<const Stage*> stages;
  return stages;
}

bool register_stage(const Stage& s) {
  stage_registry().push_back(&s);
  return true;
}

std::vector<Shape> sweep_m2048() {
  std::vector<Shape> shapes;
  for (int64_t n = 1024; n <= 262144; n *= 2) shapes.push_back({2048, n});
  return shapes;
}

// ---- validation ----------------------------------------------------------------------------

// The shapes `./stepNN --check` runs when no shape is given: the corners and the stage's limit.
static std::vector<Shape> default_check_shapes(const Stage& s, const DeviceInfo& d, DType t) {
  const int64_t n_max = stage_max_cols(s, d, t, 1 << 20);
  return {{1, 1}, {7, 31}, {64, 1000}, {2048, 1024}, {13, 4097}, {3, n_max}};
}

// ld > 0: rows ld elements apart, through the stage's strided launcher; 0: packed rows.
static bool check_and_print(const Stage& s, DType t, const Shape& sh, int64_t ld) {
  const CheckResult r = ld > 0 ? validate_stage_strided(s, t, sh.M, sh.N, ld, InputKind::random, 1234)
                               : validate_stage(s, t, sh.M, sh.N, InputKind::random, 1234);
  const std::string stride = ld > 0 ? " ld=" + std::to_string(ld) : "";
  std::printf("check  M=%-6lld N=%-8lld%s %-4s %s  %s\n", static_cast<long long>(sh.M),
              static_cast<long long>(sh.N), stride.c_str(), dtype_name(t), r.pass ? "ok  " : "FAIL",
              r.summary().c_str());
  return r.pass;
}

// ---- benchmarking --------------------------------------------------------------------------

struct BenchRow {
  Shape shape{};
  double median_us = 0, gbps = 0, copy_gbps = 0, pct_copy = 0;
  std::string error;  // set when the run or its check failed: then no bandwidth is reported
};

static std::map<std::string, BenchRow>& bench_rows() {
  static std::map<std::string, BenchRow> rows;
  return rows;
}

// Iterations per shape unless --iters says otherwise: fewer for the big, slow shapes.
static int default_iters(int64_t bytes) { return bytes >= (int64_t{1} << 30) ? 20 : 100; }

// ld > 0: rows ld elements apart, through the stage's strided launcher; 0: packed rows. Either
// way the bytes counted are the useful ones, 2*M*N*sizeof(T).
static void bench_shape(benchmark::State& state, const std::string& key, const Stage& s, DType t,
                        Shape sh, int64_t ld, GpuTimer& timer) {
  BenchRow& row = bench_rows()[key];
  row.shape = sh;
  const int64_t size = static_cast<int64_t>(dtype_size(t)), bytes = sh.M * sh.N * size;
  const int64_t pitch = (ld > 0 ? ld : sh.N) * size, allocated = sh.M * pitch;
  // x and y, and for rows with a stride the packed copies check_output_strided makes.
  require_device_memory(2 * allocated + (ld > 0 ? 2 * bytes : 0),
                        std::to_string(sh.M) + " x " + std::to_string(pitch / size));
  DeviceBuffer x(allocated), y(allocated);
  fill_input(x.get(), t, sh.M, pitch / size, InputKind::random, 42, 0);
  auto run = [&] {
    if (ld > 0) launch_stage_strided(s, t, x.get(), y.get(), sh.M, sh.N, ld, 0);
    else launch_stage(s, t, x.get(), y.get(), sh.M, sh.N, 0);
  };
  // Warm-up: module load and first-touch costs stay out of the numbers.
  for (int i = 0; i < 3; ++i) run();
  CUDA_CHECK(cudaDeviceSynchronize());
  // The ceiling: a device-to-device copy of the same bytes (the same N-wide rows at the same
  // pitch when strided), timed the same way.
  std::vector<double> copy_ms;
  for (int64_t i = 0; i < state.max_iterations; ++i)
    copy_ms.push_back(timer.time_ms([&] {
      if (ld > 0)
        CUDA_CHECK(cudaMemcpy2DAsync(y.get(), pitch, x.get(), pitch, sh.N * size, sh.M,
                                     cudaMemcpyDeviceToDevice, 0));
      else
        CUDA_CHECK(cudaMemcpyAsync(y.get(), x.get(), bytes, cudaMemcpyDeviceToDevice, 0));
    }));
  // The stage: output (gaps included) poisoned once, then timed iterations.
  poison_output(y.get(), allocated, 0);
  std::vector<double> ms;
  for (auto _ : state) {
    const float t_ms = timer.time_ms(run);
    ms.push_back(t_ms);
    state.SetIterationTime(t_ms * 1e-3);
  }
  // The check again, on the output the timed runs left: a wrong kernel reports no bandwidth.
  const CheckResult r = ld > 0 ? check_output_strided(x.get(), y.get(), t, sh.M, sh.N, ld)
                               : check_output(x.get(), y.get(), t, sh.M, sh.N);
  if (!r.pass) {
    row.error = "check failed after timing: " + r.summary();
    state.SkipWithError(row.error.c_str());
    return;
  }
  const double moved = 2.0 * bytes;
  row.median_us = median(ms) * 1e3;
  row.gbps = moved / (row.median_us * 1e-6) / 1e9;
  row.copy_gbps = moved / (median(copy_ms) * 1e-3) / 1e9;
  row.pct_copy = 100.0 * row.gbps / row.copy_gbps;
  state.counters["M"] = static_cast<double>(sh.M);
  state.counters["N"] = static_cast<double>(sh.N);
  if (ld > 0) state.counters["ld"] = static_cast<double>(ld);
  state.counters["median_us"] = row.median_us;
  state.counters["GB/s"] = row.gbps;
  state.counters["copy_GB/s"] = row.copy_gbps;
  state.counters["pct_copy"] = row.pct_copy;
}

// Prints one table row per finished benchmark, so a long sweep shows its progress.
class TableReporter : public benchmark::BenchmarkReporter {
 public:
  explicit TableReporter(DType t) : dtype_(t) {}
  bool ReportContext(const Context&) override {
    std::printf("\n%8s %10s %5s %12s %10s %10s %7s\n", "M", "N", "dtype", "median_us", "GB/s",
                "copy_GB/s", "%copy");
    return true;
  }
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.run_type != Run::RT_Iteration) continue;
      const BenchRow* found = nullptr;
      for (const auto& [key, row] : bench_rows())  // run names are "<key>/iterations:K/..."
        if (run.benchmark_name().rfind(key + "/", 0) == 0 || run.benchmark_name() == key) found = &row;
      if (!found) continue;
      const BenchRow& r = *found;
      if (!r.error.empty()) {
        std::printf("%8lld %10lld %5s  FAILED: %s\n", static_cast<long long>(r.shape.M),
                    static_cast<long long>(r.shape.N), dtype_name(dtype_), r.error.c_str());
        failed_ = true;
      } else {
        std::printf("%8lld %10lld %5s %12.2f %10.1f %10.1f %6.1f%%\n",
                    static_cast<long long>(r.shape.M), static_cast<long long>(r.shape.N),
                    dtype_name(dtype_), r.median_us, r.gbps, r.copy_gbps, r.pct_copy);
      }
      std::fflush(stdout);
    }
  }
  bool failed() const { return failed_; }

 private:
  DType dtype_;
  bool failed_ = false;
};

static int run_benchmarks(const Stage& s, const DeviceInfo& d, const CliOptions& o,
                          const std::vector<Shape>& shapes, const char* argv0) {
  // Google Benchmark sees argv0 and the --benchmark_* flags only.
  std::vector<std::string> args{argv0};
  args.insert(args.end(), o.benchmark_args.begin(), o.benchmark_args.end());
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(&a[0]);
  int argc = static_cast<int>(argv.size());
  benchmark::Initialize(&argc, argv.data());
  if (benchmark::ReportUnrecognizedArguments(argc, argv.data())) return kExitUsage;

  benchmark::AddCustomContext("stage", std::string(s.id) + "_" + s.name);
  benchmark::AddCustomContext("dtype", dtype_name(o.dtype));
  benchmark::AddCustomContext("gpu", d.name);
  benchmark::AddCustomContext("gpu_short", d.short_name());
  benchmark::AddCustomContext("gpu_arch", d.arch());
  benchmark::AddCustomContext("sm_count", std::to_string(d.sm_count));
  benchmark::AddCustomContext("l2_bytes", std::to_string(d.l2_bytes));
  benchmark::AddCustomContext("driver", std::to_string(d.driver_version));
  benchmark::AddCustomContext("cuda_runtime", std::to_string(d.runtime_version));
  benchmark::AddCustomContext("commit", SOFTMAX_COMMIT);
  benchmark::AddCustomContext("method", "CUDA events, L2 flushed before each iteration, 3 warm-up "
                                        "runs, median; bytes = 2*M*N*sizeof(T)");
  if (o.ld > 0) {
    benchmark::AddCustomContext("ld", std::to_string(o.ld));
    benchmark::AddCustomContext("copy_ceiling", "cudaMemcpy2DAsync of the N-wide rows at pitch ld");
  }

  GpuTimer timer(d);
  for (const Shape& sh : shapes) {
    const int64_t bytes = sh.M * sh.N * static_cast<int64_t>(dtype_size(o.dtype));
    const std::string name = std::string("step") + s.id + "/" + dtype_name(o.dtype) + "/M:" +
                             std::to_string(sh.M) + "/N:" + std::to_string(sh.N) +
                             (o.ld > 0 ? "/ld:" + std::to_string(o.ld) : "");
    benchmark::RegisterBenchmark(name.c_str(), [name, &s, &o, sh, &timer](benchmark::State& st) {
      bench_shape(st, name, s, o.dtype, sh, o.ld, timer);
    })
        ->UseManualTime()
        ->Unit(benchmark::kMicrosecond)
        ->Iterations(o.iters > 0 ? o.iters : default_iters(bytes));
  }
  TableReporter table(o.dtype);
  benchmark::RunSpecifiedBenchmarks(&table);
  benchmark::Shutdown();
  return table.failed() ? kExitFailure : kExitOk;
}

// ---- main ----------------------------------------------------------------------------------

static void print_help(const Stage& s, const char* argv0) {
  std::printf(
      "%s — stage %s (%s): %s\n\n%s\n\n"
      "  (no arguments)        validate on the corner shapes, then benchmark the default sweep\n"
      "  --rows M --cols N     validate and benchmark one M x N shape (2^k allowed)\n"
      "  --ld K                with --rows/--cols: rows K >= N elements apart (strided stages)\n"
      "  --dtype T             f32 (default), f16 or bf16 where the stage has the kernel\n"
      "  --check               validate only, no benchmark\n"
      "  --explain             registers, shared memory and occupancy of the stage's kernels\n"
      "                        (with --rows/--cols: first what that shape launches, where the\n"
      "                        stage says)\n"
      "  --iters K             timed iterations per shape (default 100, 20 above 1 GB)\n"
      "  --benchmark_...       Google Benchmark's own flags, e.g. --benchmark_out=run.json\n\n"
      "exit codes: 0 ok, 1 wrong result or CUDA error, 2 usage, 3 no GPU / too little memory\n",
      argv0, s.id, s.name, s.summary, cli_usage_line());
}

int run_stage(const Stage& s, int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  const CliParse p = parse_cli(args);
  if (!p.ok) {
    std::fprintf(stderr, "%s: error: %s\n%s %s\n", argv[0], p.error.c_str(), argv[0], cli_usage_line());
    return kExitUsage;
  }
  const CliOptions& o = p.options;
  if (o.help) {
    print_help(s, argv[0]);
    return kExitOk;
  }
  auto usage_error = [&](const std::string& why) {
    std::fprintf(stderr, "%s: error: %s\n%s %s\n", argv[0], why.c_str(), argv[0], cli_usage_line());
    return kExitUsage;
  };
  if (!stage_has(s, o.dtype))
    return usage_error(std::string("stage ") + s.id + " has no " + dtype_name(o.dtype) + " kernel");
  if (o.ld > 0 && !s.strided)
    return usage_error(std::string("stage ") + s.id + " does not take a row stride (--ld)");
  const DeviceInfo& d = device_info();
  std::vector<Shape> shapes;
  if (o.rows > 0) {
    const std::string why = stage_refusal(s, d, o.dtype, o.rows, o.cols);
    if (!why.empty()) return usage_error(why);
    shapes.push_back({o.rows, o.cols});
  }
  if (o.ld > 0) {  // the checks and the copy ceiling copy rows with cudaMemcpy2D
    int max_pitch = 0;
    CUDA_CHECK(cudaDeviceGetAttribute(&max_pitch, cudaDevAttrMaxPitch, d.id));
    const int64_t pitch = o.ld * static_cast<int64_t>(dtype_size(o.dtype));
    if (pitch > max_pitch)
      return usage_error("--ld " + std::to_string(o.ld) + ": rows " + std::to_string(pitch) +
                         " bytes apart, more than this GPU's largest copy pitch (" +
                         std::to_string(max_pitch) + " bytes)");
  }
  std::printf("stage %s (%s): %s\n", s.id, s.name, s.summary);
  print_device_header(d, stdout);
  std::printf("commit %s\n\n", SOFTMAX_COMMIT);
  if (o.explain) {
    for (const Shape& sh : shapes)  // the shape given, if the stage says what it launches for it
      if (s.plan_note)
        std::printf("%s %lld x %lld: %s\n\n", dtype_name(o.dtype), static_cast<long long>(sh.M),
                    static_cast<long long>(sh.N), s.plan_note(d, o.dtype, sh.M, sh.N).c_str());
    print_explain(s, d, o.dtype, stdout);
    return kExitOk;
  }

  // Validate: the given shape, or the stage's corner shapes.
  bool ok = true;
  for (const Shape& sh : shapes.empty() ? default_check_shapes(s, d, o.dtype) : shapes)
    if (stage_refusal(s, d, o.dtype, sh.M, sh.N).empty()) ok &= check_and_print(s, o.dtype, sh, o.ld);
  if (!ok) {
    std::fprintf(stderr, "%s: error: validation failed; not benchmarking a wrong kernel\n", argv[0]);
    return kExitFailure;
  }
  if (o.check_only) return kExitOk;

  // Benchmark: the given shape, or the stage's sweep less what this GPU cannot run.
  if (shapes.empty()) {
    for (const Shape& sh : s.sweep) {
      const std::string why = stage_refusal(s, d, o.dtype, sh.M, sh.N);
      if (why.empty()) shapes.push_back(sh);
      else std::printf("skip   M=%lld N=%lld: %s\n", static_cast<long long>(sh.M),
                       static_cast<long long>(sh.N), why.c_str());
    }
  }
  return run_benchmarks(s, d, o, shapes, argv[0]);
}
