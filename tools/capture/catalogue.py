#!/usr/bin/env python3
# SPDX-License-Identifier: EPL-2.0
"""Counts a CTF fixture with babeltrace2, independently of Trace Compass, and prints the facts the tests check
as properties lines: NAME.events, NAME.streams, NAME.first_cycles and NAME.last_cycles (timestamps of the
first and last event in clock cycles), NAME.events.cpuN, NAME.type.<event name>.

For perf kernel traces it also works out what the kernel analyses must find, its own way:
NAME.cpu.ns.<tid>, a thread's time on CPU up to its last switch-out (a run lasts from the previous
sched_switch on its CPU, or from the first event of the trace, to the switch-out; perf's clock counts
nanoseconds), and NAME.io.read.<pid> / NAME.io.written.<pid>, the bytes returned by the read and write
families of system calls (x86_64 numbers), each exit paired with its thread's last entry of the same call.

    tools/capture/catalogue.py NAME TRACE_DIR >> tests/fixtures/catalogue.properties
"""

import collections
import re
import subprocess
import sys
from pathlib import Path

# "[cycles] (+delta) [hostname] event:name: { cpu_id = N }, ..." (LTTng traces name the host, perf ones do not)
LINE = re.compile(r"^\[(\d+)\] \(\S+\) (?:\S+ )?(\S+): \{ cpu_id = (\d+) \}")
FIELD = re.compile(r"\b(perf_tid|perf_pid|prev_pid|id|ret) = (-?\d+)")
READS = {0, 17, 19, 295, 327, 45, 47}  # read pread64 readv preadv preadv2 recvfrom recvmsg
WRITES = {1, 18, 20, 296, 328, 44, 46}  # write pwrite64 writev pwritev pwritev2 sendto sendmsg


class Kernel:
    """What the cpu and io analyses must find, from perf's sched_switch and raw_syscalls events."""

    def __init__(self):
        self.start = None
        self.last_switch = {}
        self.cpu_ns = collections.Counter()
        self.in_call = {}
        self.moved = {"read": collections.Counter(), "written": collections.Counter()}

    def event(self, cycles, name, cpu, line):
        self.start = cycles if self.start is None else self.start
        fields = dict((key, int(value)) for key, value in FIELD.findall(line))
        if name == "sched:sched_switch":
            self.cpu_ns[fields["prev_pid"]] += cycles - self.last_switch.get(cpu, self.start)
            self.last_switch[cpu] = cycles
        elif name == "raw_syscalls:sys_enter":
            self.in_call[fields["perf_tid"]] = fields["id"]
        elif name == "raw_syscalls:sys_exit":
            entered = self.in_call.pop(fields["perf_tid"], None)
            if entered == fields["id"] and fields["ret"] > 0 and entered in READS | WRITES:
                self.moved["read" if entered in READS else "written"][fields["perf_pid"]] += fields["ret"]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    name, trace = sys.argv[1], Path(sys.argv[2])
    if not (trace / "metadata").is_file():
        sys.exit(f"error: {trace} is not a CTF trace (no metadata file)")
    command = ["babeltrace2", "--clock-cycles", str(trace)]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    per_cpu, per_type, events, first, last = collections.Counter(), collections.Counter(), 0, None, None
    kernel = Kernel()
    for line in output.splitlines():
        match = LINE.match(line)
        if not match:
            sys.exit(f"error: unexpected babeltrace2 line: {line[:120]}")
        events += 1
        first = int(match.group(1)) if first is None else first
        last = int(match.group(1))
        per_type[match.group(2)] += 1
        per_cpu[int(match.group(3))] += 1
        kernel.event(int(match.group(1)), match.group(2), int(match.group(3)), line)
    streams = sum(1 for f in trace.iterdir() if f.is_file() and f.name != "metadata")
    print(f"{name}.events={events}")
    print(f"{name}.streams={streams}")
    print(f"{name}.first_cycles={first}")
    print(f"{name}.last_cycles={last}")
    for cpu in sorted(per_cpu):
        print(f"{name}.events.cpu{cpu}={per_cpu[cpu]}")
    for event in sorted(per_type):
        print(f"{name}.type.{event.replace(':', chr(92) + ':')}={per_type[event]}")
    for tid in sorted(kernel.cpu_ns):
        print(f"{name}.cpu.ns.{tid}={kernel.cpu_ns[tid]}")
    for direction in ("read", "written"):
        for pid in sorted(kernel.moved[direction]):
            print(f"{name}.io.{direction}.{pid}={kernel.moved[direction][pid]}")


if __name__ == "__main__":
    main()
