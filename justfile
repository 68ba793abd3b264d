# The recipes people type. Every recipe goes through ./masu, which provisions the build tools
# on a fresh machine (cmake, HiGHS's library) and keeps everything in one cargo profile
# (release). Without `just`, run the command under a recipe by hand.

set shell := ["bash", "-euo", "pipefail", "-c"]

# List the recipes.
default:
    @just --list

# Solve puzzles: just solve sudoku FILE|DIR [--backend highs] [--format json] ...
solve kind +args:
    ./masu solve {{kind}} {{args}}

# Count solutions up to --count N: just count sudoku FILE [--count 10]
count kind +args:
    ./masu count {{kind}} {{args}}

# Print what an article printed: just article 002_sudoku
article name:
    ./masu example article_{{name}}

# The whole test suite, every backend compiled in.
test:
    ./masu test

# The suite in a build of each backend alone (each Cargo feature gates exactly its code); CI
# runs it after `test`.
test-each-backend:
    ./masu test-each-backend

# Ctrl-C and SIGTERM at random moments of a solve, N runs per backend compiled in: every run
# must end within the bound with status 130 (docs/reliability.md).
signal-stress runs="200":
    ./masu cargo build --release --workspace --bin masu
    scripts/signal_stress.py --runs {{runs}}

# Check every backend × formulation against a corpus's known answers:
#   just corpus sudoku ../shared/data/sudoku
#   just corpus nonogram ../shared/data/nonogram   (native on every collection, then the CP-SAT
#   formulations with a time limit; all must agree and pass the checker)
#   just corpus numberlink ../shared/data/numberlink   (auto, connected and milp on janko-puzzlekit
#   and flow-solver, 60 s per solve; answers checked, unique ones equal to the source's)
#   Any arguments replace the defaults; --jobs N solves N puzzles at once, e.g.
#   just corpus numberlink ../shared/data/numberlink --time-limit 60 --backend cp-sat --threads 1 --jobs 2
corpus kind dir *args:
    if [ "{{kind}}" = nonogram ] && [ -z "{{args}}" ]; then \
        ./masu corpus nonogram {{dir}} --time-limit 60 && \
        ./masu corpus nonogram {{dir}} --formulations native,automaton,start-index --time-limit 20; \
    elif [ "{{kind}}" = numberlink ] && [ -z "{{args}}" ]; then \
        ./masu corpus numberlink {{dir}} --time-limit 60; \
    else \
        ./masu corpus {{kind}} {{dir}} {{args}}; \
    fi

# Benchmarks into BENCHMARKS.md, by the lab's own binary (masu-bench, not installed with masu):
# just bench startup|sudoku|nonogram|numberlink|cp|sat|certify [../shared/data]
# (cp: each kind's CP model on every CP backend beside CPMpy 1.1, in a venv .cpmpy/ it makes; sat:
# each kind's `cnf` on every SAT backend (built with them) beside CPMpy's PySAT, in the same venv;
# numberlink-solve, numberlink-frontier, numberlink-janko or numberlink-generate run one part of
# numberlink; numberlink-janko takes about an hour)
bench kind data="../shared/data":
    ./masu bench {{kind}} {{data}}

# Compare every formulation on every backend: just compare sudoku ../shared/data/sudoku/norvig
# [--threads 1] [--jobs 2] [--format csv|json] [--plot FILE.svg]
compare kind +args:
    ./masu compare {{kind}} {{args}}

# Regenerate the comparison shown in the README and in BENCHMARKS.md (table and
# docs/compare-sudoku-norvig.svg), on this machine.
compare-readme data="../shared/data":
    ./masu bench compare-readme {{data}}

# Make an HTML report (sudoku norvig, two shards merged) and check it in headless Chromium
# (installed from Debian's packages when missing): just check-report [--screenshots docs]
check-report *args:
    scripts/check-report {{args}}

# Format the code.
fmt:
    cargo fmt --all

# Formatting and clippy, in the release profile (a dev-profile clippy would build HiGHS again).
lint:
    cargo fmt --all --check
    ./masu cargo clippy --release --workspace --all-targets -- -D warnings
    for backend in highs cp-sat cbc scip microlp; do ./masu cargo clippy --release --workspace --all-targets --no-default-features --features "$backend" -- -D warnings; done
    RUSTDOCFLAGS=-Dwarnings ./masu cargo doc --no-deps --workspace --release

