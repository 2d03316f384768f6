#!/usr/bin/env python3
# SPDX-License-Identifier: EPL-2.0
"""Counts an ftrace recording of ./sextant record --ftrace with trace-cmd (independently of Sextant's readers)
and prints the facts the tests check as properties lines:

  NAME.events, NAME.events.cpuN             events in trace.dat, in all and per CPU
  NAME.type.EVENT, NAME.type.EVENT.cpuN     per event name (sched_switch, print, ...), in all and per CPU
  NAME.lost                                 events the ring buffer lost ("[N EVENTS DROPPED]" lines)
  NAME.inferred_switches                    switches in that sched_switch does not show (see Runs)
  NAME.first_ns, NAME.last_ns               the first and last event's time (ns, the recording's mono clock)
  NAME.markers.tid.TID                      print events (trace_marker writes) per thread
  NAME.thread.T.tid                         for a program with a log (omp-imbalance.json, malformed-annotations.json):
                                            thread T's tid; for the OpenMP program also
  NAME.cpu.ns.TID                           its time on CPU by sched_switch (each run from the switch in to the
                                            switch out on its CPU; switches in that the kernel left out inferred)
  NAME.cpu.annotated.ns.TID                 and the part of it between its first and last annotation

With the program's log beside the recording it also checks that every thread's annotations in the trace equal,
text for text (as the kernel kept them, for malformed-annotations), what the log says the thread wrote, and
exits 1 if not.

    tools/capture/ftrace-catalogue.py NAME DIR >> tests/fixtures/catalogue.properties

DIR is a recording (DIR/ftrace/trace.dat, or trace.dat.gz as fixtures store it).
"""

import collections
import gzip
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# "<instance>: <comm>-<tid> [<cpu>] <seconds>.<nanoseconds>: <event>: <fields>" (trace-cmd report -t -R);
# comm may hold spaces and dashes.
LINE = re.compile(r"^\S+: +(.+?)-(\d+) +\[(\d+)\] (\d+)\.(\d{9}): (\w+): +(.*)$")
DROPPED = re.compile(r"^\S+: CPU:(\d+) \[(\d+) EVENTS DROPPED\]$")
SWITCH = re.compile(r"\bprev_pid=(-?\d+) .*\bnext_pid=(-?\d+)")


def report(recording):
    """trace-cmd report's lines for the recording's trace.dat (unpacked first when stored gzipped)."""
    dat = recording / "ftrace" / "trace.dat"
    with tempfile.TemporaryDirectory() as work:
        if not dat.is_file() and dat.with_suffix(".dat.gz").is_file():
            with gzip.open(dat.with_suffix(".dat.gz")) as packed, open(Path(work) / "trace.dat", "wb") as out:
                shutil.copyfileobj(packed, out)
            dat = Path(work) / "trace.dat"
        if not dat.is_file():
            sys.exit(f"error: {recording} has no ftrace/trace.dat")
        command = ["trace-cmd", "report", "-t", "-R", str(dat)]
        return subprocess.run(command, check=True, capture_output=True, text=True).stdout.splitlines()


