// SPDX-License-Identifier: EPL-2.0
// A small program with a known call tree, for the call-stack analyses: main -> run -> {parse, compute -> {add,
// scale}, report}. With any argument, compute also calls checksum: one more call path, and only that (the
// differential sunburst must report exactly it; main calls no library function, so that no dynamic linking
// differs between the two runs).

static volatile long sink;

__attribute__((noinline)) static long add(long a, long b) { return a + b; }
__attribute__((noinline)) static long scale(long a) { return a * 3 / 2; }

__attribute__((noinline)) static long checksum(const long *v, int n) {
    long sum = 0;
    for (int i = 0; i < n; i++) {
        sum = (sum << 1) ^ v[i];
    }
    return sum;
}

__attribute__((noinline)) static int parse(const char *text, long *v, int n) {
    int count = 0;
    for (const char *p = text; *p && count < n; p++) {
        v[count++] = *p;
    }
    return count;
}

__attribute__((noinline)) static long compute(long *v, int n, int extra) {
    long total = 0;
    for (int i = 0; i < n; i++) {
        v[i] = scale(v[i]);
        total = add(total, v[i]);
    }
    if (extra) {
        total ^= checksum(v, n);
    }
    return total;
}

__attribute__((noinline)) static void report(long total) { sink = total; }

__attribute__((noinline)) static void run(int extra) {
    long v[64];
    for (int round = 0; round < 100; round++) {
        int n = parse("the quick brown fox jumps over the lazy dog", v, 64);
        report(compute(v, n, extra));
    }
}

int main(int argc, char **argv) {
    (void) argv;
    run(argc > 1);
    return 0;
}
