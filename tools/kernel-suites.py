#!/usr/bin/env python3
# SPDX-License-Identifier: EPL-2.0
"""Runs Sextant's cpu and io analyses on every kernel trace of public suites and says whether they agree with
Trace Compass's own CPU usage analysis, with the serial build, and with an oracle worked out from babeltrace2
(docs/kernel-analyses.md, "Real LTTng kernel traces"; docs/reliability.md).

    tools/kernel-suites.py [--sextant PATH] [--chunk-size SIZE] SUITE_DIR...
    tools/kernel-suites.py --properties NAME TRACE_DIR      # a fixture's facts, for tests/fixtures/catalogue.properties

A kernel trace is a directory holding a `metadata` whose env block says domain = "kernel". One with no
stream file, or whose LTTng index names a stream it lacks, is listed as incomplete and left out (the stored
snapshot of tracecompass-test-traces lacks files of 4 MiB and more). On each complete one:

    cpu-vs-tracecompass   `sextant bench --analysis cpu`'s matches_tracecompass: every attribute of Trace
                          Compass's CPU usage history (CPUs/<cpu>/<tid>) is in Sextant's, interval for interval
    cpu-parallel          the same bench's identical: the parallel build (2 threads, chunks of --chunk-size)
                          equals the serial one, interval for interval (Histories.firstDifference)
    io-parallel           the same for io
    io-vs-oracle          `sextant analyze --analysis io`'s bytes read and written against the oracle's

The oracle reads the trace with babeltrace2's Python bindings (python3-bt2), each stream on its own, events
then merged in time (babeltrace2's muxer refuses LTTng 2.1's overlapping packets). Bytes are the positive
return values of the read and write families of system calls (Sextant's IoAnalysis list), each exit paired
with its thread's last entry: LTTng's `syscall_entry_NAME`/`syscall_exit_NAME` (2.6 and later) or
`sys_NAME`/`exit_syscall` (before 2.6). The thread is the event's `tid` context when the trace has one, else
the one the CPU's latest sched_switch switched in (Trace Compass's way; none before the CPU's first), and its
process the `pid` context or what lttng_statedump_process_state and sched_process_fork had said of it by then
(-1 when nothing had: Sextant's "process unknown"). Exit code 1 when anything disagrees.
"""

import argparse
import collections
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import bt2streams

ROOT = Path(__file__).resolve().parent.parent
READS = {"read", "pread64", "readv", "preadv", "preadv2", "recvfrom", "recvmsg"}
WRITES = {"write", "pwrite64", "writev", "pwritev", "pwritev2", "sendto", "sendmsg"}
ENV = re.compile(rb'\benv\s*\{(.*?)\}', re.S)
ENTRY = re.compile(rb'\b(\w+)\s*=\s*("[^"]*"|-?\w+)\s*;')


def environment(trace):
    """The metadata's env block (LTTng's metadata may be packetised: its text is searched as bytes)."""
    match = ENV.search((trace / "metadata").read_bytes())
    if not match:
        return {}
    return {k.decode(): v.decode("utf-8", "replace").strip('"') for k, v in ENTRY.findall(match.group(1))}


def kernel_traces(suites):
    found = []
    for suite in suites:
        for directory, _, files in os.walk(suite):
            if "metadata" in files and environment(Path(directory)).get("domain") == "kernel":
                found.append(Path(directory))
    return sorted(found)


def missing_streams(trace):
    """The streams a trace lacks: those its LTTng index names, or all when it has no stream file at all (a
    snapshot that dropped its big files keeps the metadata and the small indexes)."""
    streams = {f.name for f in trace.iterdir() if f.is_file() and f.name != "metadata"}
    indexed = {f.name[:-len(".idx")] for f in (trace / "index").glob("*.idx")} if (trace / "index").is_dir() else set()
    missing = sorted(indexed - streams)
    return missing if streams else missing or ["every stream"]


def tracer(env):
    if env.get("tracer_name") == "perf":
        return "perf (%s)" % env.get("machine", "?")
    return "%s %s.%s.%s" % (env.get("tracer_name", "?"), env.get("tracer_major", "?"), env.get("tracer_minor", "?"),
                            env.get("tracer_patchlevel", "?"))


