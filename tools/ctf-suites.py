#!/usr/bin/env python3
# SPDX-License-Identifier: EPL-2.0
"""Reads every CTF trace of public suites with Sextant's codec and with babeltrace2, and says per trace whether
they agree on the events per name (docs/reliability.md, "CTF traces of the wild").

    tools/ctf-suites.py [--verbose] SUITE_DIR...

A trace is a directory holding a `metadata` file. Each is read by babeltrace2 (its `sink.text.pretty` with every
field hidden: one line per event, `[time] NAME: ...`, no time for events without one) and by `SuiteCounts` (the codec's test-scope runner,
compiled here with javac from the bundle's sources; it needs no build). One line per trace:

    agree                    both read it, the same events per name
    disagree                 both read it, counts differ (the differences follow)
    refused-by-both          babeltrace2 and the codec refuse it (the codec's message follows)
    refused-by-sextant-only  babeltrace2 reads it, the codec refuses it (its message follows)
    agree-stream-by-stream   babeltrace2's muxer refuses it (packets overlapping in time), babeltrace2's CTF
                             source read one stream at a time agrees (needs its Python bindings, python3-bt2)
    refused-by-babeltrace2-only  the codec reads it, babeltrace2 fails (its last cause follows)

then the tallies. Lines `warning` of the codec are printed with --verbose. Exit code 1 when any trace disagrees.
"""

import argparse
import collections
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import bt2streams

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = ROOT / "bundles" / "org.sextant.ctf.model" / "src"
RUNNER = BUNDLE / "test" / "java" / "org" / "sextant" / "ctf" / "model" / "SuiteCounts.java"
EVENT = re.compile(r"^(?:\[[^\]]*\] )?(.+?):(?: |$)")  # events without a time have no [time]
BATCH = 40  # traces per JVM: a hang costs one batch, and a JVM start is paid per batch
TIMEOUT = 600


def traces(suites):
    found = []
    for suite in suites:
        for directory, _, files in os.walk(suite):
            if "metadata" in files:
                found.append(Path(directory))
    return sorted(found)


def babeltrace(trace):
    """babeltrace2's events per name, or its error (the last cause it gives) when it fails."""
    try:
        run = subprocess.run(["babeltrace2", str(trace), "-c", "sink.text.pretty", "-p", 'field-default="hide",no-delta=true'],
                             capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, "babeltrace2 took more than %d s" % TIMEOUT
    if run.returncode != 0:
        lines = [line.strip() for line in run.stderr.decode("utf-8", "replace").splitlines() if line.strip()]
        return None, lines[-1] if lines else "exit code %d" % run.returncode
    counts = collections.Counter()
    for line in run.stdout.decode("utf-8", "replace").splitlines():
        match = EVENT.match(line)
        if match:
            counts[match.group(1)] += 1
    return counts, None


def stream_by_stream(trace):
    """babeltrace2's events per name read by its CTF source one stream at a time (bt2streams); None without
    the bt2 Python bindings (Debian: python3-bt2) or when a stream cannot be read."""
    bt2 = bt2streams.bt2_module()
    if bt2 is None:
        return None
    counts = collections.Counter()
    try:
        bt2streams.each_event(bt2, trace, lambda stream, message: counts.update([message.event.name]))
    except bt2._Error:
        return None
    return counts


def compile_runner(classes):
    sources = sorted(str(p) for p in (BUNDLE / "main" / "java").rglob("*.java")) + [str(RUNNER)]
    subprocess.run(["javac", "-nowarn", "-d", str(classes)] + sources, check=True)


def sextant(classes, batch):
    """The codec's verdict on each trace of a batch: (counts, warnings, refusal)."""
    try:
        run = subprocess.run(["java", "-cp", str(classes), "org.sextant.ctf.model.SuiteCounts"] + [str(t) for t in batch],
                             capture_output=True, timeout=TIMEOUT)
        output = run.stdout
    except subprocess.TimeoutExpired as timeout:
        output = timeout.stdout or b""
    results = {}
    current = None
    for line in output.decode("utf-8", "replace").splitlines():
        kind, _, rest = line.partition(" ")
        if kind == "trace":
            current = {"counts": collections.Counter(), "warnings": [], "refusal": None, "done": False}
            results[Path(rest)] = current
        elif kind == "refused":
            current.update(counts=None, refusal=rest, done=True)
        elif kind == "warning":
            current["warnings"].append(rest)
        elif kind == "count":
            name, _, count = rest.rpartition("\t")
            current["counts"][name] = int(count)
        elif kind == "events":
            current["done"] = True
    verdicts = {}
    for trace in batch:
        result = results.get(trace)
        if result is None or not result["done"]:
            verdicts[trace] = (None, [], "no answer: the codec hung or crashed")
        else:
            verdicts[trace] = (result["counts"], result["warnings"], result["refusal"])
    return verdicts


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("suites", nargs="+", type=Path)
    parser.add_argument("--verbose", action="store_true", help="print the codec's warnings too")
    args = parser.parse_args()
    if shutil.which("babeltrace2") is None:
        sys.exit("babeltrace2 is not installed (Debian: apt-get install babeltrace2)")
    found = traces(args.suites)
    classes = Path(tempfile.mkdtemp(prefix="sextant-suites-"))
    try:
        compile_runner(classes)
        ours = {}
        for start in range(0, len(found), BATCH):
            ours.update(sextant(classes, found[start:start + BATCH]))
    finally:
        shutil.rmtree(classes, ignore_errors=True)
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        theirs = dict(zip(found, pool.map(babeltrace, found)))
    tally = collections.Counter()
    disagreed = False
    for trace in found:
        counts, warnings, refusal = ours[trace]
        expected, failure = theirs[trace]
        if expected is None and counts is None:
            verdict, detail = "refused-by-both", refusal
        elif counts is None:
            verdict, detail = "refused-by-sextant-only", refusal
        elif expected is None:
            verdict, detail = "refused-by-babeltrace2-only", failure
            if "muxer" in failure or "last-returned-ts" in failure:
                apart = stream_by_stream(trace)
                if apart is not None and apart == counts:
                    verdict, detail = "agree-stream-by-stream", "%d events; babeltrace2's muxer refuses: %s" % (sum(counts.values()), failure)
        elif counts == expected:
            verdict, detail = "agree", "%d events" % sum(counts.values()) + (", %d warnings" % len(warnings) if warnings else "")
        else:
            disagreed = True
            names = sorted(set(counts) | set(expected))
            detail = "; ".join("%s: sextant %d, babeltrace2 %d" % (n, counts[n], expected[n]) for n in names if counts[n] != expected[n])
            verdict = "disagree"
        tally[verdict] += 1
        print("%-28s %s%s" % (verdict, trace, "  " + detail if detail else ""))
        if args.verbose:
            for warning in warnings:
                print("    warning: " + warning)
    print()
    print("traces %d: " % len(found) + ", ".join("%s %d" % (v, tally[v]) for v in
          ("agree", "agree-stream-by-stream", "disagree", "refused-by-both", "refused-by-sextant-only", "refused-by-babeltrace2-only")))
    return 1 if disagreed else 0


if __name__ == "__main__":
    sys.exit(main())