class Runs:
    """Each thread's runs on a CPU, from its switch in to its switch out.

    This machine's kernel (6.18.44-fc) emits no sched_switch when a CPU leaves the idle task (perf sees the same),
    nor for some switches away from other tasks: a thread then shows up on a CPU by its own events. Its switch
    in is inferred at the CPU's previous event (a wake-up or migration by the idle task, typically), the last
    moment the task before it is known to have run; "inferred" counts them."""

    def __init__(self):
        self.current, self.since, self.last = {}, {}, {}
        self.runs = collections.defaultdict(list)
        self.inferred = 0

    def switch_in(self, cpu, tid, ns):
        if cpu in self.current:
            self.runs[self.current[cpu]].append((self.since[cpu], ns))
        self.current[cpu], self.since[cpu] = tid, ns

    def event(self, cpu, ns, tid, event, fields):
        if cpu in self.current and tid != self.current[cpu]:
            self.switch_in(cpu, tid, self.last[cpu])
            self.inferred += 1
        if event == "sched_switch":
            match = SWITCH.search(fields)
            if cpu not in self.current:  # the first switch on this CPU: the run before it is unknown
                self.current[cpu], self.since[cpu] = int(match.group(1)), ns
            self.switch_in(cpu, int(match.group(2)), ns)
        self.last[cpu] = ns

    def on_cpu(self, tid, start=None, end=None):
        total = 0
        for begin, finish in self.runs.get(tid, []):
            begin = begin if start is None else max(begin, start)
            finish = finish if end is None else min(finish, end)
            total += max(0, finish - begin)
        return total


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    name, recording = sys.argv[1], Path(sys.argv[2])
    events, per_cpu, per_type, per_type_cpu = 0, collections.Counter(), collections.Counter(), collections.Counter()
    markers = collections.defaultdict(collections.Counter)  # tid -> marker text -> count
    marker_times = collections.defaultdict(list)
    lost, first, last, runs = 0, None, None, Runs()
    for line in report(recording):
        if line.startswith("cpus="):
            continue
        dropped = DROPPED.match(line)
        if dropped:
            lost += int(dropped.group(2))
            continue
        match = LINE.match(line)
        if not match:
            sys.exit(f"error: unexpected trace-cmd report line: {line[:120]}")
        _, tid, cpu, seconds, nanoseconds, event, fields = match.groups()
        tid, cpu, ns = int(tid), int(cpu), int(seconds) * 1_000_000_000 + int(nanoseconds)
        events += 1
        first = ns if first is None else first
        last = ns
        per_cpu[cpu] += 1
        per_type[event] += 1
        per_type_cpu[event, cpu] += 1
        runs.event(cpu, ns, tid, event, fields)
        if event == "print":
            markers[tid][fields.split(" buf=", 1)[1]] += 1
            marker_times[tid].append(ns)
    print(f"{name}.events={events}")
    for cpu in sorted(per_cpu):
        print(f"{name}.events.cpu{cpu}={per_cpu[cpu]}")
    for event in sorted(per_type):
        print(f"{name}.type.{event}={per_type[event]}")
        for cpu in sorted(per_cpu):
            print(f"{name}.type.{event}.cpu{cpu}={per_type_cpu[event, cpu]}")
    print(f"{name}.lost={lost}")
    print(f"{name}.inferred_switches={runs.inferred}")
    print(f"{name}.first_ns={first}")
    print(f"{name}.last_ns={last}")
    for tid in sorted(markers):
        print(f"{name}.markers.tid.{tid}={sum(markers[tid].values())}")
    malformed = recording / "malformed-annotations.json"
    if malformed.is_file():
        return check_malformed(name, json.loads(malformed.read_text()), markers)
    omp = recording / "omp-imbalance.json"
    if omp.is_file():
        return check_omp(name, json.loads(omp.read_text()), markers, marker_times, runs)
    return 0


def check_omp(name, log, markers, marker_times, runs):
    """Each thread's tid and time on CPU; its annotations in the trace must equal the log's, text for text."""
    differences = []
    for thread in log["per_thread"]:
        tid = thread["tid"]
        print(f"{name}.thread.{thread['thread']}.tid={tid}")
        print(f"{name}.cpu.ns.{tid}={runs.on_cpu(tid)}")
        times = marker_times[tid]
        print(f"{name}.cpu.annotated.ns.{tid}={runs.on_cpu(tid, times[0], times[-1]) if times else 0}")
        if dict(markers[tid]) != thread["writes"]:
            differences.append(f"thread {thread['thread']} (tid {tid}): trace {dict(markers[tid])}, "
                               f"log {thread['writes']}")
    return report_check(name, differences, sum(sum(markers[t["tid"]].values()) for t in log["per_thread"]))


def check_malformed(name, log, markers):
    """Each thread's tid; the trace must hold as many of its writes as the log, each as the kernel kept it."""
    differences = []
    for thread in log["per_thread"]:
        tid = thread["tid"]
        print(f"{name}.thread.{thread['thread']}.tid={tid}")
        kept = sorted((text[:40], len(text)) for text, count in markers[tid].items() for _ in range(count))
        logged = sorted((write["start"], write["returned"]) for write in thread["writes"])
        if kept != logged:
            differences.append(f"thread {thread['thread']} (tid {tid}): trace {kept}, log {logged}")
    return report_check(name, differences, sum(sum(markers[t["tid"]].values()) for t in log["per_thread"]))


def report_check(name, differences, count):
    for difference in differences:
        print(f"error: the annotations in the trace differ from the program's log: {difference}", file=sys.stderr)
    if not differences:
        print(f"{name}: the trace holds exactly the annotations of the program's log ({count})", file=sys.stderr)
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
