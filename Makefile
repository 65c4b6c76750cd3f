# Entry points. `make demo` runs the main job on the built-in example;
# `make check` builds everything and runs the whole lit suite.
# `make check-sanitize` does the same in a separate AddressSanitizer+UBSan build.
BUILD ?= build
ASAN_BUILD ?= build-sanitize
JOBS ?= $(shell nproc)

.PHONY: all deps build demo check check-sanitize bench clean

all: build

deps:
	@scripts/install-deps.sh

$(BUILD)/build.ninja $(BUILD)/Makefile: | deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null

build: deps $(BUILD)/Makefile
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	@scripts/demo.sh $(BUILD)

check: build
	cmake --build $(BUILD) --target check

check-sanitize: deps
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DFLYC_SANITIZE=ON >/dev/null
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp:print_suppressions=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  cmake --build $(ASAN_BUILD) --target check

bench: build
	bench/compile-time $(BUILD)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
