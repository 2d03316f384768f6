#!/usr/bin/env python3
# SPDX-License-Identifier: EPL-2.0
"""./sextant record --ftrace [--events LIST] [--buffer-size KB] --out DIR -- COMMAND...

Runs COMMAND under ftrace in a private instance (/sys/kernel/tracing/instances/sextant-<pid>), so that the
system's own tracing and other recordings are left alone: the monotonic clock (CLOCK_MONOTONIC, as the
program's own clock_gettime sees it), KB of buffer per CPU (default 8192), the scheduler's events, and the
instance's trace_marker, whose path COMMAND finds in SEXTANT_TRACE_MARKER (annotate/sextant_annotate.h writes
there; so can `echo`). Afterwards:

  DIR/ftrace/trace.dat        trace-cmd extract -k -B <instance> --compression none (file version 7)
  DIR/ftrace/trace.txt        trace-cmd report -t -R trace.dat (raw fields, nanoseconds); when extract fails,
                              the instance's own trace file instead (microseconds), and the recorder says so
  DIR/ftrace/recording.json   command, exit status, events, clock, buffer size, per-CPU lost events, start/end

Events lost in the ring buffer (per_cpu/cpuN/stats: overrun, commit overrun, dropped events) are counted in
recording.json and reported as a warning. The instance is removed afterwards whatever happens: COMMAND
failing, Ctrl-C (COMMAND is interrupted, what was recorded is kept), extract failing; when a process COMMAND
left behind still holds its marker open, as soon as that process lets go. The exit status is
COMMAND's (128+N when a signal N ended it); 2 for an error of the recorder itself, before COMMAND ran.

--events takes a comma-separated list, or several --events: groups (sched, irq, softirq) or tracepoints
(SYSTEM:EVENT). A name with a leading + adds to the default (sched); without, the list replaces it.
"""

import contextlib
import datetime
import errno
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

TRACEFS = Path("/sys/kernel/tracing")
MARKER_VARIABLE = "SEXTANT_TRACE_MARKER"
CLOCK = "mono"
DEFAULT_BUFFER_KB = 8192
GROUPS = {
    "sched": ["sched:sched_switch", "sched:sched_wakeup", "sched:sched_wakeup_new", "sched:sched_migrate_task",
              "sched:sched_process_fork", "sched:sched_process_exit"],
    "irq": ["irq:irq_handler_entry", "irq:irq_handler_exit"],
    "softirq": ["irq:softirq_entry", "irq:softirq_exit"],
}
DEFAULT_GROUPS = ["sched"]
# Per-CPU ring-buffer statistics that count events lost (overwritten, or dropped when the buffer was full).
LOST_STATS = ("overrun", "commit overrun", "dropped events")
# What trace-cmd extract writes besides the events, with room to spare: /proc/kallsyms (5.4 MB on this
# project's machines), every event format, saved command lines.
EXTRACT_OVERHEAD = 32 << 20
# The detached watcher that removes an instance still in use once it is free (for up to a day).
REMOVE_WHEN_FREE = """
import os, sys, time
for _ in range(86400):
    try:
        os.rmdir(sys.argv[1])
        break
    except FileNotFoundError:
        break
    except OSError:
        time.sleep(1)
"""


class Failure(Exception):
    """An error of the recorder, reported as one line."""


def say(message):
    print(f"[sextant] {message}", file=sys.stderr, flush=True)


def usage():
    return "usage: ./sextant record --ftrace [--events sched,+irq,+softirq] [--buffer-size KB] --out DIR -- COMMAND..."


def parse(arguments):
    """(events, buffer_kb, out, command) from the command line."""
    specs, buffer_kb, out = [], DEFAULT_BUFFER_KB, None
    arguments = list(arguments)
    while arguments and arguments[0] != "--":
        option = arguments.pop(0)
        if option in ("-h", "--help"):
            print(usage())
            sys.exit(0)
        if option not in ("--events", "--buffer-size", "--out"):
            raise Failure(f"unknown option '{option}' with --ftrace\n{usage()}")
        if not arguments or arguments[0] == "--":
            raise Failure(f"{option} needs a value\n{usage()}")
        value = arguments.pop(0)
        if option == "--events":
            specs.extend(name.strip() for name in value.split(",") if name.strip())
        elif option == "--out":
            out = Path(value)
        elif not value.isdigit() or int(value) == 0:
            raise Failure(f"--buffer-size takes kilobytes per CPU, a positive integer (not '{value}')")
        else:
            buffer_kb = int(value)
    if out is None:
        raise Failure(f"--out DIR is required\n{usage()}")
    if len(arguments) < 2:
        raise Failure(f"no COMMAND to run (put it after --)\n{usage()}")
    return events_of(specs), buffer_kb, out, arguments[1:]