def read_events(trace):
    """Every event as (ns from origin, cycles, stream index, name, cpu, payload, contexts), in time order, or
    raises bt2's error when a stream cannot be read whole. Integer and string fields only."""
    bt2 = bt2streams.bt2_module()
    if bt2 is None:
        sys.exit("babeltrace2's Python bindings are not installed (Debian: apt-get install python3-bt2)")
    events = []

    def on_event(stream, message):
        event = message.event
        fields = plain(bt2, event.payload_field)
        contexts = {**plain(bt2, event.common_context_field), **plain(bt2, event.specific_context_field)}
        cpu = -1
        packet = event.packet.context_field if event.packet is not None else None
        if packet is not None and "cpu_id" in packet:
            cpu = int(packet["cpu_id"])
        elif "perf_cpu" in fields:  # perf's converter: a field of every event
            cpu = fields["perf_cpu"]
        clock = message.default_clock_snapshot
        events.append((clock.ns_from_origin, clock.value, stream, event.name, cpu, fields, contexts))

    bt2streams.each_event(bt2, trace, on_event)
    events.sort(key=lambda e: e[0])  # stable: within a stream the trace's order
    return events


def plain(bt2, structure):
    values = {}
    for key, value in (structure or {}).items():
        if isinstance(value, bt2._IntegerFieldConst):
            values[str(key)] = int(value)
        elif isinstance(value, bt2._StringFieldConst):
            values[str(key)] = str(value)
    return values


class Oracle:
    """What the cpu and io analyses must find, worked out from babeltrace2's events."""

    def __init__(self, events, perf):
        self.events = len(events)
        self.per_type = collections.Counter(e[3] for e in events)
        self.per_cpu = collections.Counter(e[4] for e in events)
        self.first = events[0][1] if events else None
        self.last = events[-1][1] if events else None
        self.cpu_ns = collections.Counter()
        self.moved = {"read": collections.Counter(), "written": collections.Counter()}
        switch = "sched:sched_switch" if perf else "sched_switch"
        prev, nxt = ("prev_pid", "next_pid") if perf else ("prev_tid", "next_tid")
        start = events[0][0] if events else 0
        last_switch, running, process, in_call = {}, {}, {}, {}
        for ns, _, _, name, cpu, fields, contexts in events:
            if name == switch:
                self.cpu_ns[fields[prev]] += ns - last_switch.get(cpu, start)
                last_switch[cpu] = ns
                running[cpu] = fields[nxt]
            elif name == "lttng_statedump_process_state":
                process[fields["tid"]] = fields["pid"]
            elif name == "sched_process_fork" and "child_pid" in fields:
                process[fields.get("child_tid", fields["child_pid"])] = fields["child_pid"]
            elif entry_name(name) is not None or is_exit(name):
                if perf:
                    tid, pid = fields.get("perf_tid"), fields.get("perf_pid")
                else:
                    tid = contexts.get("tid", running.get(cpu))
                    pid = contexts.get("pid", process.get(tid))
                if tid is None:
                    continue
                if entry_name(name) is not None:
                    in_call[tid] = entry_name(name)
                    continue
                entered = in_call.pop(tid, None)
                ret = fields.get("ret", -1)
                if entered == (exit_name(name) or entered) and ret > 0 and entered in READS | WRITES:
                    # -1: a thread whose process neither a context, state dump nor fork told (yet), as Sextant's
                    self.moved["read" if entered in READS else "written"][-1 if pid is None else pid] += ret

    def properties(self, name):
        lines = ["%s.events=%d" % (name, self.events), "%s.first_cycles=%d" % (name, self.first), "%s.last_cycles=%d" % (name, self.last)]
        lines += ["%s.events.cpu%d=%d" % (name, cpu, n) for cpu, n in sorted(self.per_cpu.items())]
        lines += ["%s.type.%s=%d" % (name, event.replace(":", "\\:"), n) for event, n in sorted(self.per_type.items())]
        lines += ["%s.cpu.ns.%d=%d" % (name, tid, ns) for tid, ns in sorted(self.cpu_ns.items())]
        for direction in ("read", "written"):
            lines += ["%s.io.%s.%d=%d" % (name, direction, pid, n) for pid, n in sorted(self.moved[direction].items())]
        return lines


