/* masu's driver for the peer sudoku solver tdoku (github.com/t-dillon/tdoku, BSD-2-Clause),
 * used by `masu bench sudoku` when MASU_TDOKU names its build (`just peer-tdoku`).
 *
 * Reads 9×9 puzzles, one per line (81 cells, '.' or '0' blank; other lines skipped), and for
 * each counts solutions up to 2 with tdoku's solver, timing the call alone. Prints one line
 * per puzzle: its line number, the count (0, 1 or 2) and the nanoseconds of the call. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

size_t TdokuSolverDpllTriadSimd(const char *input, size_t limit, uint32_t configuration,
                                char *solution, size_t *num_guesses);

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s PUZZLES.txt\n", argv[0]);
        return 2;
    }
    FILE *in = fopen(argv[1], "r");
    if (!in) {
        perror(argv[1]);
        return 2;
    }
    char line[1024], puzzle[82], solution[82];
    long number = 0;
    while (fgets(line, sizeof line, in)) {
        number++;
        size_t cells = 0;
        for (const char *c = line; *c && *c != '#' && cells <= 81; c++) {
            if (*c >= '1' && *c <= '9') puzzle[cells++] = *c;
            else if (*c == '.' || *c == '0') puzzle[cells++] = '.';
            else if (*c != ' ' && *c != '\t' && *c != '\r' && *c != '\n') { cells = 82; break; }
        }
        if (cells != 81) continue;
        puzzle[81] = '\0';
        size_t guesses = 0;
        long long started = now_ns();
        size_t count = TdokuSolverDpllTriadSimd(puzzle, 2, 0, solution, &guesses);
        long long elapsed = now_ns() - started;
        printf("%ld %zu %lld\n", number, count, elapsed);
    }
    fclose(in);
    return 0;
}
