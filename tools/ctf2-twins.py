#!/usr/bin/python3
# SPDX-License-Identifier: EPL-2.0
"""Writes what babeltrace2 2.0 reads from the CTF 1.8 twin of each CTF 2 fixture: the golden files that
`Ctf2TracesTest` compares the codec's reading of the CTF 2 trace with (tests/fixtures/CATALOGUE.md, "CTF 2").

    tools/ctf2-twins.py [BABELTRACE_GIT_DIR] [--check]

BABELTRACE_GIT_DIR is a clone of babeltrace's repository (its git directory); each twin is extracted from it at
the commit named below into a temporary directory. babeltrace2 2.0 cannot read CTF 2, so the oracle is its
reading of the CTF 1.8 trace that each CTF 2 trace of Trace Compass's suite was translated from: for
debug-info, the twin as it was before babeltrace renamed `libhello_so` to `libhello-so` in its data (2023).
Without BABELTRACE_GIT_DIR, only the recordings of LTTng 2.14 (RECORDED below), whose CTF 1.8 twin was
recorded in the same run (tools/capture/lttng-2.14-ctf2.sh) and is a fixture too. One line per event, in
babeltrace2's order (by time; ties by stream, as the codec's merge breaks them):

    CYCLES NAME FIELD=VALUE ...

CYCLES is the event's default clock value (`-` without a clock), the fields are the payload's leaves
sorted by name: integers (enumerations by value, booleans 0 or 1, unsigned ones unsigned), strings in
quotes, an integer array's elements as NAME[i], a variant's option under the variant's name; floating point
numbers are left out. --check compares instead of writing, exit code 1 on a difference.
"""

import subprocess
import sys
import tempfile
from pathlib import Path

import bt2

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "fixtures" / "golden"
SUITE = "tests/data/ctf-traces/succeed/"
CATALOGUED = "385ef9f1227c3cc2aaddf7abdbdc69f89a0272cb"  # the commit tests/fixtures/CATALOGUE.md names
# CTF 2 fixture (tests/fixtures/ctf2/NAME) -> its CTF 1.8 twin in babeltrace's suite, and the commit to take it at
TWINS = {
    "succeed1": ("succeed1", CATALOGUED),
    "smalltrace": ("smalltrace", CATALOGUED),
    "meta-variant-no-underscore": ("meta-variant-no-underscore", CATALOGUED),
    "ev-disc-no-ts-begin-end": ("ev-disc-no-ts-begin-end", CATALOGUED),
    "debug-info": ("debug-info", "d3765576bcdab2fff6360fffc0b77f1021d1a771"),
    "barectf-event-before-packet": ("barectf-event-before-packet", CATALOGUED),
    "lttng-crash": ("lttng-crash", CATALOGUED),
    "lttng-event-after-packet": ("lttng-event-after-packet", CATALOGUED),
    "trace-with-index": ("trace-with-index", CATALOGUED),
}

# CTF 2 fixture -> its CTF 1.8 twin, both under tests/fixtures, recorded together by LTTng 2.14
RECORDED = {
    "lttng-2.14-ust-fields": "lttng-2.14-ust-fields/ctf-1.8",
}


def extract(git_dir, commit, twin, into):
    """The twin's files at the commit, from `git archive` (a twin's files are all small)."""
    archive = subprocess.run(["git", "--git-dir", str(git_dir), "archive", commit, SUITE + twin], capture_output=True, check=True)
    subprocess.run(["tar", "x", "-C", str(into)], input=archive.stdout, check=True)
    return Path(into) / SUITE / twin


def leaves(field, name, out):
    """The payload's leaves as the codec's Fields hold them, by name (the last of a name wins)."""
    if isinstance(field, bt2._StructureFieldConst):
        for member, value in field.items():
            leaves(value, member, out)
            # babeltrace2 2.0 shows an empty text sequence (its _NAME_length 0, as LTTng names the length) with
            # the string of an earlier event: a bug its later versions fixed (review.lttng.org/c/babeltrace/+/4528)
            if isinstance(value, bt2._StringFieldConst) and f"_{member}_length" in field and int(field[f"_{member}_length"]) == 0:
                out[member] = '""'
    elif isinstance(field, bt2._VariantFieldConst):
        leaves(field.selected_option, name, out)
    elif isinstance(field, bt2._ArrayFieldConst):
        for i, element in enumerate(field):
            if isinstance(element, (bt2._IntegerFieldConst, bt2._BoolFieldConst)):
                out[f"{name}[{i}]"] = str(int(element))
            elif isinstance(element, bt2._StructureFieldConst):
                leaves(element, None, out)
    elif isinstance(field, bt2._StringFieldConst):
        out[name] = '"' + str(field) + '"'
    elif isinstance(field, (bt2._IntegerFieldConst, bt2._BoolFieldConst, bt2._BitArrayFieldConst)):
        out[name] = str(int(field) if not isinstance(field, bt2._BitArrayFieldConst) else field.value_as_integer)
    # real numbers: not decoded by the codec


def read(trace):
    lines = []
    for message in bt2.TraceCollectionMessageIterator(str(trace)):
        if type(message) is not bt2._EventMessageConst:
            continue
        event = message.event
        cycles = str(message.default_clock_snapshot.value) if event.cls.stream_class.default_clock_class else "-"
        out = {}
        if event.payload_field is not None:
            leaves(event.payload_field, None, out)
        lines.append(" ".join([cycles, event.name] + [f"{key}={out[key]}" for key in sorted(out)]))
    return lines


def recorded_trace(twin):
    """The one trace (the directory holding `metadata`) of a recording's CTF 1.8 copy."""
    traces = [metadata.parent for metadata in (GOLDEN.parent / twin).rglob("metadata")]
    if len(traces) != 1:
        sys.exit(f"{twin}: {len(traces)} traces, expected one")
    return traces[0]


def write_or_check(name, lines, check):
    """Writes the golden file of the fixture, or compares; returns whether it differs."""
    text = "\n".join(lines) + "\n"
    golden = GOLDEN / f"ctf2-{name}.txt"
    if check:
        same = golden.exists() and golden.read_text(encoding="utf-8") == text
        print(("same      " if same else "DIFFERENT ") + name)
        return not same
    golden.write_text(text, encoding="utf-8")
    print(f"{name}: {text.count(chr(10))} events")
    return False


def main():
    arguments = [argument for argument in sys.argv[1:] if argument != "--check"]
    check = "--check" in sys.argv[1:]
    differ = False
    if arguments:
        git_dir = Path(arguments[0])
        for name, (twin, commit) in TWINS.items():
            with tempfile.TemporaryDirectory() as into:
                differ |= write_or_check(name, read(extract(git_dir, commit, twin, into)), check)
    for name, twin in RECORDED.items():
        differ |= write_or_check(name, read(recorded_trace(twin)), check)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
