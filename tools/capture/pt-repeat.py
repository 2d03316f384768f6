#!/usr/bin/env python3
# SPDX-License-Identifier: EPL-2.0
"""Repeats a perf script sample of Intel PT branches into a large input for the parse benchmark: copy after
copy, each shifted in time past the previous one so that the threads' clocks keep going forward.

    tools/capture/pt-repeat.py tests/fixtures/intel-pt/perf-script-branches.txt OUT.txt SIZE_MB
"""

import re
import sys

TIME = re.compile(r"(?<= )(\d+)\.(\d{9})\b")  # the sample's times, and the decoder error's


def main(sample, out, megabytes):
    lines = open(sample, encoding="ascii").read().splitlines(keepends=True)
    times = [int(m.group(1)) * 10**9 + int(m.group(2)) for m in map(TIME.search, lines) if m]
    period = max(times) - min(times) + 1000
    target = int(megabytes) << 20
    written = copies = 0
    with open(out, "w", encoding="ascii") as f:
        while written < target:
            shift = copies * period
            for line in lines:
                line = TIME.sub(lambda m: "%d.%09d" % divmod(int(m.group(1)) * 10**9 + int(m.group(2)) + shift, 10**9), line)
                written += f.write(line)
            copies += 1
    print(f"{out}: {copies} copies, {written} bytes")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