def events_of(specs):
    """The tracepoints named by --events: groups or SYSTEM:EVENT, '+' adding to the default."""
    replaced = [spec for spec in specs if not spec.startswith("+")]
    names = (replaced or DEFAULT_GROUPS) + [spec[1:] for spec in specs if spec.startswith("+")]
    events = []
    for name in names:
        if name in GROUPS:
            chosen = GROUPS[name]
        elif name.count(":") == 1 and all(part.replace("_", "").isalnum() for part in name.split(":")):
            chosen = [name]
        else:
            raise Failure(f"--events: '{name}' is neither a group ({', '.join(GROUPS)}) nor a SYSTEM:EVENT tracepoint")
        events.extend(event for event in chosen if event not in events)
    return events


def check_machine(events, out, command):
    if os.geteuid() != 0:
        raise Failure("recording with ftrace needs root: it creates an ftrace instance under "
                      f"{TRACEFS}/instances (run it with sudo)")
    if not (TRACEFS / "instances").is_dir():
        # a fresh boot may not have mounted it yet: root mounts it where every tool looks for it
        subprocess.run(["mount", "-t", "tracefs", "nodev", str(TRACEFS)], capture_output=True, check=False)
    if not (TRACEFS / "instances").is_dir():
        raise Failure(f"no tracefs at {TRACEFS}, and mounting it failed (mount -t tracefs nodev {TRACEFS})")
    if shutil.which("trace-cmd") is None:
        raise Failure("trace-cmd not found (Debian: apt-get install trace-cmd)")
    for event in events:
        system, name = event.split(":")
        if not (TRACEFS / "events" / system / name / "enable").is_file():
            raise Failure(f"--events: this kernel has no tracepoint {event} (see {TRACEFS}/available_events)")
    if out.exists() or out.is_symlink():
        raise Failure(f"{out} exists; choose a new directory")
    if "/" not in command[0] and shutil.which(command[0]) is None:
        raise Failure(f"COMMAND '{command[0]}' not found")


def write(path, value):
    path.write_text(value)


def clock_now():
    return {
        "utc": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="microseconds"),
        "monotonic_ns": time.clock_gettime_ns(time.CLOCK_MONOTONIC),
    }


