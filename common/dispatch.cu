// dispatch.cu — the dispatcher: find the stage dispatch_rules.h chooses among the linked stages,
// and launch it (contiguous rows through launch_stage, strided rows through Stage::strided).
#include "dispatch.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "cuda_check.cuh"
#include "dispatch_rules.h"
#include "validate.cuh"

namespace {

// The tuned table, read once from SOFTMAX_DISPATCH_TABLE; nullptr when the variable is unset, or
// the file is unusable (unreadable, malformed, another GPU's): then one warning line on stderr.
const TunedTable* tuned_table(const DeviceInfo& d) {
  static const TunedParse loaded = [&d] {
    const char* path = std::getenv("SOFTMAX_DISPATCH_TABLE");
    if (!path || !*path) return TunedParse{};
    TunedParse p = load_tuned_table(path, d.name);
    if (!p.ok)
      std::fprintf(stderr, "warning: SOFTMAX_DISPATCH_TABLE: %s; dispatching by the rule table\n",
                   p.error.c_str());
    return p;
  }();
  return loaded.ok ? &loaded.table : nullptr;
}

// "" when stage `id` can run the call, else why not. Stages 03-05 count a row's 16-byte chunks
// from the boundary before it, so pointers off 16 bytes cost them 3 elements of capacity that their
// refuse() (which cannot see pointers) does not count: then the stage is asked about N + 3 too.
// A stage that wants_aligned16 (12) is passed over for such pointers.
// (Stage 11 itself is never asked: dispatch_rules.h passes it over.)
std::string why_not(const std::string& id, const DeviceInfo& d, DType t, int64_t M, int64_t N, bool strided,
                    bool aligned16) {
  const Stage* s = find_stage(id);
  if (!s) return "not linked into this program";
  if (strided && !s->strided) return "no strided launcher";
  std::string why = stage_refusal(*s, d, t, M, N);
  if (why.empty() && !aligned16 && s->wants_aligned16) return "x or y not 16-byte aligned (its fast path needs both)";
  if (why.empty() && !aligned16) {
    why = stage_refusal(*s, d, t, M, N + 3);
    if (!why.empty()) why = "x or y not 16-byte aligned (3 elements less room): " + why;
  }
  return why;
}

// The last call's choice, per thread: a loop over one shape decides once. (The registry and the
// tables do not change after start-up.)
struct LastChoice {
  bool valid = false;
  DType t = DType::f32;
  int64_t M = 0, N = 0, ld = 0;
  bool aligned16 = false;
  const Stage* stage = nullptr;
};

[[noreturn]] void no_stage(DType t, int64_t M, int64_t N, int64_t ld, const std::string& why) {
  std::fprintf(stderr, "error: softmax dispatch: %s M=%lld N=%lld ld=%lld: %s\n", dtype_name(t),
               static_cast<long long>(M), static_cast<long long>(N), static_cast<long long>(ld), why.c_str());
  std::exit(kExitUsage);
}

}  // namespace

const Stage* find_stage(const std::string& id) {
  for (const Stage* s : stage_registry())
    if (id == s->id) return s;
  return nullptr;
}

DispatchChoice dispatch_choose(const DeviceInfo& d, DType t, int64_t M, int64_t N, int64_t ld, bool aligned16) {
  const bool strided = !rows_contiguous(M, N, ld);
  const auto takes = [&](const std::string& id) { return why_not(id, d, t, M, N, strided, aligned16); };
  const Pick p = choose_stage(kDispatchRules, kGpuAmendments, d.name, tuned_table(d), t, M, N, ld, takes);
  DispatchChoice c;
  c.stage = p.stage.empty() ? nullptr : find_stage(p.stage);
  c.reason = p.reason;
  c.passed_over = p.passed_over;
  c.tuned = p.tuned;
  return c;
}

std::string dispatch_refusal(const DeviceInfo& d, DType t, int64_t M, int64_t N) {
  const DispatchChoice c = dispatch_choose(d, t, M, N, N);
  return c.stage ? "" : "the dispatcher: " + c.reason;
}

const Stage& softmax(const void* x, void* y, int64_t M, int64_t N, int64_t ld, DType t, cudaStream_t stream) {
  const std::string bad = bad_call(M, N, ld);
  if (!bad.empty()) no_stage(t, M, N, ld, bad);
  const bool contiguous = rows_contiguous(M, N, ld);
  const int64_t ld_bytes = ld * static_cast<int64_t>(dtype_size(t));
  const bool aligned16 = (reinterpret_cast<uintptr_t>(x) | reinterpret_cast<uintptr_t>(y)) % 16 == 0 &&
                         (contiguous || ld_bytes % 16 == 0);
  // Choose, or reuse the last call's choice for the same call.
  thread_local LastChoice last;
  if (!(last.valid && last.t == t && last.M == M && last.N == N && last.ld == ld && last.aligned16 == aligned16)) {
    const DispatchChoice c = dispatch_choose(device_info(), t, M, N, ld, aligned16);
    if (!c.stage) no_stage(t, M, N, ld, c.reason);
    last = {true, t, M, N, ld, aligned16, c.stage};
  }
  const Stage& s = *last.stage;
  // Launch: contiguous rows as the stage's own launcher takes them, strided rows through its strided one.
  if (contiguous) {
    launch_stage(s, t, x, y, M, N, stream);
  } else {
    s.strided(t, x, y, M, N, ld, stream);
    CUDA_CHECK_LAUNCH();
  }
  return s;
}

std::string dispatch_table_note(const DeviceInfo& d) {
  const TunedTable* tuned = tuned_table(d);
  const int amended = amendments_for(kGpuAmendments, d.name);
  const std::string amendments = amended ? ", with its " + std::to_string(amended) + " amendments for " + d.name : "";
  const std::string rules = "the rule table (common/dispatch_rules.h" + amendments + ")";
  if (!tuned) return "dispatch: " + rules;
  return "dispatch: tuned table " + tuned->source + " (" + std::to_string(tuned->entries.size()) + " shapes, " +
         tuned->gpu + "), then " + rules;
}
