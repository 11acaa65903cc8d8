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
  CHECK(parse({"--rows", "4", "--cols", "8"}).options.ld == 0);  // not given: rows packed
}

TEST_CASE("--ld: a row stride of at least --cols, with --rows and --cols") {
  const CliParse p = parse({"--rows", "3", "--cols", "4097", "--ld", "8192"});
  REQUIRE(p.ok);
  CHECK(p.options.ld == 8192);
  CHECK(p.options.cols == 4097);
  CHECK(parse({"--ld=2^13", "--rows=3", "--cols=4097"}).options.ld == 8192);  // any order, '='
  CHECK(parse({"--rows", "2", "--cols", "5", "--ld", "5"}).options.ld == 5);   // ld == cols: packed
  const std::vector<std::vector<std::string>> bad = {
      {"--rows", "2", "--cols", "5", "--ld", "4"},             // smaller than --cols
      {"--ld", "8"},                                          // without a shape
      {"--rows", "2", "--ld", "8"},                           // without --cols
      {"--cols", "2", "--ld", "8"},                           // without --rows
      {"--rows", "2", "--cols", "5", "--ld"},                 // no value
      {"--rows", "2", "--cols", "5", "--ld", "0"},            // not positive
      {"--rows", "2", "--cols", "5", "--ld", "-8"},
      {"--rows", "2", "--cols", "5", "--ld", "8x"},
      {"--rows", "2", "--cols", "5", "--ld=2^41"},            // over the per-dimension bound
      {"--rows", "2^20", "--cols", "5", "--ld", "2^21"}};     // rows x ld over 2^40 elements
  for (const auto& args : bad) {
    const CliParse b = parse(args);
    CAPTURE(b.error);
    CHECK_FALSE(b.ok);
    CHECK_FALSE(b.error.empty());
    CHECK(b.error.find('\n') == std::string::npos);
  }
  CHECK(parse({"--rows", "2", "--cols", "5", "--ld", "4"}).error.find("smaller than --cols") !=
        std::string::npos);
  CHECK(parse({"--ld", "8"}).error.find("--ld") != std::string::npos);
  CHECK(std::string(cli_usage_line()).find("--ld K") != std::string::npos);
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
                                          "--ld", "--ld=3",
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
    if (p.ok && p.options.ld) {
      CHECK(p.options.cols > 0);
      CHECK(p.options.ld >= p.options.cols);
      CHECK(p.options.rows * p.options.ld <= kMaxDim);
    }
  }
}

TEST_CASE("the input hash is deterministic and spreads neighbouring counters") {
  CHECK(mix64(12345) == mix64(12345));
  CHECK(mix64(1) != mix64(2));
  int differing_bits = __builtin_popcountll(mix64(1000) ^ mix64(1001));
  CHECK(differing_bits > 16);
}
