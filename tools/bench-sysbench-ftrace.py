#!/usr/bin/env python3
# SPDX-License-Identifier: EPL-2.0
"""tools/bench-sysbench-ftrace.py [--events LIST] [--seconds N] [--rounds R] [--buffer-size KB] [--dir DIR] [--json]

The software column of Sharma and Dagenais's Table 2: sysbench's file I/O, memory and CPU tests untraced and
under ftrace's function tracer, and what the tracer costs each. The tracer runs in a private ftrace instance
(/sys/kernel/tracing/instances/sextant-sysbench-<pid>), as ./sextant record --ftrace does, so that the system's
own tracing is left alone: current_tracer function, every kernel function (no filter), every task, the
instance's ring buffer of KB per CPU (default 8192) in overwrite mode, and the buffer's lost events counted
(overrun per CPU), which is what the paper's set-up costs: the tracer writes each function entry into the
buffer, nobody reads it. Needs root (the instance) and sysbench. A kernel that refuses the function tracer (it
patches every function's entry; some virtual machines forbid it, and say EPERM) is reported as such; --events
LIST then measures ftrace with those tracepoints instead (all: every tracepoint the kernel has; or SYSTEM or
SYSTEM:EVENT, comma-separated), the nearest set-up such a machine allows, and the output says which it was.

Each test runs N seconds (default 10) with one thread, R rounds (default 3) of untraced then traced, and the
medians are compared: overhead = (untraced - traced) / untraced of the test's rate (file I/O: reads and writes
per second, random read/write on 4 files of 256 MiB under DIR, default a directory under /var/tmp, so that it is
on disk rather than tmpfs; memory: MiB/s written in 1 KiB blocks; CPU: events per second of the prime test).
The function tracer slows the whole machine while it runs, not only sysbench: run it on a quiet machine.
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

TRACEFS = Path("/sys/kernel/tracing")
TESTS = {
    "fileio": (["fileio", "--file-total-size=1G", "--file-num=4", "--file-test-mode=rndrw"],
               r"reads/s:\s+([\d.]+)\s*\n\s*writes/s:\s+([\d.]+)", "reads+writes/s"),
    "memory": (["memory", "--memory-block-size=1K", "--memory-total-size=1000G", "--memory-oper=write"],
               r"\(([\d.]+) MiB/sec\)", "MiB/s"),
    "cpu": (["cpu", "--cpu-max-prime=20000"], r"events per second:\s+([\d.]+)", "events/s"),
}


def say(message):
    print(f"[sextant] {message}", file=sys.stderr, flush=True)


def write(path, value):
    path.write_text(value)


class FunctionTracer:
    """The function tracer in a private instance, removed afterwards whatever happens."""

    def __init__(self, buffer_kb, events):
        self.path = TRACEFS / "instances" / f"sextant-sysbench-{os.getpid()}"
        self.path.mkdir()
        try:
            write(self.path / "tracing_on", "0")
            write(self.path / "buffer_size_kb", str(buffer_kb))
            if not events:
                write(self.path / "current_tracer", "function")
            elif events == ["all"]:
                write(self.path / "events" / "enable", "1")
            else:
                for event in events:
                    write(self.path / "events" / event.replace(":", "/") / "enable", "1")
        except PermissionError as e:
            self.remove()
            what = "the function tracer" if not events else f"the events {','.join(events)}"
            raise SystemExit(f"bench-sysbench-ftrace: this kernel refuses {what} ({e.strerror}); "
                             "try --events all (every tracepoint) or --events raw_syscalls,sched") from None
        except OSError:
            self.remove()
            raise

    def __enter__(self):
        write(self.path / "trace", "")
        write(self.path / "tracing_on", "1")
        return self

    def __exit__(self, *failure):
        write(self.path / "tracing_on", "0")

    def overrun(self):
        """Events lost (overwritten) on every CPU since the trace was last cleared."""
        total = 0
        for stats in sorted((self.path / "per_cpu").glob("cpu*/stats")):
            match = re.search(r"^overrun: (\d+)", stats.read_text(), re.MULTILINE)
            total += int(match.group(1)) if match else 0
        return total

    def entries(self):
        """Events written on every CPU, lost ones included."""
        total = 0
        for stats in sorted((self.path / "per_cpu").glob("cpu*/stats")):
            text = stats.read_text()
            total += sum(int(n) for n in re.findall(r"^(?:entries|overrun): (\d+)", text, re.MULTILINE))
        return total

    def remove(self):
        for setting, value in (("current_tracer", "nop"), ("events/enable", "0")):
            try:
                write(self.path / setting, value)
            except OSError:
                pass
        self.path.rmdir()


def run(test, seconds, directory):
    arguments, pattern, _ = TESTS[test]
    command = ["sysbench", *arguments, "--threads=1", f"--time={seconds}", "run"]
    out = subprocess.run(command, cwd=directory, capture_output=True, text=True, check=False)
    match = re.search(pattern, out.stdout)
    if out.returncode != 0 or not match:
        raise SystemExit(f"bench-sysbench-ftrace: {' '.join(command)} failed ({out.returncode}):\n{out.stdout}{out.stderr}")
    return sum(float(value) for value in match.groups())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[2])
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--buffer-size", type=int, default=8192, dest="buffer_kb")
    parser.add_argument("--dir", type=Path)
    parser.add_argument("--events", type=lambda text: [e.strip() for e in text.split(",") if e.strip()], default=[])
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    if shutil.which("sysbench") is None:
        raise SystemExit("bench-sysbench-ftrace: sysbench is not installed (apt-get install sysbench)")
    if os.geteuid() != 0 or not (TRACEFS / "instances").is_dir():
        raise SystemExit(f"bench-sysbench-ftrace: the function tracer's private instance needs root and {TRACEFS}/instances")
    tracer = FunctionTracer(options.buffer_kb, options.events)
    directory = options.dir or Path(tempfile.mkdtemp(prefix="sextant-sysbench-", dir="/var/tmp"))
    directory.mkdir(parents=True, exist_ok=True)
    version = subprocess.run(["sysbench", "--version"], capture_output=True, text=True, check=True).stdout.strip()
    say(f"{version}; file I/O files under {directory}")
    subprocess.run(["sysbench", *TESTS["fileio"][0], "prepare"], cwd=directory, capture_output=True, check=True)
    results = {}
    try:
        for test in TESTS:
            untraced, traced, events, lost = [], [], [], []
            for round_ in range(1, options.rounds + 1):
                untraced.append(run(test, options.seconds, directory))
                with tracer:
                    traced.append(run(test, options.seconds, directory))
                events.append(tracer.entries())
                lost.append(tracer.overrun())
                say(f"{test}, round {round_}: untraced {untraced[-1]:.1f}, traced {traced[-1]:.1f} {TESTS[test][2]}")
            plain, under = statistics.median(untraced), statistics.median(traced)
            results[test] = {"unit": TESTS[test][2], "untraced": plain, "traced": under,
                             "overhead_percent": round(100 * (plain - under) / plain, 1),
                             "untraced_each": untraced, "traced_each": traced,
                             "events_per_round": events, "lost_per_round": lost}
    finally:
        tracer.remove()
        subprocess.run(["sysbench", *TESTS["fileio"][0], "cleanup"], cwd=directory, capture_output=True, check=False)
        if options.dir is None:
            shutil.rmtree(directory, ignore_errors=True)
    document = {"tracer": "function" if not options.events else "events " + ",".join(options.events), "sysbench": version, "kernel": os.uname().release, "cpus": os.cpu_count(), "seconds": options.seconds,
                "rounds": options.rounds, "buffer_kb_per_cpu": options.buffer_kb, "tests": results}
    if options.json:
        print(json.dumps(document, indent=2))
    else:
        print(f"tracer: {document['tracer']}")
        print(f"{'test':8} {'unit':15} {'untraced':>12} {'traced':>12} {'overhead':>9}")
        for test, result in results.items():
            print(f"{test:8} {result['unit']:15} {result['untraced']:12.1f} {result['traced']:12.1f} {result['overhead_percent']:8.1f}%")


if __name__ == "__main__":
    main()
