#!/usr/bin/env python3
# SPDX-License-Identifier: EPL-2.0
"""Counts a CTF fixture with babeltrace2, independently of Trace Compass, and prints the facts the tests check
as properties lines: NAME.events, NAME.streams, NAME.first_cycles and NAME.last_cycles (timestamps of the
first and last event in clock cycles), NAME.events.cpuN, NAME.type.<event name>.

    tools/capture/catalogue.py NAME TRACE_DIR >> tests/fixtures/catalogue.properties
"""

import collections
import re
import subprocess
import sys
from pathlib import Path

# "[cycles] (+delta) [hostname] event:name: { cpu_id = N }, ..." (LTTng traces name the host, perf ones do not)
LINE = re.compile(r"^\[(\d+)\] \(\S+\) (?:\S+ )?(\S+): \{ cpu_id = (\d+) \}")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    name, trace = sys.argv[1], Path(sys.argv[2])
    if not (trace / "metadata").is_file():
        sys.exit(f"error: {trace} is not a CTF trace (no metadata file)")
    command = ["babeltrace2", "--clock-cycles", str(trace)]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    per_cpu, per_type, events, first, last = collections.Counter(), collections.Counter(), 0, None, None
    for line in output.splitlines():
        match = LINE.match(line)
        if not match:
            sys.exit(f"error: unexpected babeltrace2 line: {line[:120]}")
        events += 1
        first = int(match.group(1)) if first is None else first
        last = int(match.group(1))
        per_type[match.group(2)] += 1
        per_cpu[int(match.group(3))] += 1
    streams = sum(1 for f in trace.iterdir() if f.is_file() and f.name != "metadata")
    print(f"{name}.events={events}")
    print(f"{name}.streams={streams}")
    print(f"{name}.first_cycles={first}")
    print(f"{name}.last_cycles={last}")
    for cpu in sorted(per_cpu):
        print(f"{name}.events.cpu{cpu}={per_cpu[cpu]}")
    for event in sorted(per_type):
        print(f"{name}.type.{event.replace(':', chr(92) + ':')}={per_type[event]}")


if __name__ == "__main__":
    main()