class Instance:
    """The private ftrace instance: created configured and stopped, started, read, removed."""

    def __init__(self, events, buffer_kb):
        self.name = f"sextant-{os.getpid()}"
        self.path = TRACEFS / "instances" / self.name
        try:
            self.path.mkdir()
        except OSError as error:
            raise Failure(f"cannot create the ftrace instance {self.path}: {error.strerror}") from error
        try:
            # A new instance records at once: stop it until it is set up, so that it holds only COMMAND's run.
            write(self.path / "tracing_on", "0")
            write(self.path / "trace_clock", CLOCK)
            try:
                write(self.path / "buffer_size_kb", str(buffer_kb))
            except OSError as error:
                raise Failure(f"cannot allocate {buffer_kb} KB of ftrace buffer per CPU: {error.strerror}") from error
            for event in events:
                write(self.path / "events" / event.replace(":", "/") / "enable", "1")
            write(self.path / "trace", "")  # empties the buffer
        except BaseException:
            self.remove()
            raise
        self.buffer_kb = int((self.path / "buffer_size_kb").read_text().split()[0])
        self.marker = self.path / "trace_marker"

    def start(self):
        write(self.path / "tracing_on", "1")

    def stop(self):
        with contextlib.suppress(FileNotFoundError):
            write(self.path / "tracing_on", "0")

    def cpu_stats(self):
        """Per CPU: entries left in the buffer and events lost, from per_cpu/cpuN/stats."""
        stats = []
        cpus = sorted((int(entry.name[3:]) for entry in (self.path / "per_cpu").iterdir()
                       if entry.name.startswith("cpu") and entry.name[3:].isdigit()))
        for cpu in cpus:
            values = {}
            for line in (self.path / "per_cpu" / f"cpu{cpu}" / "stats").read_text().splitlines():
                key, _, value = line.partition(":")
                if value.strip().isdigit():
                    values[key.strip()] = int(value.strip())
            stats.append({"cpu": cpu, "entries": values.get("entries", 0), "bytes": values.get("bytes", 0),
                          **{key.replace(" ", "_"): values.get(key, 0) for key in LOST_STATS}})
        return stats

    def remove(self):
        """rmdir the instance (trace-cmd may have done it). A process of COMMAND's still holding one of its files
        open (its trace_marker, in a daemon) keeps it busy: its buffer is then shrunk and a detached watcher
        removes it once that process lets go."""
        for _ in range(20):
            try:
                self.path.rmdir()
                return None
            except FileNotFoundError:
                return None
            except OSError as error:
                if error.errno != errno.EBUSY:
                    return f"could not remove the ftrace instance {self.path}: {error.strerror}"
                time.sleep(0.05)
        with contextlib.suppress(OSError):
            write(self.path / "buffer_size_kb", "1")
        subprocess.Popen([sys.executable, "-c", REMOVE_WHEN_FREE, str(self.path)], start_new_session=True,
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return (f"the ftrace instance {self.path} is still in use (a process started by COMMAND keeps its "
                "trace_marker open): it will be removed when that process ends (or: rmdir it)")


class Signals:
    """Ctrl-C and termination while recording: noted, passed on to COMMAND, never cutting the clean-up short."""

    def __init__(self):
        self.received = None
        self.child = None
        for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(number, self.handle)

    def handle(self, number, _frame):
        self.received = self.received or number
        # The terminal sends Ctrl-C to COMMAND too (same process group); other signals are passed on.
        if number != signal.SIGINT and self.child is not None and self.child.poll() is None:
            self.child.send_signal(number)


def run(command, marker, signals):
    """COMMAND's exit status, shell style (128+N for a signal N)."""
    environment = dict(os.environ, **{MARKER_VARIABLE: str(marker)})
    try:
        signals.child = subprocess.Popen(command, env=environment)
    except OSError as error:
        say(f"warning: COMMAND could not start: {error.strerror}")
        return 127
    status = signals.child.wait()
    return 128 - status if status < 0 else status


def extract(instance, ftrace, stats):
    """trace.dat by trace-cmd extract, or None and the reason.

    -k keeps trace-cmd from disabling and clearing the top-level buffer's events (it does without). trace-cmd
    runs in a session of its own, so that a second Ctrl-C cannot cut it short. It consumes the buffer before it
    writes the file: on a disk too full for that, the events would be lost, so it is not tried then."""
    dat = ftrace / "trace.dat"
    needed = 2 * sum(cpu["bytes"] for cpu in stats) + EXTRACT_OVERHEAD
    free = shutil.disk_usage(ftrace).free
    if free < needed:
        return None, (f"not enough free space in {ftrace} for trace-cmd extract (about {needed >> 20} MB needed, "
                      f"{free >> 20} MB free)")
    run_ = subprocess.run(["trace-cmd", "extract", "-k", "-B", instance.name, "--compression", "none", "-o", str(dat)],
                          capture_output=True, text=True, check=False, start_new_session=True)
    if run_.returncode == 0 and dat.is_file():
        return dat, None
    for leftover in [dat, *ftrace.glob("trace.dat.*")]:
        leftover.unlink(missing_ok=True)
    detail = (run_.stderr.strip().splitlines() or [f"exit status {run_.returncode}"])[-1].strip()
    return None, f"trace-cmd extract failed ({detail})"


def file_version(dat):
    """The version in a trace-cmd file's header: magic 0x17 0x08 'D', 'tracing', then the version as text."""
    with open(dat, "rb") as stream:
        head = stream.read(32)
    if head[:10] != b"\x17\x08Dtracing":
        return None
    version = head[10:].split(b"\0", 1)[0]
    return int(version) if version.isdigit() else None


def text_form(dat, ftrace, instance, stats, extract_error, warnings):
    """trace.txt from trace.dat, or, when extract failed, the instance's own trace file."""
    text = ftrace / "trace.txt"
    if dat is not None:
        with open(text, "w") as out:
            report = subprocess.run(["trace-cmd", "report", "-t", "-R", str(dat)], stdout=out, stderr=subprocess.PIPE,
                                    text=True, check=False, start_new_session=True)
        if report.returncode == 0:
            return {"file": text.name, "style": "trace-cmd report -t -R", "timestamps": "ns"}
        warnings.append(f"trace-cmd report could not read {dat}: {report.stderr.strip()[-200:]}; no trace.txt")
        text.unlink(missing_ok=True)
        return None
    source = instance.path / "trace"
    try:
        shutil.copyfile(source, text)
    except OSError as error:
        warnings.append(f"{extract_error}, and {source} could not be copied ({error.strerror}): no trace was kept")
        text.unlink(missing_ok=True)
        return None
    with open(text, errors="replace") as lines:
        kept = sum(1 for line in lines if not line.startswith("#"))
    warnings.append(f"{extract_error}: trace.txt is the instance's own trace file instead (microsecond timestamps), "
                    f"with {kept} of the {sum(cpu['entries'] for cpu in stats)} events recorded")
    return {"file": text.name, "style": "tracefs trace", "timestamps": "us"}


def trace_cmd_version():
    output = subprocess.run(["trace-cmd", "--version"], capture_output=True, text=True, check=False).stdout
    words = [line for line in output.splitlines() if line.strip().startswith("trace-cmd version")]
    return words[0].split()[2] if words else "unknown"


def record(events, buffer_kb, out, command):
    check_machine(events, out, command)
    signals = Signals()
    ftrace = out / "ftrace"
    try:
        ftrace.mkdir(parents=True)
    except OSError as error:
        raise Failure(f"cannot create {ftrace}: {error.strerror}") from error
    try:
        instance = Instance(events, buffer_kb)
    except BaseException:
        shutil.rmtree(out, ignore_errors=True)
        raise
    warnings = []
    status, start, end, dat, text, stats, extract_error = None, None, None, None, None, [], None
    try:
        if signals.received is None:
            start = clock_now()
            instance.start()
            status = run(command, instance.marker, signals)
            instance.stop()
            end = clock_now()
        else:
            status = 128 + signals.received
        stats = instance.cpu_stats()
        dat, extract_error = extract(instance, ftrace, stats)
        text = text_form(dat, ftrace, instance, stats, extract_error, warnings)
    finally:
        instance.stop()
        problem = instance.remove()
        if problem:
            warnings.append(problem)
    lost = sum(cpu[key.replace(" ", "_")] for cpu in stats for key in LOST_STATS)
    if lost:
        per_cpu = ", ".join(f"CPU {cpu['cpu']}: {cpu['overrun']} overwritten, {cpu['dropped_events']} dropped"
                            + (f", {cpu['commit_overrun']} commit overruns" if cpu["commit_overrun"] else "")
                            for cpu in stats if any(cpu[key.replace(' ', '_')] for key in LOST_STATS))
        warnings.insert(0, f"{lost} events were lost in the ring buffer ({per_cpu}): the buffer of {instance.buffer_kb} "
                           f"KB per CPU was too small; record again with --buffer-size {instance.buffer_kb * 4}")
    recording = {
        "recorder": "sextant record --ftrace",
        "command": command,
        "exit_status": status,
        "interrupted_by": signal.Signals(signals.received).name if signals.received else None,
        "instance": instance.name,
        "marker_variable": MARKER_VARIABLE,
        "clock": CLOCK,
        "buffer_size_kb": instance.buffer_kb,
        "events": events + ["ftrace:print"],
        "cpus": len(stats),
        "lost_events": lost,
        "per_cpu": stats,
        "start": start,
        "end": end,
        "trace_dat": None if dat is None else {
            "file": dat.name, "tool": f"trace-cmd {trace_cmd_version()}", "file_version": file_version(dat),
            "compression": "none"},
        "trace_txt": text,
        "kernel": os.uname().release,
        "warnings": warnings,
    }
    (ftrace / "recording.json").write_text(json.dumps(recording, indent=2) + "\n")
    for warning in warnings:
        say(f"warning: {warning}")
    interrupted = f", interrupted by {recording['interrupted_by']}" if signals.received else ""
    say(f"ftrace recording in {out} (COMMAND exited with {status}{interrupted}; "
        f"{sum(cpu['entries'] for cpu in stats)} events, {lost} lost)")
    return status


def main():
    try:
        events, buffer_kb, out, command = parse(sys.argv[1:])
        return record(events, buffer_kb, out, command)
    except Failure as failure:
        print(f"sextant: error: {failure}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"sextant: error: {error.filename or 'ftrace recording'}: {error.strerror}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
