// The shared command line: good arguments parse, bad ones are rejected with a message.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "cli.h"
#include "inputs_hash.h"

static CliParse parse(std::vector<std::string> args) { return parse_cli(args); }

TEST_CASE("valid command lines") {
  CHECK(parse({}).ok);
  const CliParse p = parse({"--rows", "2048", "--cols=2^20", "--check", "--dtype", "bf16", "--iters", "7"});
  REQUIRE(p.ok);
  CHECK(p.options.rows == 2048);
  CHECK(p.options.cols == (1 << 20));
  CHECK(p.options.check_only);
  CHECK(p.options.dtype == DType::bf16);
  CHECK(p.options.iters == 7);
  const CliParse b = parse({"--benchmark_out=x.json", "--benchmark_filter=N:1024"});
  REQUIRE(b.ok);
  CHECK(b.options.benchmark_args.size() == 2);
  CHECK(parse({"--help"}).options.help);
  CHECK(parse({"--rows", "2^0", "--cols", "1"}).options.rows == 1);
}

TEST_CASE("bad command lines are rejected with one line") {
  const std::vector<std::vector<std::string>> bad = {
      {"--rows", "abc", "--cols", "4"}, {"--rows", "0", "--cols", "4"}, {"--rows", "-3", "--cols", "4"},
      {"--rows", "4"},                  {"--cols", "4"},                {"--rows"},
      {"--rows", "12x", "--cols", "4"}, {"--rows", "2^63", "--cols", "1"},
      {"--rows", "99999999999999999999", "--cols", "1"},
      {"--rows", "2^40", "--cols", "2"}, {"--dtype", "f64"},            {"--iters", "0"},
      {"--check=yes"},                  {"--bogus"},                    {"positional"},
      {"--rows", "", "--cols", "4"},    {"--rows", "3.5", "--cols", "4"}, {"--rows", "2^", "--cols", "1"}};
  for (const auto& args : bad) {
    const CliParse p = parse(args);
    CAPTURE(args.size());
    CHECK_FALSE(p.ok);
    CHECK_FALSE(p.error.empty());
    CHECK(p.error.find('\n') == std::string::npos);
  }
}

TEST_CASE("random and hostile arguments never crash and are either accepted or explained") {
  std::mt19937 gen(2026);
  const std::vector<std::string> words = {"--rows", "--cols", "--dtype", "--check", "--iters", "--help",
                                          "2^10", "7", "-1", "0", "f16", "=", "--rows=", "--cols=2^",
                                          "99999999999999999999999", "\xff\xfe", "", "--benchmark_x"};
  for (int trial = 0; trial < 5000; ++trial) {
    std::vector<std::string> args(gen() % 6);
    for (std::string& a : args) {
      if (gen() % 4 == 0) {  // random bytes
        a.resize(gen() % 12);
        for (char& ch : a) ch = static_cast<char>(gen() % 256);
      } else {
        a = words[gen() % words.size()];
      }
    }
    const CliParse p = parse(args);
    if (!p.ok) CHECK_FALSE(p.error.empty());
    if (p.ok && p.options.rows) CHECK(p.options.rows * p.options.cols <= kMaxDim);
  }
}

TEST_CASE("the input hash is deterministic and spreads neighbouring counters") {
  CHECK(mix64(12345) == mix64(12345));
  CHECK(mix64(1) != mix64(2));
  int differing_bits = __builtin_popcountll(mix64(1000) ^ mix64(1001));
  CHECK(differing_bits > 16);
}
