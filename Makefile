# softmax worklog — build every stage, run the tests.
#
#   make step05 && ./step05    build and run one stage (validate, then benchmark)
#   make all                   every stage
#   make test                  all that needs no GPU: every stage for sm_80 and sm_90, host tests
#   make test-gpu              every stage on the GPU against the CPU reference (needs a GPU)
#   make sanitize              every stage under compute-sanitizer's four tools (needs a GPU)
#   make ARCH=sm_86 ...        build for another GPU (default: the GPU present, else sm_80 + sm_90)
#   make DEPS=/prefix ...      look for Google Benchmark / doctest under /prefix/include, /prefix/lib
#   make EVICT_LAST=0 ...      load x without the L2 evict_last policy (common/packs.cuh), to compare
#   make BULK_SLICES=0 ...     no bulk-copy slices in the wider blocks (common/row_cache.cuh), to compare

NVCC    ?= nvcc
DEPS    ?=
EVICT_LAST ?= 1
BULK_SLICES ?= 1
BUILD   := build
COMMIT  := $(shell git describe --always --dirty 2>/dev/null || cat .commit 2>/dev/null || echo unknown)

# Architecture: the GPU that is present, else a fat binary for A100 (sm_80) and H100 (sm_90).
GPU_CC  := $(shell nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n1 | tr -d '.')
ifeq ($(origin ARCH), undefined)
  ARCH  := $(if $(GPU_CC),sm_$(GPU_CC),sm_80 sm_90)
endif
GENCODE := $(foreach a,$(ARCH),-gencode arch=compute_$(a:sm_%=%),code=$(a))

DEP_INC := $(if $(DEPS),-isystem $(DEPS)/include)
DEP_LIB := $(if $(DEPS),-L$(DEPS)/lib -Xlinker -rpath=$(abspath $(DEPS))/lib)
NVCCFLAGS := -std=c++17 -O3 -lineinfo $(GENCODE) -Icommon $(DEP_INC) -DSOFTMAX_EVICT_LAST=$(EVICT_LAST) \
             -DSOFTMAX_BULK_SLICES=$(BULK_SLICES) \
             -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror
CXX     ?= g++
CUDA_HOME ?= $(patsubst %/bin/nvcc,%,$(shell command -v $(NVCC) 2>/dev/null))
CXXFLAGS := -std=c++17 -O2 -Wall -Wextra -Werror -Icommon $(DEP_INC) -isystem $(CUDA_HOME)/include

