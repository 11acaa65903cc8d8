// cli.h — the command line every stage shares. Host-only, so the host tests can fuzz it.
//
//   ./stepNN                       validate, then benchmark the stage's default sweep
//   ./stepNN --rows M --cols N     validate and benchmark one shape
//   ./stepNN --rows M --cols N --ld K   the same with rows K elements apart (K >= N; stages
//                                  with a strided launcher only)
//   ./stepNN --check [...]         validate only
//   ./stepNN --explain             registers, shared memory and occupancy of the stage's kernels
//   ./stepNN --dtype f16 [...]     element type, where the stage has it (default f32)
//   ./stepNN --iters K [...]       timed iterations per shape (default: by size)
//   ./stepNN --help
// Numbers are decimal integers or powers of two written 2^k; "--opt value" and "--opt=value"
// both work. Arguments starting with --benchmark_ go to Google Benchmark untouched.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "dtype.h"

struct CliOptions {
  int64_t rows = 0, cols = 0;  // 0 = not given
  int64_t ld = 0;              // row stride in elements, >= cols; 0 = not given (rows packed)
  DType dtype = DType::f32;
  bool check_only = false;
  bool explain = false;
  bool help = false;
  int iters = 0;  // 0 = choose by size
  std::vector<std::string> benchmark_args;  // --benchmark_* flags, passed through
};

struct CliParse {
  bool ok = false;
  std::string error;  // one line, set when !ok
  CliOptions options;
};

constexpr int64_t kMaxDim = int64_t{1} << 40;  // sanity bound on M and N

// Parse a positive integer: decimal digits or 2^k. Rejects signs, junk, zero and values > limit.
inline bool parse_positive(const std::string& s, int64_t limit, int64_t* out) {
  if (s.empty() || s.size() > 20) return false;
  const size_t caret = s.find('^');
  if (caret != std::string::npos) {
    if (s.substr(0, caret) != "2") return false;
    int64_t k = 0;
    if (!parse_positive(s.substr(caret + 1), 62, &k) && s.substr(caret + 1) != "0") return false;
    const int64_t v = int64_t{1} << k;
    if (v > limit) return false;
    *out = v;
    return true;
  }
  int64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
    if (v > limit) return false;
  }
  if (v <= 0) return false;
  *out = v;
  return true;
}

inline CliParse parse_cli(const std::vector<std::string>& args) {
  CliParse p;
  CliOptions& o = p.options;
  auto fail = [&](const std::string& msg) {
    p.ok = false;
    p.error = msg;
    return p;
  };
  for (size_t i = 0; i < args.size(); ++i) {
    std::string a = args[i], value;
    bool has_inline_value = false;
    const size_t eq = a.find('=');
    if (a.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = a.substr(eq + 1);
      a = a.substr(0, eq);
      has_inline_value = true;
    }
    auto need_value = [&](std::string* v) {
      if (has_inline_value) { *v = value; return true; }
      if (i + 1 >= args.size()) return false;
      *v = args[++i];
      return true;
    };
    if (a.rfind("--benchmark_", 0) == 0) {
      o.benchmark_args.push_back(args[i]);
    } else if (a == "--help" || a == "-h") {
      o.help = true;
    } else if (a == "--check" || a == "--explain") {
      if (has_inline_value) return fail(a + " takes no value");
      (a == "--check" ? o.check_only : o.explain) = true;
    } else if (a == "--rows" || a == "--cols" || a == "--ld") {
      int64_t* dst = (a == "--rows") ? &o.rows : (a == "--cols") ? &o.cols : &o.ld;
      std::string v;
      if (!need_value(&v)) return fail(a + " needs a value");
      if (!parse_positive(v, kMaxDim, dst))
        return fail(a + " wants a positive integer (or 2^k) up to 2^40, got '" + v + "'");
    } else if (a == "--dtype") {
      std::string v;
      if (!need_value(&v)) return fail("--dtype needs a value");
      if (!dtype_parse(v, &o.dtype)) return fail("--dtype wants f32, f16 or bf16, got '" + v + "'");
    } else if (a == "--iters") {
      std::string v;
      int64_t k = 0;
      if (!need_value(&v)) return fail("--iters needs a value");
      if (!parse_positive(v, 100000, &k)) return fail("--iters wants 1..100000, got '" + v + "'");
      o.iters = static_cast<int>(k);
    } else {
      return fail("unknown argument '" + args[i] + "'");
    }
  }
  if ((o.rows == 0) != (o.cols == 0)) return fail("--rows and --cols go together");
  if (o.rows > 0 && o.cols > kMaxDim / o.rows) return fail("--rows x --cols is larger than 2^40 elements");
  if (o.ld > 0 && o.cols == 0) return fail("--ld goes with --rows and --cols");
  if (o.ld > 0 && o.ld < o.cols)
    return fail("--ld (" + std::to_string(o.ld) + ") is smaller than --cols (" +
                std::to_string(o.cols) + ")");
  if (o.ld > 0 && o.ld > kMaxDim / o.rows) return fail("--rows x --ld is larger than 2^40 elements");
  p.ok = true;
  return p;
}

inline const char* cli_usage_line() {
  return "usage: [--rows M --cols N [--ld K]] [--dtype f32|f16|bf16] [--check] [--explain] [--iters K] [--help] "
         "[--benchmark_...]";
}
