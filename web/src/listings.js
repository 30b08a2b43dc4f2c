// @ts-check
// The programs beside the board: the textbook search as a learner meets it, in Python, Java,
// C++, JavaScript and Rust, for each of the three methods (scan, sets, bit masks).
//
// Each listing is data: its lines, some tagged «tag» with what they do (place, remove, ...;
// call, try, safe, done and out: the calls and returns that "step into" shows; base, loop,
// for_r, d and the others: the lines that only "line by line" shows), so that the lit line is a
// pure function of the step (Watch) or of the operation (Methods).
// The tags are stripped before the code is shown; `$N` is the board size of the page, so that
// the program shown is the one that makes this very search, and runs as written.

export const LANGS = { python: 'Python', java: 'Java', cpp: 'C++', javascript: 'JavaScript', rust: 'Rust' };
// The methods by the library's names (nqueens::Method), each labelled as the textbook describes it.
export const METHODS = { naive: 'scan', sets: 'sets', bitmask: 'bit masks' };
/** @type {Lang} */
export const DEFAULT_LANG = 'python';

/**
 * A language of the listings, and a method, by their keys in LANGS and METHODS.
 * @typedef {keyof typeof LANGS} Lang
 * @typedef {keyof typeof METHODS} Method
 */

/**
 * A listing: its lines (tags stripped), the program as one text, and the lines (from 0) each
 * tag lights.
 * @typedef {{ lines: string[], at: Record<string, number[]>, source: string }} Listing
 */