def entry_name(event):
    for prefix in ("syscall_entry_", "compat_syscall_entry_", "sys_", "compat_sys_"):
        if event.startswith(prefix) and len(event) > len(prefix):
            return event[len(prefix):]
    return None


def exit_name(event):
    for prefix in ("syscall_exit_", "compat_syscall_exit_"):
        if event.startswith(prefix) and len(event) > len(prefix):
            return event[len(prefix):]
    return None  # LTTng before 2.6: exit_syscall, the call is its entry's


def is_exit(event):
    return exit_name(event) is not None or event == "exit_syscall"


def sextant(command, *args):
    run = subprocess.run([command] + list(args), capture_output=True, text=True)
    if run.returncode != 0:
        return None, (run.stderr.strip().splitlines() or ["exit code %d" % run.returncode])[-1]
    return json.loads(run.stdout), None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("suites", nargs="*", type=Path)
    parser.add_argument("--sextant", default=str(ROOT / "sextant"))
    parser.add_argument("--chunk-size", default="4K", help="the parallel builds' chunk size (default 4K: one chunk per packet)")
    parser.add_argument("--properties", metavar="NAME", help="print the facts of the one trace given, for catalogue.properties")
    args = parser.parse_args()
    if args.properties:
        trace = args.suites[0]
        oracle = Oracle(read_events(trace), environment(trace).get("tracer_name") == "perf")
        print("\n".join(oracle.properties(args.properties)))
        return 0
    failed = False
    tally = collections.Counter()
    for trace in kernel_traces(args.suites):
        env = environment(trace)
        size = sum(f.stat().st_size for f in trace.rglob("*") if f.is_file())
        missing = missing_streams(trace)
        if missing:
            print("%-12s %s  %s, %d B: %s missing" % ("incomplete", trace, tracer(env), size, ", ".join(missing)))
            tally["incomplete"] += 1
            continue
        events = read_events(trace)
        oracle = Oracle(events, env.get("tracer_name") == "perf")
        verdicts = []
        cpu, failure = sextant(args.sextant, "bench", "--analysis", "cpu", "--threads", "2", "--chunk-size", args.chunk_size, "--json", str(trace))
        if cpu is None:
            verdicts.append("cpu refused: " + failure)
        else:
            verdicts.append("cpu-vs-tracecompass " + ("agree" if cpu["matches_tracecompass"] else "DISAGREE " + cpu.get("tracecompass_difference", "")))
            verdicts.append("cpu-parallel " + ("agree" if cpu["identical"] else "DISAGREE"))
        io, failure = sextant(args.sextant, "bench", "--analysis", "io", "--threads", "2", "--chunk-size", args.chunk_size, "--json", str(trace))
        verdicts.append("io refused: " + failure if io is None else "io-parallel " + ("agree" if io["identical"] else "DISAGREE"))
        summary, failure = sextant(args.sextant, "analyze", "--analysis", "io", "--json", str(trace))
        if summary is not None:
            ours = summary["traces"][0]
            theirs = (sum(oracle.moved["read"].values()), sum(oracle.moved["written"].values()))
            same = (ours["read_bytes"], ours["written_bytes"]) == theirs
            unknown = oracle.moved["read"][-1] + oracle.moved["written"][-1]
            verdicts.append("io-vs-oracle %s (read/written: sextant %d/%d, oracle %d/%d%s)" % (
                "agree" if same else "DISAGREE", ours["read_bytes"], ours["written_bytes"], theirs[0], theirs[1],
                ", of which %d B by threads of no known process" % unknown if unknown else ""))
        bad = any("DISAGREE" in v or "refused" in v for v in verdicts)
        failed |= bad
        tally["disagree" if bad else "agree"] += 1
        print("%-12s %s  %s, %d B, %d events" % ("disagree" if bad else "agree", trace, tracer(env), size, oracle.events))
        for verdict in verdicts:
            print("    " + verdict)
    print()
    print("kernel traces %d: " % sum(tally.values()) + ", ".join("%s %d" % (v, tally[v]) for v in ("agree", "disagree", "incomplete")))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
