/* The textbook bit-mask N-Queens counter: the yardstick the benchmark scripts measure nqueens
 * against ("how many times faster than the textbook"). One queen per row; the columns and the
 * two diagonals already attacked are bit masks; the lowest free square of the row is tried
 * first; the diagonals move one column per row by a shift. No symmetry, no threads, no tricks.
 *
 *   cc -O3 -march=native -o target/textbook bench/textbook.c && target/textbook 12   # 14200
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Completions of a board whose rows so far use the columns `cols`; `left` and `right` are the
 * squares of the next row that earlier queens attack along a diagonal. */
static uint64_t solve(uint64_t board, uint64_t cols, uint64_t left, uint64_t right)
{
    if (cols == board)
        return 1;
    uint64_t found = 0;
    uint64_t open = board & ~(cols | left | right);
    while (open != 0) {
        uint64_t square = open & (0 - open); /* the lowest free square */
        open ^= square;
        found += solve(board, cols | square, (left | square) << 1, (right | square) >> 1);
    }
    return found;
}

int main(int argc, char **argv)
{
    char *end = NULL;
    long n = argc == 2 ? strtol(argv[1], &end, 10) : 0;
    if (argc != 2 || *argv[1] == '\0' || *end != '\0' || n < 1 || n > 32) {
        fprintf(stderr, "usage: %s N   (N a whole number from 1 to 32)\n", argv[0]);
        return 2;
    }
    uint64_t board = ((uint64_t)1 << n) - 1;
    printf("%llu\n", (unsigned long long)solve(board, 0, 0, 0));
    return 0;
}
