# bench/bench.mk — benchmarks, peers, plots and notebooks; included by the Makefile.
#
#   make lib                    build/libsoftmax.so: every stage's launchers behind a C API (ctypes)
#   make bench                  every stage's default sweep -> results/<gpu>/stepNN[_f16].json
#   make peers                  torch, torch.compile, Triton, Liger, copy and the stages, one process
#                               -> results/<gpu>/peers.json
#   make plots                  plots/<gpu>/*.png from the result files, and the README's table
#   make notebooks              execute notebooks/*.ipynb in place (committed with their outputs)
#   make test-plots test-notebooks test-peers   the no-GPU checks (part of `make test`)
#
# Knobs: QUICK=1 (10 timed iterations; peers: a few shapes), FILTER=regex (Google Benchmark's
# --benchmark_filter for `bench`, a regex on "impl/dtype/M:m/N:n" for `peers`), STAGES="01 02"
# (only these stages in `bench` and `lib`: handy while another stage does not compile),
# DTYPES="f32 f16" (bench), RESULTS=dir (default results/<gpu>), PEERS_ARGS="..." (more flags).

PYTHON   ?= python3
RESULTS  ?=
QUICK    ?=
FILTER   ?=
STAGES   ?=
DTYPES   ?= f32 f16
PEERS_ARGS ?=

# ---- the shared library of launchers -------------------------------------------------------
LIB       := $(BUILD)/libsoftmax.so
BENCH_SRCS := $(if $(strip $(STAGES)),$(sort $(foreach id,$(STAGES),$(wildcard steps/$(id)_*.cu))),$(STEP_SRCS))
BENCH_STEPS := $(foreach s,$(BENCH_SRCS),step$(firstword $(subst _, ,$(notdir $(s)))))
PIC_STEP_OBJS   := $(BENCH_SRCS:steps/%.cu=$(BUILD)/pic/steps/%.o)
PIC_COMMON_OBJS := $(COMMON_SRCS:common/%.cu=$(BUILD)/pic/common/%.o)
PIC_FLAGS := -Xcompiler -fPIC

$(BUILD)/pic/steps/%.o: steps/%.cu $(COMMON_HDRS) $(BUILD)/flags.txt | $(BUILD)/deps.ok
	@mkdir -p $(dir $@)
	$(NVCC) $(NVCCFLAGS) $(PIC_FLAGS) -DSOFTMAX_NO_MAIN -c $< -o $@
$(BUILD)/pic/common/%.o: common/%.cu $(COMMON_HDRS) $(BUILD)/flags.txt | $(BUILD)/deps.ok
	@mkdir -p $(dir $@)
	$(NVCC) $(NVCCFLAGS) $(PIC_FLAGS) $(PIC_COMMIT_FLAG) -c $< -o $@
$(BUILD)/pic/capi.o: bench/capi.cu $(COMMON_HDRS) $(BUILD)/flags.txt $(BUILD)/commit.txt | $(BUILD)/deps.ok
	@mkdir -p $(dir $@)
	$(NVCC) $(NVCCFLAGS) $(PIC_FLAGS) -DSOFTMAX_COMMIT='"$(COMMIT)"' -c $< -o $@
$(BUILD)/pic/common/harness.o: $(BUILD)/commit.txt
$(BUILD)/pic/common/harness.o: PIC_COMMIT_FLAG = -DSOFTMAX_COMMIT='"$(COMMIT)"'
# The stage list is part of the library: a change of STAGES relinks it.
$(BUILD)/pic/stages.txt: FORCE
	@mkdir -p $(dir $@)
	@echo '$(BENCH_SRCS)' | cmp -s - $@ || echo '$(BENCH_SRCS)' > $@

$(LIB): $(BUILD)/pic/capi.o $(PIC_STEP_OBJS) $(PIC_COMMON_OBJS) $(BUILD)/pic/stages.txt
	$(NVCC) $(NVCCFLAGS) -shared $(filter %.o,$^) -o $@ $(DEP_LIB) -lbenchmark -lpthread
	@echo "built $@ with $(words $(PIC_STEP_OBJS)) stage(s): $(BENCH_STEPS)"

# ---- benchmarks (need a GPU) ---------------------------------------------------------------
.PHONY: lib bench peers plots notebooks py-deps test-plots test-notebooks test-peers
lib: $(LIB)

bench: $(BENCH_STEPS)
	@RESULTS="$(RESULTS)" QUICK="$(QUICK)" FILTER="$(FILTER)" DTYPES="$(DTYPES)" \
	  sh bench/run_bench.sh $(BENCH_STEPS)

peers: $(LIB) $(BENCH_STEPS)
	$(PYTHON) bench/peers.py --lib $(LIB) $(if $(QUICK),--quick) $(if $(FILTER),--filter '$(FILTER)') \
	  $(if $(RESULTS),--out $(RESULTS)/peers.json) $(PEERS_ARGS)

# ---- plots and notebooks (no GPU) ----------------------------------------------------------
# CI starts without matplotlib: install what requirements.txt lists when an import fails.
py-deps:
	@$(PYTHON) -c "import matplotlib, numpy, nbformat, nbclient, ipykernel; from importlib.metadata import version; \
	  version('nvidia-cuda-cuobjdump'); version('nvidia-cuda-nvdisasm')" 2>/dev/null || \
	  { echo "installing requirements.txt"; \
	    $(PYTHON) -m pip install -q --disable-pip-version-check -r requirements.txt; }

plots: py-deps
	MPLBACKEND=Agg $(PYTHON) plots/plot_results.py $(if $(RESULTS),--results $(RESULTS))

notebooks: py-deps
	MPLBACKEND=Agg $(PYTHON) notebooks/run_notebooks.py --inplace

test-plots: py-deps
	@MPLBACKEND=Agg $(PYTHON) plots/test_plots.py

test-notebooks: py-deps
	@MPLBACKEND=Agg $(PYTHON) notebooks/run_notebooks.py --check

test-peers:
	@$(PYTHON) bench/test_peers.py

TEST_EXTRA += test-plots test-notebooks test-peers
