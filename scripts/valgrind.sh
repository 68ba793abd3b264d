#!/bin/bash
# masu's native code under valgrind's memcheck: the CP-SAT binding's tests, the CaDiCaL
# stages of the nonogram and numberlink searches, a solve of each kind on CP-SAT, and solves
# stopped by a time limit and by Ctrl-C. Fails on any invalid read or write, or any block
# definitely lost (scripts/valgrind.supp lists the one known false positive, in ld.so).
#   scripts/valgrind.sh        (about 10 minutes on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/.."
vg=(valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite
    --show-leak-kinds=definite --suppressions=scripts/valgrind.supp)

test_binary() { # crate: the path of its library test binary
    ./masu cargo test --release -p "$1" --lib --no-run --message-format=json 2>/dev/null |
        python3 -c "import sys, json
for line in sys.stdin:
    j = json.loads(line)
    if j.get('reason') == 'compiler-artifact' and j.get('executable') and j['profile']['test']:
        print(j['executable'])"
}
run() { echo "== $*"; "${vg[@]}" "$@"; }

run "$(test_binary masu-cp)" --test-threads=1
run "$(test_binary masu-sat)" --test-threads=1
run "$(test_binary masu-nonogram)" --test-threads=1 the_cdcl_stage_counts_what_the_search_counts
run "$(test_binary masu-numberlink)" --test-threads=1 counts_equal_the_search

./masu cargo build --release --workspace --bin masu
masu=target/release/masu
run $masu solve sudoku examples/data/article_002_sudoku.json
run $masu solve numberlink examples/data/article_001_numberlink.json
run $masu solve nonogram examples/data/article_003_nonogram.json --formulation start-index --backend cp-sat
run $masu solve nonogram examples/data/article_003_nonogram.json --formulation patterns --backend highs

empty=$(mktemp --suffix=.txt)
trap 'rm -f "$empty"' EXIT
printf '%s\n' "$(printf '.%.0s' {1..81})" > "$empty"
echo "== a time limit stops CP-SAT"
"${vg[@]}" $masu count sudoku "$empty" --count 100000000 --time-limit 3 > /dev/null
echo "== Ctrl-C stops CP-SAT"
"${vg[@]}" $masu count sudoku "$empty" --count 100000000 > /dev/null &
pid=$!
sleep 20
kill -INT "$pid"
status=0
wait "$pid" || status=$?
[ "$status" = 130 ] || { echo "expected exit 130 after Ctrl-C, got $status"; exit 1; }
echo "valgrind: no invalid access, no definite leak"