/** @type {Record<Lang, Record<Method, string>>} */
const SOURCES = {
  python: {
    naive: `
def solve_n_queens(n):
    # placer[r]: the column of row r's queen
    placer = [-1] * n
    solutions = []

    def safe(row, col):
        # Reads, in each row r above, the squares
        # that attack: the column, the diagonals.
        for r in range(row):  «for_r»
            d = row - r  «d»
            for c in (col, col - d, col + d):  «for_c»
                if 0 <= c < n and placer[r] == c:  «check»
                    return False  «hit»
        return True  «safe»

    def solve(row):
        if row == n:  «base»
            solutions.append(placer[:])  «solution»
            return  «done»
        for col in range(n):  «out»  «loop»
            if not safe(row, col):  «try»
                continue  «reject»
            placer[row] = col  «place»
            solve(row + 1)  «call»
            placer[row] = -1  «remove»

    solve(0)  «start»
    return solutions


print(len(solve_n_queens($N)))
`,
    sets: `
def solve_n_queens(n):
    # placer[r]: the column of row r's queen
    placer = [-1] * n
    cols, diffs, sums = set(), set(), set()
    solutions = []

    def solve(row):
        if row == n:  «base»
            solutions.append(placer[:])  «solution»
            return  «done»
        for col in range(n):  «out»  «loop»
            if (col in cols  «set0»
                    or row - col in diffs  «set1»
                    or row + col in sums):  «set2»
                continue  «reject»
            placer[row] = col  «place»  «put»
            cols.add(col)  «place»  «add0»
            diffs.add(row - col)  «place»  «add1»
            sums.add(row + col)  «place»  «add2»
            solve(row + 1)  «call»
            placer[row] = -1  «remove»  «unput»
            cols.remove(col)  «remove»  «del0»
            diffs.remove(row - col)  «remove»  «del1»
            sums.remove(row + col)  «remove»  «del2»

    solve(0)  «start»
    return solutions


print(len(solve_n_queens($N)))
`,
    bitmask: `
# Bit c of a mask is column c; left and
# right: the squares of this row that the
# queens above attack along a diagonal.
def solve(n, row=0, cols=0, left=0, right=0):
    if row == n:  «base»
        return 1  «solution»
    full = (1 << n) - 1  «full»
    count = 0  «zero»
    free = full & ~(cols | left | right)  «free»
    while free:  «while»
        bit = free & -free  «pick»
        count += solve(n, row + 1, cols | bit,  «place»
                       ((left | bit) << 1) & full,  «place»
                       (right | bit) >> 1)  «place»
        free ^= bit  «remove»
    return count  «out»


print(solve($N))  «start»
`,
  },
  java: {
    naive: `
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

class NQueens {
  static int n;
  // placer[r]: the column of row r's queen
  static int[] placer;
  static List<int[]> solutions =
      new ArrayList<>();

  // Reads, in each row r above, the squares
  // that attack: the column, the diagonals.
  static boolean safe(int row, int col) {
    for (int r = 0; r < row; r++) {  «for_r»
      int d = row - r;  «d»
      int[] look = {col, col - d, col + d};  «d»
      for (int c : look)  «for_c»
        if (c >= 0 && c < n && placer[r] == c)  «check»
          return false;  «hit»
    }
    return true;  «safe»
  }

  static void solve(int row) {
    if (row == n) {  «base»
      solutions.add(placer.clone());  «solution»
      return;  «done»
    }
    for (int col = 0; col < n; col++) {  «loop»
      if (!safe(row, col))  «try»
        continue;  «reject»
      placer[row] = col;  «place»
      solve(row + 1);  «call»
      placer[row] = -1;  «remove»
    }
  }  «out»

  public static void main(String[] args) {
    n = $N;
    placer = new int[n];
    Arrays.fill(placer, -1);
    solve(0);  «start»
    System.out.println(solutions.size());
  }
}
`,
    sets: `
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

class NQueens {
  static int n;
  // placer[r]: the column of row r's queen
  static int[] placer;
  static Set<Integer> cols = new HashSet<>();
  static Set<Integer> diffs = new HashSet<>();
  static Set<Integer> sums = new HashSet<>();
  static List<int[]> solutions =
      new ArrayList<>();

  static void solve(int row) {
    if (row == n) {  «base»
      solutions.add(placer.clone());  «solution»
      return;  «done»
    }
    for (int col = 0; col < n; col++) {  «loop»
      if (cols.contains(col)  «set0»
          || diffs.contains(row - col)  «set1»
          || sums.contains(row + col))  «set2»
        continue;  «reject»
      placer[row] = col;  «place»  «put»
      cols.add(col);  «place»  «add0»
      diffs.add(row - col);  «place»  «add1»
      sums.add(row + col);  «place»  «add2»
      solve(row + 1);  «call»
      placer[row] = -1;  «remove»  «unput»
      cols.remove(col);  «remove»  «del0»
      diffs.remove(row - col);  «remove»  «del1»
      sums.remove(row + col);  «remove»  «del2»
    }
  }  «out»

  public static void main(String[] args) {
    n = $N;
    placer = new int[n];
    Arrays.fill(placer, -1);
    solve(0);  «start»
    System.out.println(solutions.size());
  }
}
`,
    bitmask: `
class NQueens {
  // Bit c of a mask is column c; left and
  // right: the squares of this row that the
  // queens above attack along a diagonal.
  static int solve(int n, int row, int cols,
                   int left, int right) {
    if (row == n)  «base»
      return 1;  «solution»
    int full = (1 << n) - 1;  «full»
    int count = 0;  «zero»
    int free = full & ~(cols | left | right);  «free»
    while (free != 0) {  «while»
      int bit = free & -free;  «pick»
      count += solve(n, row + 1, cols | bit,  «place»
                     ((left | bit) << 1) & full,  «place»
                     (right | bit) >> 1);  «place»
      free ^= bit;  «remove»
    }
    return count;  «out»
  }

  public static void main(String[] args) {
    System.out.println(solve($N, 0, 0, 0, 0));  «start»
  }
}
`,
  },
  cpp: {
    naive: `
#include <cstdio>
#include <cstdlib>
#include <vector>
using namespace std;

int n;
// placer[r]: the column of row r's queen
vector<int> placer;
vector<vector<int>> solutions;

// Reads, in each row r above, the squares
// that attack: the column, the diagonals.
bool safe(int row, int col) {
    for (int r = 0; r < row; r++) {  «for_r»
        int d = row - r;  «d»
        for (int c : {col, col - d, col + d})  «for_c»
            if (c >= 0 && c < n && placer[r] == c)  «check»
                return false;  «hit»
    }
    return true;  «safe»
}

void solve(int row) {
    if (row == n) {  «base»
        solutions.push_back(placer);  «solution»
        return;  «done»
    }
    for (int col = 0; col < n; col++) {  «loop»
        if (!safe(row, col))  «try»
            continue;  «reject»
        placer[row] = col;  «place»
        solve(row + 1);  «call»
        placer[row] = -1;  «remove»
    }
}  «out»

int main() {
    n = $N;
    placer.assign(n, -1);
    solve(0);  «start»
    printf("%zu\\n", solutions.size());
}
`,
    sets: `
#include <cstdio>
#include <set>
#include <vector>
using namespace std;

int n;
// placer[r]: the column of row r's queen
vector<int> placer;
set<int> cols, diffs, sums;
vector<vector<int>> solutions;

void solve(int row) {
    if (row == n) {  «base»
        solutions.push_back(placer);  «solution»
        return;  «done»
    }
    for (int col = 0; col < n; col++) {  «loop»
        if (cols.count(col)  «set0»
                || diffs.count(row - col)  «set1»
                || sums.count(row + col))  «set2»
            continue;  «reject»
        placer[row] = col;  «place»  «put»
        cols.insert(col);  «place»  «add0»
        diffs.insert(row - col);  «place»  «add1»
        sums.insert(row + col);  «place»  «add2»
        solve(row + 1);  «call»
        placer[row] = -1;  «remove»  «unput»
        cols.erase(col);  «remove»  «del0»
        diffs.erase(row - col);  «remove»  «del1»
        sums.erase(row + col);  «remove»  «del2»
    }
}  «out»

int main() {
    n = $N;
    placer.assign(n, -1);
    solve(0);  «start»
    printf("%zu\\n", solutions.size());
}
`,
    bitmask: `
#include <cstdio>

// Bit c of a mask is column c; left and
// right: the squares of this row that the
// queens above attack along a diagonal.
int solve(int n, int row, int cols,
          int left, int right) {
    if (row == n)  «base»
        return 1;  «solution»
    int full = (1 << n) - 1;  «full»
    int count = 0;  «zero»
    int free = full & ~(cols | left | right);  «free»
    while (free) {  «while»
        int bit = free & -free;  «pick»
        count += solve(n, row + 1, cols | bit,  «place»
                       ((left | bit) << 1) & full,  «place»
                       (right | bit) >> 1);  «place»
        free ^= bit;  «remove»
    }
    return count;  «out»
}

int main() {
    printf("%d\\n", solve($N, 0, 0, 0, 0));  «start»
}
`,
  },
  javascript: {
    naive: `
function solveNQueens(n) {
  // placer[r]: the column of row r's queen
  const placer = new Array(n).fill(-1);
  const solutions = [];

  // Reads, in each row r above, the squares
  // that attack: the column, the diagonals.
  function safe(row, col) {
    for (let r = 0; r < row; r++) {  «for_r»
      const d = row - r;  «d»
      for (const c of [col, col - d, col + d])  «for_c»
        if (c >= 0 && c < n && placer[r] === c)  «check»
          return false;  «hit»
    }
    return true;  «safe»
  }

  function solve(row) {
    if (row === n) {  «base»
      solutions.push([...placer]);  «solution»
      return;  «done»
    }
    for (let col = 0; col < n; col++) {  «loop»
      if (!safe(row, col))  «try»
        continue;  «reject»
      placer[row] = col;  «place»
      solve(row + 1);  «call»
      placer[row] = -1;  «remove»
    }
  }  «out»

  solve(0);  «start»
  return solutions;
}

console.log(solveNQueens($N).length);
`,
    sets: `
function solveNQueens(n) {
  // placer[r]: the column of row r's queen
  const placer = new Array(n).fill(-1);
  const cols = new Set();
  const diffs = new Set(); // row - col
  const sums = new Set(); // row + col
  const solutions = [];

  function solve(row) {
    if (row === n) {  «base»
      solutions.push([...placer]);  «solution»
      return;  «done»
    }
    for (let col = 0; col < n; col++) {  «loop»
      if (cols.has(col)  «set0»
          || diffs.has(row - col)  «set1»
          || sums.has(row + col))  «set2»
        continue;  «reject»
      placer[row] = col;  «place»  «put»
      cols.add(col);  «place»  «add0»
      diffs.add(row - col);  «place»  «add1»
      sums.add(row + col);  «place»  «add2»
      solve(row + 1);  «call»
      placer[row] = -1;  «remove»  «unput»
      cols.delete(col);  «remove»  «del0»
      diffs.delete(row - col);  «remove»  «del1»
      sums.delete(row + col);  «remove»  «del2»
    }
  }  «out»

  solve(0);  «start»
  return solutions;
}

console.log(solveNQueens($N).length);
`,
    bitmask: `
// Bit c of a mask is column c; left and
// right: the squares of this row that the
// queens above attack along a diagonal.
function solve(n, row = 0, cols = 0,
               left = 0, right = 0) {
  if (row === n)  «base»
    return 1;  «solution»
  const full = (1 << n) - 1;  «full»
  let count = 0;  «zero»
  let free = full & ~(cols | left | right);  «free»
  while (free) {  «while»
    const bit = free & -free;  «pick»
    count += solve(n, row + 1, cols | bit,  «place»
                   ((left | bit) << 1) & full,  «place»
                   (right | bit) >> 1);  «place»
    free ^= bit;  «remove»
  }
  return count;  «out»
}

console.log(solve($N));  «start»
`,
  },
  rust: {
    naive: `
// placer[r]: the column of row r's queen
// Reads, in each row r above, the squares
// that attack: the column, the diagonals.
fn safe(placer: &[usize], n: usize, row: usize,
        col: usize) -> bool {
    for r in 0..row {  «for_r»
        let d = row - r;  «d»
        let look = [Some(col), col.checked_sub(d),  «d»
                    Some(col + d)];  «d»
        for &c in look.iter().flatten() {  «for_c»
            if c < n && placer[r] == c {  «check»
                return false;  «hit»
            }
        }
    }
    true  «safe»
}

fn solve(n: usize, row: usize,
         placer: &mut Vec<usize>,
         solutions: &mut Vec<Vec<usize>>) {
    if row == n {  «base»
        solutions.push(placer.clone());  «solution»
        return;  «done»
    }
    for col in 0..n {  «loop»
        if !safe(placer, n, row, col) {  «try»
            continue;  «reject»
        }
        placer.push(col);  «place»
        solve(n, row + 1, placer, solutions);  «call»
        placer.pop();  «remove»
    }
}  «out»

fn main() {
    let mut solutions = Vec::new();
    let mut placer = Vec::new();
    solve($N, 0, &mut placer, &mut solutions);  «start»
    println!("{}", solutions.len());
}
`,
    sets: `
use std::collections::HashSet;

#[derive(Default)]
struct Board {
    placer: Vec<i32>, // each row's column
    cols: HashSet<i32>,
    diffs: HashSet<i32>, // row - col
    sums: HashSet<i32>,  // row + col
}

fn solve(n: i32, row: i32, b: &mut Board,
         solutions: &mut Vec<Vec<i32>>) {
    if row == n {  «base»
        solutions.push(b.placer.clone());  «solution»
        return;  «done»
    }
    for col in 0..n {  «loop»
        if b.cols.contains(&col)  «set0»
            || b.diffs.contains(&(row - col))  «set1»
            || b.sums.contains(&(row + col))  «set2»
        {
            continue;  «reject»
        }
        b.placer.push(col);  «place»  «put»
        b.cols.insert(col);  «place»  «add0»
        b.diffs.insert(row - col);  «place»  «add1»
        b.sums.insert(row + col);  «place»  «add2»
        solve(n, row + 1, b, solutions);  «call»
        b.placer.pop();  «remove»  «unput»
        b.cols.remove(&col);  «remove»  «del0»
        b.diffs.remove(&(row - col));  «remove»  «del1»
        b.sums.remove(&(row + col));  «remove»  «del2»
    }
}  «out»

fn main() {
    let mut solutions = Vec::new();
    let mut b = Board::default();
    solve($N, 0, &mut b, &mut solutions);  «start»
    println!("{}", solutions.len());
}
`,
    bitmask: `
// Bit c of a mask is column c; left and
// right: the squares of this row that the
// queens above attack along a diagonal.
fn solve(n: u32, row: u32, cols: u32,
         left: u32, right: u32) -> u64 {
    if row == n {  «base»
        return 1;  «solution»
    }
    let full = (1 << n) - 1;  «full»
    let mut count = 0;  «zero»
    let mut free = full & !(cols | left | right);  «free»
    while free != 0 {  «while»
        // x & -x, for an unsigned number:
        let bit = free & free.wrapping_neg();  «pick»
        count += solve(n, row + 1, cols | bit,  «place»
                       ((left | bit) << 1) & full,  «place»
                       (right | bit) >> 1);  «place»
        free ^= bit;  «remove»
    }
    count  «out»
}

fn main() {
    println!("{}", solve($N, 0, 0, 0, 0));  «start»
}
`,
  },
};

// A line's tags at its end: the point of the program it makes for Watch's steps and Methods'
// operations, and for "line by line" (lines.js) its own, where a statement of several lines
// makes one step of each.
const TAGS = /(?:\s*«\w+»)+$/;

// The listing of `method` in `lang` for the n×n board: its lines (tags stripped), the
// program as one text, and the lines (from 0) each tag lights.
/**
 * @param {Lang} lang
 * @param {Method} method
 * @param {number} n
 * @returns {Listing}
 */
export function listing(lang, method, n) {
  /** @type {string[]} */
  const lines = [];
  /** @type {Record<string, number[]>} */
  const at = {};
  for (const raw of SOURCES[lang][method].replace(/^\n/, '').replace(/\n$/, '').split('\n')) {
    const m = raw.match(TAGS);
    const line = (m ? raw.slice(0, m.index) : raw).replaceAll('$N', String(n));
    for (const [, tag] of m ? m[0].matchAll(/«(\w+)»/g) : []) (at[tag] ||= []).push(lines.length);
    lines.push(line);
  }
  return { lines, at, source: lines.join('\n') + '\n' };
}