STEP_SRCS := $(sort $(wildcard steps/[0-9][0-9]_*.cu))
STEPS     := $(foreach s,$(STEP_SRCS),step$(firstword $(subst _, ,$(notdir $(s)))))
COMMON_SRCS := $(wildcard common/*.cu)
COMMON_OBJS := $(COMMON_SRCS:common/%.cu=$(BUILD)/common/%.o)
COMMON_HDRS := $(wildcard common/*.h common/*.cuh)
HOST_TESTS  := $(wildcard tests/host/*.cpp)

.PHONY: all test test-gpu sanitize host-tests docs docs-check deps clean
all: $(STEPS)

# ---- dependencies: checked once, installed where this machine allows -----------------------
$(BUILD)/deps.ok: common/install_deps.sh
	@mkdir -p $(BUILD)
	@DEPS="$(DEPS)" CXX="$(CXX)" sh common/install_deps.sh
	@touch $@
deps: $(BUILD)/deps.ok

# Objects remember the flags they were built with: a change of ARCH rebuilds them.
$(BUILD)/flags.txt: FORCE
	@mkdir -p $(BUILD)
	@echo '$(NVCCFLAGS)' | cmp -s - $@ || echo '$(NVCCFLAGS)' > $@
$(BUILD)/commit.txt: FORCE
	@mkdir -p $(BUILD)
	@echo '$(COMMIT)' | cmp -s - $@ || echo '$(COMMIT)' > $@
FORCE:

$(BUILD)/common/%.o: common/%.cu $(COMMON_HDRS) $(BUILD)/flags.txt | $(BUILD)/deps.ok
	@mkdir -p $(dir $@)
	$(NVCC) $(NVCCFLAGS) $(COMMIT_FLAG) -c $< -o $@
# The harness prints the commit it was built from.
$(BUILD)/common/harness.o: $(BUILD)/commit.txt
$(BUILD)/common/harness.o: COMMIT_FLAG = -DSOFTMAX_COMMIT='"$(COMMIT)"'

# One stage: its object (the compiler's resource report kept beside it), linked to ./stepNN.
define STAGE_RULES
$(BUILD)/$(1).o: $(2) $(COMMON_HDRS) $(BUILD)/flags.txt | $(BUILD)/deps.ok
	@mkdir -p $(BUILD)
	$(NVCC) $(NVCCFLAGS) -Xptxas -v -c $(2) -o $$@ 2> $(BUILD)/$(1).ptxas.txt \
	  || { cat $(BUILD)/$(1).ptxas.txt; exit 1; }
$(BUILD)/lib/$(1).o: $(2) $(COMMON_HDRS) $(BUILD)/flags.txt | $(BUILD)/deps.ok
	@mkdir -p $(BUILD)/lib
	$(NVCC) $(NVCCFLAGS) -DSOFTMAX_NO_MAIN -c $(2) -o $$@
$(1): $(BUILD)/$(1).o $(COMMON_OBJS)
	$(NVCC) $(NVCCFLAGS) $$^ -o $$@ $(DEP_LIB) -lbenchmark -lpthread
endef
$(foreach s,$(STEP_SRCS),$(eval $(call STAGE_RULES,step$(firstword $(subst _, ,$(notdir $(s)))),$(s))))
# Stage 11, the dispatcher, runs the other stages: ./step11 links their registering objects too.
step11: $(filter-out $(BUILD)/lib/step11.o,$(STEPS:%=$(BUILD)/lib/%.o))

# ---- tests -------------------------------------------------------------------------------
$(BUILD)/test_host: $(HOST_TESTS) $(COMMON_HDRS) | $(BUILD)/deps.ok
	$(CXX) $(CXXFLAGS) $(HOST_TESTS) -o $@

$(BUILD)/test_gpu: tests/gpu/test_stages.cu $(STEPS:%=$(BUILD)/lib/%.o) $(COMMON_OBJS) $(BUILD)/commit.txt
	$(NVCC) $(NVCCFLAGS) -DSOFTMAX_COMMIT='"$(COMMIT)"' $(filter-out %.txt,$^) -o $@ $(DEP_LIB) -lbenchmark -lpthread

$(BUILD)/occupancy_tool: common/occupancy_tool.cpp common/occupancy.h
	@mkdir -p $(BUILD)
	$(CXX) $(CXXFLAGS) $< -o $@

host-tests: $(BUILD)/test_host all
	@sh tests/run_host_tests.sh $(STEPS)

# Everything that needs no GPU. The fat build comes first so its binaries are the ones tested.
# Fragments under bench/ may add targets to TEST_EXTRA (notebooks, plots from committed results).
TEST_EXTRA :=
-include bench/*.mk
test:
	$(MAKE) ARCH="sm_80 sm_90" all $(BUILD)/test_gpu
	$(MAKE) ARCH="sm_80 sm_90" docs-check sass-check spill-check $(BUILD)/evict_last_off.o $(TEST_EXTRA)
	$(MAKE) ARCH="sm_80 sm_90" host-tests

# `make EVICT_LAST=0`'s branch of the load helpers (common/packs.cuh), compiled, never run.
$(BUILD)/evict_last_off.o: tests/compile/evict_last_off.cu $(COMMON_HDRS) $(BUILD)/flags.txt | $(BUILD)/deps.ok
	@mkdir -p $(dir $@)
	$(NVCC) $(NVCCFLAGS) -c $< -o $@

# The docs' generated tables (compiler reports of the sm_80 + sm_90 build, committed results).
docs:
	$(MAKE) ARCH="sm_80 sm_90" all $(BUILD)/occupancy_tool
	python3 docs/tables.py
docs-check: $(BUILD)/occupancy_tool
	python3 docs/tables.py --self-test
	python3 docs/tables.py --check

# The one-pass kernels with shared-memory slices issue every load of the row before their first
# exponential, and stage 10's and 12's bulk kernels invalidate their mbarriers before they exit:
# tests/sass_check.py reads their sm_90 SASS (cuobjdump from the toolkit, else pip's).
.PHONY: sass-check
sass-check: all py-deps
	@$(PYTHON) tests/sass_check.py $(BUILD)/step08.o $(BUILD)/step10.o $(BUILD)/step12.o

# No kernel spills but stages 03-05 (their docs tabulate it) and the ones tests/spill_check.py
# names, as the docs do: the ptxas reports of the fat build.
.PHONY: spill-check
spill-check: all
	@$(PYTHON) tests/spill_check.py --self-test
	@$(PYTHON) tests/spill_check.py $(STEPS:%=$(BUILD)/%.ptxas.txt)

test-gpu: $(BUILD)/test_gpu
	$(BUILD)/test_gpu

# Every stage under compute-sanitizer's memcheck, racecheck, synccheck and initcheck (needs a GPU).
sanitize: all
	sh tests/sanitize.sh $(STEPS)

clean:
	rm -rf $(BUILD) $(STEPS)
