# Build glue for Timur. `make play` and `make test` are all a newcomer needs; both install what
# is missing first (Debian bookworm packages, through sudo when not root).

BUILD_DIR ?= build
ASAN_DIR ?= build-asan
FUZZ_DIR ?= build-fuzz
JOBS ?= $(shell nproc)

# Needed to build and test the engine.
PACKAGES := build-essential cmake nlohmann-json3-dev libboost-program-options-dev libboost-dev \
            libgtest-dev libgmock-dev libbenchmark-dev python3-jsonschema
# Peers the engine is compared with and played against (the oracle and the real games of
# `make test`); failing to install them does not stop the build, but then `make test` fails
# (REQUIRE_PEERS=0 lets those tests skip instead).
PEERS := fairy-stockfish fairymax xboard xvfb xauth polyglot hachu
REQUIRE_PEERS ?= 1
# ctest label expressions. Long tests and known faults (labelled long too) are never in these
# runs. The real games (labels games, games-short) run after the rest, verbose, so that the log
# shows every game and how it ended; the sanitizer run plays only the short one.
CTEST_ENV := TIMUR_REQUIRE_PEERS=$(REQUIRE_PEERS)
NOT_GAMES := -LE '^(long|known-fault|games|games-short)$$'
GAMES := -L '^(games|games-short)$$' -LE '^(long|known-fault)$$'
SHORT_GAME := -L '^games-short$$' -LE '^(long|known-fault)$$'

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# `make install PREFIX=DIR` (default /usr/local): the engine, its variants, man pages, docs and
# XBoard's plugin file, which makes XBoard list Timur in its engine menus.
PREFIX ?= /usr/local
# `make EXE=PATH` also copies the built engine to PATH (as OpenBench-style testers call it).
EXE ?=

.PHONY: all deps build test play sanitize fuzz bench clean install deb

all: build

# Installs only what is missing: dpkg-query reports each package's status.
missing = $(shell for p in $(1); do \
    dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; \
  done)

deps:
	@missing="$(call missing,$(PACKAGES))"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing: $$missing"; \
	  $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	fi
	@missing="$(call missing,$(PEERS))"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing peers (optional): $$missing"; \
	  ( $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing ) || \
	    echo "warning: could not install $$missing: the build does not need them, make test fails without them (REQUIRE_PEERS=0 skips those tests)"; \
	fi

# PGO=1 (the default) builds the engine twice: first with instrumentation, which a training run
# uses to record where the engine spends its time, then with that profile (about 15% faster).
# PGO=0 builds once, for quicker rebuilds while editing.
PGO ?= 1
# The training: `timur bench` for the search, perft for the move generator's own paths, which
# the search does not run (what no training runs is compiled as if there were no profile).
PGO_PERFT := chess capablanca grand xiangqi janggi shogi crazyhouse tamerlane
PGO_GEN_DIR := $(BUILD_DIR)/profile-gen
PGO_DATA := $(abspath $(BUILD_DIR))/profile-data
PGO_MODE := $(if $(filter 1,$(PGO)),use,off)

build:
ifeq ($(PGO),1)
	cmake -S . -B $(PGO_GEN_DIR) -DCMAKE_BUILD_TYPE=Release -DTIMUR_PGO=generate \
	  -DTIMUR_PGO_DATA=$(PGO_DATA) -DTIMUR_BUILD_TESTS=OFF -DTIMUR_BUILD_BENCH=OFF
	cmake --build $(PGO_GEN_DIR) -j$(JOBS) --target timur
	rm -rf $(PGO_DATA)
	$(PGO_GEN_DIR)/timur bench 8 > /dev/null
	for v in $(PGO_PERFT); do $(PGO_GEN_DIR)/timur perft --variant $$v --depth 4 > /dev/null; done
endif
	cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release -DTIMUR_PGO=$(PGO_MODE) \
	  -DTIMUR_PGO_DATA=$(PGO_DATA)
	cmake --build $(BUILD_DIR) -j$(JOBS)
	@if [ -n "$(EXE)" ]; then cp $(BUILD_DIR)/timur "$(EXE)" && echo "built $(EXE)"; fi

install: build
	cmake --install $(BUILD_DIR) --prefix "$(PREFIX)"

# The Debian package, in $(BUILD_DIR)/: `sudo apt install ./$(BUILD_DIR)/timur_*.deb`.
deb: build
	cd $(BUILD_DIR) && cpack -G DEB

test: deps build
	$(CTEST_ENV) ctest --test-dir $(BUILD_DIR) --output-on-failure -j2 $(NOT_GAMES)
	$(CTEST_ENV) ctest --test-dir $(BUILD_DIR) --output-on-failure -j2 -V $(GAMES)

# Tamerlane: against Timur in XBoard when there is a display and xboard, else Timur against
# itself in the terminal. XBoard does not know Tamerlane's rules: Timur defines the board and the
# pieces (setup/piece), XBoard's legality testing is off (it would refuse the King swap and every
# promotion) and Timur marks the legal targets of a lifted piece (showTargetSquares,
# highlightDragging). Tamerlane has no repetition or 50-move rule. The settings are not saved
# (testLegality would stay off for the user's other games). TAMERLANE_PIECES: the piece images
# (data/pieces/make_tamerlane.py writes them; XBoard finds each by its type's name).
XBOARD := $(shell command -v xboard 2>/dev/null || ls /usr/games/xboard 2>/dev/null)
TAMERLANE_PIECES ?= $(CURDIR)/data/pieces/tamerlane
XBOARD_SIZE ?= 96
XBOARD_TAMERLANE := -variant tamerlane -testLegality false -repeatsToDraw 0 -ruleMoves 0 \
    -showTargetSquares true -highlightDragging true -saveSettingsOnExit false \
    -pieceImageDirectory "$(TAMERLANE_PIECES)" -size $(XBOARD_SIZE)
play: deps build
	@if [ -n "$$DISPLAY" ] && [ -n "$(XBOARD)" ]; then \
	  $(XBOARD) -fcp "$(CURDIR)/$(BUILD_DIR)/timur" -fd "$(CURDIR)" $(XBOARD_TAMERLANE); \
	else \
	  ./$(BUILD_DIR)/timur play --variant tamerlane; \
	fi

sanitize: deps
	cmake -S . -B $(ASAN_DIR) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTIMUR_SANITIZE=ON
	cmake --build $(ASAN_DIR) -j$(JOBS)
	$(CTEST_ENV) ctest --test-dir $(ASAN_DIR) --output-on-failure -j2 $(NOT_GAMES)
	$(CTEST_ENV) ctest --test-dir $(ASAN_DIR) --output-on-failure -V $(SHORT_GAME)

# libFuzzer programs (clang++ with libFuzzer: clang and libclang-rt-14-dev) in $(FUZZ_DIR)/fuzz/;
# run one with e.g. `$(FUZZ_DIR)/fuzz/fuzz_betza fuzz/corpus/betza -max_total_time=600`.
fuzz: deps
	CXX=clang++ cmake -S . -B $(FUZZ_DIR) -DCMAKE_BUILD_TYPE=Release -DTIMUR_FUZZ=ON \
	  -DTIMUR_BUILD_TESTS=OFF -DTIMUR_BUILD_BENCH=OFF
	cmake --build $(FUZZ_DIR) -j$(JOBS)

bench: deps build
	./$(BUILD_DIR)/bench/compile_bench

clean:
	rm -rf $(BUILD_DIR) $(ASAN_DIR) $(FUZZ_DIR)
