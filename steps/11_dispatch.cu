// Stage 11 — the dispatcher: one softmax() that runs, for each shape, dtype and GPU, the stage
// expected to be fastest among stages 01-10 and 12, behind the same stage interface as the others.
//
// New here: no kernel at all. common/dispatch.cu looks the call up in common/dispatch_rules.h (an
// ordered rule table holding the H100 crossovers, or a per-GPU tuned table named by
// SOFTMAX_DISPATCH_TABLE) and launches the chosen stage, found by id in the stage registry: so
// ./step11 links the other stages' registering objects (build/lib/stepNN.o, see the Makefile).
// Rows with a stride go to a stage's strided launcher. Two flags of its own:
//   ./step11 --plan [--dtype T] [--rows M --cols N [--ld K]]   the stage chosen per shape, and why
//   ./step11 --tune [--dtype T] [--out FILE]   time every stage on every sweep shape; the winners
//                                              are the table SOFTMAX_DISPATCH_TABLE reads
// See docs/11_dispatch.md.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "buffers.cuh"
#include "cli.h"
#include "cuda_check.cuh"
#include "dispatch.h"
#include "dispatch_rules.h"
#include "stage.h"
#include "timing.cuh"
#include "validate.cuh"

namespace {

// ---- the stage: every launcher is softmax() ------------------------------------------------

void launch_f32(const float* x, float* y, int64_t M, int64_t N, cudaStream_t s) {
  softmax(x, y, M, N, N, DType::f32, s);
}
void launch_f16(const __half* x, __half* y, int64_t M, int64_t N, cudaStream_t s) {
  softmax(x, y, M, N, N, DType::f16, s);
}
void launch_bf16(const __nv_bfloat16* x, __nv_bfloat16* y, int64_t M, int64_t N, cudaStream_t s) {
  softmax(x, y, M, N, N, DType::bf16, s);
}
void launch_strided(DType t, const void* x, void* y, int64_t M, int64_t N, int64_t ld, cudaStream_t s) {
  softmax(x, y, M, N, ld, t, s);
}

// The dispatcher takes what some linked stage takes.
std::string refuse(const DeviceInfo& d, DType t, int64_t M, int64_t N) { return dispatch_refusal(d, t, M, N); }
int64_t max_cols(const DeviceInfo&, DType) { return 0; }  // that of the stages it has

// Many rows of every length, a few very long rows, the single vector, and small latency-bound
// shapes. At most 2^28 elements: 1 GB per buffer in fp32.
std::vector<Shape> sweep() {
  std::vector<Shape> s = sweep_m2048();  // 2048 x 2^10 .. 2^18
  for (int64_t m : {1, 4, 8})
    for (int64_t n = int64_t{1} << 12; n <= (int64_t{1} << 25); n *= 2) s.push_back({m, n});
  s.push_back({1, int64_t{1} << 26});  // one 256 MB fp32 row
  s.push_back({1, 1024});
  s.push_back({64, 1024});
  return s;
}

const Stage stage11 = {"11",        "dispatch",
                       "the fastest stage per shape, dtype and GPU: rule table or tuned table",
                       launch_f32,  launch_f16,
                       launch_bf16, refuse,
                       max_cols,    sweep(),
                       nullptr,     launch_strided};

}  // namespace

#ifdef SOFTMAX_NO_MAIN
SOFTMAX_STAGE(stage11)
#else