# Random instances of every kind against exhaustive counts, every formulation × backend:
# just differential 2000   (instances per kind and rule, up to sudoku 9×9, nonograms 8×8,
# numberlink 6×6; the test suite runs a fixed slice of small ones), then the big tier
# (tests/big_boards.rs, `big` boards per kind: numberlink to 20×20, nonograms to 30×30,
# sudoku 16×16; each must end with a status, agree where complete, stay under 3 GB)
differential rounds="1000" big="10":
    MASU_DIFF_ROUNDS={{rounds}} MASU_DIFF_LARGE=1 ./masu cargo test --release --test differential
    MASU_BIG_ROUNDS={{big}} ./masu cargo test --release --test big_boards

# Fuzz the readers of one kind with cargo-fuzz (nightly): just fuzz nonogram 600. Crashers go
# to fuzz/regressions/KIND, which the test suite replays.
fuzz kind seconds="600":
    scripts/fuzz.sh {{kind}} {{seconds}}

# masu's native code (CP-SAT binding, CaDiCaL stages, solves, stops) under valgrind memcheck.
valgrind:
    scripts/valgrind.sh

# Build the peer numberlink solver semiexp/numlin (MIT; a checkout of it in DIR) with masu's
# driver, for `just bench numberlink`: then MASU_NUMLIN=DIR/masu-driver/target/release/numlin-count
peer-numlin dir="../peers/numlin":
    test -f {{dir}}/src/v1_puzrs/solver2.rs || (echo "no numlin checkout in {{dir}}" >&2; exit 1)
    mkdir -p {{dir}}/masu-driver/src
    cp scripts/peers/numlin_count.rs {{dir}}/masu-driver/src/main.rs
    cp scripts/peers/board.rs {{dir}}/masu-driver/src/board.rs
    printf '[package]\nname = "numlin-count"\nversion = "0.1.0"\nedition = "2024"\n\n[dependencies]\nnumlin = { path = ".." }\n\n[workspace]\n' > {{dir}}/masu-driver/Cargo.toml
    cargo build --release --manifest-path {{dir}}/masu-driver/Cargo.toml

# Build semiexp's clause-learning reference model of numberlink (numlin_v2's, on
# semiexp/cspuz_core, MIT; a checkout of cspuz_core in DIR with its glucose and cadical
# submodules) with masu's driver: then MASU_REFERENCE=DIR/masu-driver/target/release/reference-count
peer-reference dir="../peers/cspuz":
    test -f {{dir}}/cspuz_rs/src/graph.rs || (echo "no cspuz_core checkout in {{dir}}" >&2; exit 1)
    test -f {{dir}}/cspuz_core/lib/cadical/src/cadical.hpp || (echo "{{dir}}: its submodules are not checked out" >&2; exit 1)
    mkdir -p {{dir}}/masu-driver/src
    cp scripts/peers/reference_count.rs {{dir}}/masu-driver/src/main.rs
    cp scripts/peers/board.rs {{dir}}/masu-driver/src/board.rs
    printf '[package]\nname = "reference-count"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\ncspuz_rs = { path = "../cspuz_rs" }\n\n[workspace]\n' > {{dir}}/masu-driver/Cargo.toml
    cargo build --release --manifest-path {{dir}}/masu-driver/Cargo.toml

# Build thomasahle's Go numberlink solver (a checkout of thomasahle/numberlink in DIR; Debian's
# golang-go), for `just bench numberlink`: then MASU_AHLE=DIR/bin/numberlink
peer-ahle dir="../peers/ahle":
    test -f {{dir}}/src/numberlink/main.go || (echo "no thomasahle/numberlink checkout in {{dir}}" >&2; exit 1)
    cd {{dir}} && GOPATH=$(pwd) GO111MODULE=off go install numberlink

# Build the peer sudoku solver tdoku (t-dillon/tdoku, BSD-2-Clause; a checkout of it in DIR)
# with masu's driver, for `just bench sudoku`: then MASU_TDOKU=DIR/tdoku_count just bench sudoku
peer-tdoku dir="../peers/tdoku":
    test -f {{dir}}/src/solver_dpll_triad_simd.cc || (echo "no tdoku checkout in {{dir}}" >&2; exit 1)
    g++ -O3 -march=native -std=c++14 -c {{dir}}/src/solver_dpll_triad_simd.cc -o {{dir}}/solver_dpll_triad_simd.o
    g++ -O3 -march=native -std=c++14 -c {{dir}}/src/util.cc -o {{dir}}/util.o
    gcc -O3 scripts/peers/tdoku_count.c {{dir}}/solver_dpll_triad_simd.o {{dir}}/util.o -lstdc++ -lm -o {{dir}}/tdoku_count
