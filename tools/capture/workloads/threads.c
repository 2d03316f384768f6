// SPDX-License-Identifier: EPL-2.0
// Three threads, an inlined function (square), mutual recursion (odd/even): a callgrind profile with several
// threads and callers on a cycle.
#include <pthread.h>
#include <stdio.h>
static inline long square(long x) { return x * x; }
static long sum(long n) { long s = 0; for (long i = 0; i < n; i++) s += square(i) % 7; return s; }
static long even(long n);
static long odd(long n) { return n == 0 ? 0 : even(n - 1); }
static long even(long n) { return n == 0 ? 1 : odd(n - 1); }
static void *worker(void *arg) { long n = (long) arg; return (void *) (sum(n) + even(n % 50)); }
int main(void) {
    pthread_t t[3];
    for (long i = 0; i < 3; i++) pthread_create(&t[i], NULL, worker, (void *) (20000 * (i + 1)));
    long total = 0;
    for (int i = 0; i < 3; i++) { void *r; pthread_join(t[i], &r); total += (long) r; }
    printf("%ld %ld\n", total, odd(31));
    return 0;
}
