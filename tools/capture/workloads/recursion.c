// SPDX-License-Identifier: EPL-2.0
// A recursive function (fib: callgrind splits its levels into fib and fib'2) beside a loop (work): the call
// tree must keep every instruction of the recursion, which callgrind_annotate --inclusive counts once per level.
#include <stdio.h>
#include <stdlib.h>
static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
static double work(int n) { double s = 0; for (int i = 0; i < n; i++) s += i * 0.5; return s; }
int main(int argc, char **argv) { int n = argc > 1 ? atoi(argv[1]) : 20; printf("%d %f\n", fib(n), work(n * 1000)); return 0; }