namespace {

// ---- the command line: --plan, --tune, --out FILE, then the harness's flags -----------------

struct Extra {
  bool plan = false, tune = false, has_out = false, dtype_given = false;
  int64_t ld = 0;  // --plan's row stride (0: packed rows)
  std::string out, error;
};

const char* kExtraUsage = " [--plan [--ld K] | --tune [--out FILE]]";

// "--opt value" or "--opt=value" at argv[*i] (moving *i past the value); false when none.
bool take_value(const std::string& opt, int argc, char** argv, int* i, std::string* value) {
  const std::string a = argv[*i];
  if (a.rfind(opt + "=", 0) == 0) {
    *value = a.substr(opt.size() + 1);
    return !value->empty();
  }
  if (*i + 1 >= argc) return false;
  *value = argv[++*i];
  return !value->empty();
}

// Take --plan, --tune, --out FILE (and --ld K with --plan) out of argv; the rest (argv[0] first)
// goes to `rest`, for the harness's parser.
Extra take_extra_flags(int argc, char** argv, std::vector<char*>* rest) {
  Extra e;
  for (int i = 1; i < argc; ++i) e.plan |= std::strcmp(argv[i], "--plan") == 0;
  rest->push_back(argv[0]);
  for (int i = 1; i < argc && e.error.empty(); ++i) {
    const std::string a = argv[i];
    std::string v;
    if (a == "--plan") continue;  // seen above
    if (a == "--tune") {
      e.tune = true;
    } else if (a == "--out" || a.rfind("--out=", 0) == 0) {
      e.has_out = true;
      if (!take_value("--out", argc, argv, &i, &e.out)) e.error = "--out needs a file name";
    } else if (e.plan && (a == "--ld" || a.rfind("--ld=", 0) == 0)) {
      if (!take_value("--ld", argc, argv, &i, &v) || !parse_positive(v, kMaxDim, &e.ld))
        e.error = "--ld wants a positive integer (or 2^k) up to 2^40";
    } else {
      if (a == "--dtype" || a.rfind("--dtype=", 0) == 0) e.dtype_given = true;
      rest->push_back(argv[i]);
    }
  }
  if (e.error.empty() && e.plan && e.tune) e.error = "--plan and --tune go one at a time";
  if (e.error.empty() && e.has_out && !e.tune) e.error = "--out goes with --tune";
  return e;
}

int usage_error(const char* argv0, const std::string& why) {
  std::fprintf(stderr, "%s: error: %s\n%s %s%s\n", argv0, why.c_str(), argv0, cli_usage_line(), kExtraUsage);
  return kExitUsage;
}

void print_extra_help() {
  std::printf(
      "\nstage 11 also takes:\n"
      "  --plan [--ld K]       the stage chosen for each sweep shape (or --rows/--cols), rows K apart\n"
      "                        with --ld, and why; no timing\n"
      "  --tune [--out FILE]   time every linked stage on each sweep shape (or --rows/--cols), each\n"
      "                        validated first; print the winners and write them to FILE, the table\n"
      "                        SOFTMAX_DISPATCH_TABLE=FILE makes the dispatcher use (all three dtypes\n"
      "                        unless --dtype names one; --iters K timed runs, default 20)\n");
}

// ---- --plan ---------------------------------------------------------------------------------

// For each shape (rows ld apart; 0: packed): the stage dispatch_choose() picks, its reason, the
// candidates passed over on the way, and (packed rows) what the stage launches where it says.
int plan(const DeviceInfo& d, DType t, const std::vector<Shape>& shapes, int64_t ld) {
  std::printf("%s\n\n%8s %10s %5s  %-5s %s\n", dispatch_table_note(d).c_str(), "M", "N", "dtype", "stage",
              "why");
  for (const Shape& sh : shapes) {
    const DispatchChoice c = dispatch_choose(d, t, sh.M, sh.N, ld > 0 ? ld : sh.N);
    std::printf("%8lld %10lld %5s  %-5s %s\n", static_cast<long long>(sh.M), static_cast<long long>(sh.N),
                dtype_name(t), c.stage ? c.stage->id : "none", c.reason.c_str());
    for (const std::string& p : c.passed_over) std::printf("%33s passed over %s\n", "", p.c_str());
    if (c.stage && c.stage->plan_note && ld <= 0)  // what it launches (packed rows only)
      std::printf("%33s runs %s\n", "", c.stage->plan_note(d, t, sh.M, sh.N).c_str());
  }
  return kExitOk;
}

// ---- --tune ---------------------------------------------------------------------------------

// Every linked stage but the dispatcher, in id order.
std::vector<const Stage*> candidates() {
  std::vector<const Stage*> v;
  for (const Stage* s : stage_registry())
    if (std::strcmp(s->id, "11") != 0) v.push_back(s);
  std::sort(v.begin(), v.end(), [](const Stage* a, const Stage* b) { return std::strcmp(a->id, b->id) < 0; });
  return v;
}

// One candidate on one shape: its median time, or the reason it has none.
struct Cell {
  double us = -1;    // < 0: not timed
  std::string mark;  // "-" refused, "FAIL" wrong result
};

// The median of `iters` timed launches of s (after 3 warm-ups) on x -> y, microseconds.
double time_stage(const Stage& s, DType t, const Shape& sh, const DeviceBuffer& x, const DeviceBuffer& y,
                  GpuTimer& timer, int iters) {
  for (int i = 0; i < 3; ++i) launch_stage(s, t, x.get(), y.get(), sh.M, sh.N, 0);
  CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<double> ms;
  for (int i = 0; i < iters; ++i)
    ms.push_back(timer.time_ms([&] { launch_stage(s, t, x.get(), y.get(), sh.M, sh.N, 0); }));
  return median(ms) * 1e3;
}

// Room for x, y and validate_stage's own two buffers of the shape, beside the timer's flush buffer.
bool fits_in_memory(int64_t bytes) {
  size_t free_b = 0, total_b = 0;
  CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
  return 4 * bytes + (int64_t{256} << 20) <= static_cast<int64_t>(free_b);
}

// Time every candidate on every shape of dtype t; print a row per shape; append the winners.
// Returns false when a candidate failed its validation (it is reported and left out).
bool tune_dtype(const DeviceInfo& d, DType t, const std::vector<Shape>& shapes, int iters, GpuTimer& timer,
                std::vector<TunedEntry>* winners) {
  const std::vector<const Stage*> cands = candidates();
  std::printf("\n%8s %10s %5s", "M", "N", "dtype");
  for (const Stage* s : cands) std::printf(" %9s", s->id);
  std::printf("   winner (median us, L2 flushed, %d runs)\n", iters);
  bool all_valid = true;
  for (const Shape& sh : shapes) {
    const int64_t bytes = sh.M * sh.N * static_cast<int64_t>(dtype_size(t));
    std::printf("%8lld %10lld %5s", static_cast<long long>(sh.M), static_cast<long long>(sh.N), dtype_name(t));
    if (!fits_in_memory(bytes)) {
      std::printf("  skipped: not enough GPU memory for x, y and the validation's copies\n");
      continue;
    }
    DeviceBuffer x(bytes), y(bytes);
    fill_input(x.get(), t, sh.M, sh.N, InputKind::random, 42, 0);
    std::vector<Cell> cells(cands.size());
    std::vector<std::string> failures;
    const Stage* best = nullptr;
    double best_us = 0;
    for (size_t i = 0; i < cands.size(); ++i) {
      const Stage& s = *cands[i];
      if (!stage_refusal(s, d, t, sh.M, sh.N).empty()) {
        cells[i].mark = "-";
        continue;
      }
      // Validate first: a wrong stage is reported and never wins.
      const CheckResult r = validate_stage(s, t, sh.M, sh.N, InputKind::random, 1234);
      if (!r.pass) {
        cells[i].mark = "FAIL";
        failures.push_back(std::string("stage ") + s.id + ": " + r.summary());
        continue;
      }
      cells[i].us = time_stage(s, t, sh, x, y, timer, iters);
      if (!best || cells[i].us < best_us) {
        best = &s;
        best_us = cells[i].us;
      }
    }
    for (const Cell& c : cells) {
      if (c.us >= 0) std::printf(" %9.2f", c.us);
      else std::printf(" %9s", c.mark.c_str());
    }
    std::printf("   %s\n", best ? best->id : "none");
    for (const std::string& f : failures) std::printf("         FAILED validation, left out: %s\n", f.c_str());
    std::fflush(stdout);
    all_valid &= failures.empty();
    if (best) winners->push_back({t, sh.M, sh.N, best->id, std::max(best_us, 1e-3), 0});
  }
  return all_valid;
}

// The tuned table's text: the GPU line, how it was measured, one line per shape.
std::string table_text(const DeviceInfo& d, const std::vector<TunedEntry>& winners, int iters) {
  std::ostringstream s;
  s << "# softmax dispatch table: the fastest stage per shape, from ./step11 --tune\n"
    << "# gpu: " << d.name << "\n"
    << "# contiguous rows; median of " << iters << " runs, L2 flushed before each, 3 warm-up runs;\n"
    << "# use it with SOFTMAX_DISPATCH_TABLE=<this file> (docs/11_dispatch.md)\n"
    << "# dtype M N stage time_us\n";
  char line[160];
  for (const TunedEntry& e : winners) {
    std::snprintf(line, sizeof line, "%s %lld %lld %s %.3f\n", dtype_name(e.dtype), static_cast<long long>(e.M),
                  static_cast<long long>(e.N), e.stage.c_str(), e.time_us);
    s << line;
  }
  return s.str();
}

int tune(const DeviceInfo& d, const std::vector<DType>& dtypes, const std::vector<Shape>& shapes, int iters,
         const Extra& e, const char* argv0) {
  std::ofstream out;
  if (e.has_out) {  // opened first: a long run never ends unable to write its result
    out.open(e.out);
    if (!out) return usage_error(argv0, "cannot write --out " + e.out);
  }
  GpuTimer timer(d);
  std::vector<TunedEntry> winners;
  bool all_valid = true;
  for (DType t : dtypes) all_valid &= tune_dtype(d, t, shapes, iters, timer, &winners);
  const std::string text = table_text(d, winners, iters);
  std::printf("\n%s", text.c_str());
  if (e.has_out) {
    out << text;
    out.close();
    if (!out) return usage_error(argv0, "cannot write --out " + e.out);
    std::printf("wrote %s (%zu shapes)\n", e.out.c_str(), winners.size());
  }
  if (!all_valid) std::fprintf(stderr, "%s: error: some stages failed validation (above)\n", argv0);
  return all_valid ? kExitOk : kExitFailure;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<char*> rest;
  const Extra e = take_extra_flags(argc, argv, &rest);
  if (!e.error.empty()) return usage_error(argv[0], e.error);
  const std::vector<std::string> args(rest.begin() + 1, rest.end());
  const CliParse p = parse_cli(args);
  // Not --plan or --tune (or --help): the harness, as for every stage.
  if (!(e.plan || e.tune) || !p.ok || p.options.help) {
    const int rc = run_stage(stage11, static_cast<int>(rest.size()), rest.data());
    if (p.ok && p.options.help) print_extra_help();
    return rc;
  }
  const CliOptions& o = p.options;
  if (o.check_only || o.explain || !o.benchmark_args.empty())
    return usage_error(argv[0], e.plan ? "--plan takes only --dtype, --rows/--cols and --ld"
                                       : "--tune takes only --dtype, --rows/--cols, --iters and --out");
  if (e.plan && o.iters > 0) return usage_error(argv[0], "--plan times nothing: no --iters");
  if (e.ld > 0 && o.rows == 0) return usage_error(argv[0], "--ld goes with --rows and --cols");
  if (e.ld > 0 && e.ld < o.cols) return usage_error(argv[0], "--ld is smaller than --cols");
  const std::vector<Shape> shapes = o.rows > 0 ? std::vector<Shape>{{o.rows, o.cols}} : stage11.sweep;
  const DeviceInfo& d = device_info();
  std::printf("stage %s (%s): %s\n", stage11.id, stage11.name, stage11.summary);
  print_device_header(d, stdout);
  if (e.plan) return plan(d, o.dtype, shapes, e.ld);
  const std::vector<DType> dtypes =
      e.dtype_given ? std::vector<DType>{o.dtype} : std::vector<DType>{DType::f32, DType::f16, DType::bf16};
  return tune(d, dtypes, shapes, o.iters > 0 ? o.iters : 20, e, argv[0]);
}

#endif  // SOFTMAX_NO_MAIN
