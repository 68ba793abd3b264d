#!/bin/bash
# Fuzzes the readers of one kind for SECONDS (cargo-fuzz on the nightly toolchain; installs
# cargo-fuzz if missing). The corpus grows in fuzz/corpus/KIND (not committed), seeded from
# fuzz/seeds/KIND; a crasher is copied to fuzz/regressions/KIND, which `./masu test` replays.
#   scripts/fuzz.sh nonogram 600
set -euo pipefail
kind=${1:?usage: scripts/fuzz.sh sudoku|nonogram|numberlink SECONDS}
seconds=${2:-600}
cd "$(dirname "$0")/.."
command -v cargo-fuzz > /dev/null || cargo install --locked cargo-fuzz
mkdir -p "fuzz/corpus/$kind" "fuzz/artifacts/$kind" "fuzz/regressions/$kind"
status=0
cargo +nightly fuzz run -O "$kind" "fuzz/corpus/$kind" "fuzz/seeds/$kind" -- \
    -max_total_time="$seconds" -rss_limit_mb=2048 -malloc_limit_mb=1024 -max_len=4096 \
    -artifact_prefix="fuzz/artifacts/$kind/" || status=$?
for crash in "fuzz/artifacts/$kind"/*; do
    [ -e "$crash" ] && cp "$crash" "fuzz/regressions/$kind/" && echo "crasher kept: fuzz/regressions/$kind/$(basename "$crash")"
done
exit "$status"
