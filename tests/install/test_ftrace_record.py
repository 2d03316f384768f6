# SPDX-License-Identifier: EPL-2.0
"""./sextant record --ftrace on this machine's kernel, and the annotation header it serves (annotate/).

The header's C tests need only a compiler. The recordings need root, tracefs and trace-cmd, and are skipped,
with the reason, where those are missing: they create real ftrace instances, run real programs (the OpenMP
proof program of tools/capture/workloads) and read the result back with trace-cmd."""

import json
import os
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HEADER = ROOT / "annotate" / "sextant_annotate.h"
HEADER_TESTS = ROOT / "annotate" / "test"
TRACEFS = Path("/sys/kernel/tracing")
SX_MAX_WRITE = int(re.search(r"#define SX_MAX_WRITE (\d+)", HEADER.read_text()).group(1))
# "<instance>: <comm>-<tid> [<cpu>] <s>.<ns>: <event>: <fields>", trace-cmd report -t -R (comm may hold spaces)
EVENT = re.compile(r"^\S+: +.+?-(\d+) +\[(\d+)\] +\d+\.\d{9}: (\w+): +(.*)$")

needs_cc = pytest.mark.skipif(shutil.which("gcc") is None or shutil.which("g++") is None, reason="no gcc/g++")
needs_ftrace = pytest.mark.skipif(
    os.geteuid() != 0 or not (TRACEFS / "instances").is_dir() or shutil.which("trace-cmd") is None,
    reason="recording with ftrace needs root, tracefs at /sys/kernel/tracing and trace-cmd")


def record(out, *command, options=(), env=None, timeout=120):
    return subprocess.run([str(ROOT / "sextant"), "record", "--ftrace", *options, "--out", str(out), "--", *command],
                          capture_output=True, text=True, timeout=timeout, check=False, env=env)


def recording(out):
    return json.loads((out / "ftrace" / "recording.json").read_text())


def assert_instance_gone(out):
    name = recording(out)["instance"]
    assert not (TRACEFS / "instances" / name).exists(), f"ftrace instance {name} left behind"


def stale_instances():
    """Sextant's instances whose recorder is gone (others may be recording meanwhile)."""
    return [entry.name for entry in (TRACEFS / "instances").iterdir()
            if entry.name.startswith("sextant-") and not Path(f"/proc/{entry.name[8:]}").exists()]


def events(text_file):
    """(tid, cpu, event name, fields) of each event line of a trace-cmd report -t -R text."""
    found = []
    for line in text_file.read_text().splitlines():
        match = EVENT.match(line)
        if match:
            found.append((int(match.group(1)), int(match.group(2)), match.group(3), match.group(4)))
    return found


def markers(text_file):
    """tid -> marker text -> count, from the print events."""
    counted = {}
    for tid, _, name, fields in events(text_file):
        if name == "print":
            text = fields.split(" buf=", 1)[1]
            counted.setdefault(tid, {}).setdefault(text, 0)
            counted[tid][text] += 1
    return counted


# --- the header, as C and C++ -------------------------------------------------------------------------------

COMPILERS = {
    "c99-pedantic": ["gcc", "-std=c99", "-pedantic"],
    "gnu11": ["gcc", "-std=gnu11"],
    "c++11-pedantic": ["g++", "-x", "c++", "-std=c++11", "-pedantic"],
    "c++17": ["g++", "-x", "c++", "-std=c++17"],
}


@needs_cc
@pytest.mark.parametrize("compiler", COMPILERS)
def test_header_compiles_without_warnings_and_passes_its_tests(compiler, tmp_path):
    flags = [*COMPILERS[compiler], "-Wall", "-Wextra", "-Werror"]
    alone = subprocess.run([*flags, "-fsyntax-only", str(HEADER)] if "c++" in compiler
                           else [*flags, "-fsyntax-only", "-x", "c", str(HEADER)], capture_output=True, text=True)
    assert alone.returncode == 0, alone.stderr
    binary = tmp_path / "test_annotate"
    build = subprocess.run([*flags, "-O2", "-pthread", "-o", str(binary), str(HEADER_TESTS / "test_annotate.c"),
                            str(HEADER_TESTS / "other_unit.c")], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    without = {key: value for key, value in os.environ.items() if key != "SEXTANT_TRACE_MARKER"}
    for env in (without, dict(without, SEXTANT_TRACE_MARKER=str(tmp_path / "no" / "such" / "marker"))):
        run = subprocess.run([str(binary), "noop"], env=env, capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr
    for mode in ("file", "race"):
        marker = tmp_path / f"marker-{mode}"
        marker.touch()
        run = subprocess.run([str(binary), mode, str(marker)], env=dict(without, SEXTANT_TRACE_MARKER=str(marker)),
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr


@needs_cc
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="no valgrind")
def test_header_allocates_nothing(tmp_path):
    binary = tmp_path / "test_annotate"
    subprocess.run(["gcc", "-O2", "-pthread", "-o", str(binary), str(HEADER_TESTS / "test_annotate.c"),
                    str(HEADER_TESTS / "other_unit.c")], check=True)
    marker = tmp_path / "marker"
    marker.touch()
    run = subprocess.run(["valgrind", "--error-exitcode=9", str(binary), "file", str(marker)],
                         env=dict(os.environ, SEXTANT_TRACE_MARKER=str(marker)), capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    assert "total heap usage: 0 allocs" in run.stderr, run.stderr


# --- recording the OpenMP proof program -------------------------------------------------------------------


@pytest.fixture(scope="module")
def omp_program(tmp_path_factory):
    if shutil.which("gcc") is None:
        pytest.skip("no gcc")
    binary = tmp_path_factory.mktemp("omp") / "omp-imbalance"
    subprocess.run(["gcc", "-O2", "-fopenmp", "-Wall", "-Wextra", "-Werror", "-o", str(binary),
                    str(ROOT / "tools" / "capture" / "workloads" / "omp-imbalance.c")], check=True)
    return binary


@pytest.fixture(scope="module")
def omp_recording(omp_program, tmp_path_factory):
    if os.geteuid() != 0 or not (TRACEFS / "instances").is_dir() or shutil.which("trace-cmd") is None:
        pytest.skip("recording with ftrace needs root, tracefs at /sys/kernel/tracing and trace-cmd")
    out = tmp_path_factory.mktemp("recording") / "omp"
    env = dict(os.environ, OMP_NUM_THREADS="2", OMP_WAIT_POLICY="passive")
    run = record(out, str(omp_program), "--phases", "3", "--unit-iterations", "6000000", "--chunks", "2",
                 "--log", str(out / "omp-imbalance.json"), env=env)
    assert run.returncode == 0, run.stderr
    return out, run


@needs_ftrace
def test_recording_leaves_no_instance_and_a_complete_description(omp_recording):
    out, run = omp_recording
    assert_instance_gone(out)
    described = recording(out)
    assert described["exit_status"] == 0 and described["interrupted_by"] is None
    assert described["command"][0].endswith("omp-imbalance")
    assert described["clock"] == "mono"
    assert described["buffer_size_kb"] >= 8192
    assert described["events"] == ["sched:sched_switch", "sched:sched_wakeup", "sched:sched_wakeup_new",
                                   "sched:sched_migrate_task", "sched:sched_process_fork",
                                   "sched:sched_process_exit", "ftrace:print"]
    assert described["cpus"] == os.cpu_count() == len(described["per_cpu"])
    assert described["lost_events"] == 0
    for cpu in described["per_cpu"]:
        assert set(cpu) == {"cpu", "entries", "bytes", "overrun", "commit_overrun", "dropped_events"}
    assert described["start"]["monotonic_ns"] < described["end"]["monotonic_ns"]
    assert described["trace_dat"] == {"file": "trace.dat", "tool": described["trace_dat"]["tool"],
                                      "file_version": 7, "compression": "none"}
    assert described["trace_txt"] == {"file": "trace.txt", "style": "trace-cmd report -t -R", "timestamps": "ns"}
    assert described["warnings"] == []
    assert (out / "ftrace" / "trace.dat").read_bytes()[:12] == b"\x17\x08Dtracing7\0"
    assert f"ftrace recording in {out}" in run.stderr


@needs_ftrace
def test_markers_in_the_text_equal_the_programs_log(omp_recording):
    out, _ = omp_recording
    log = json.loads((out / "omp-imbalance.json").read_text())
    assert log["recording"] is True and log["threads"] == 2
    found = markers(out / "ftrace" / "trace.txt")
    assert set(found) == {thread["tid"] for thread in log["per_thread"]}
    for thread in log["per_thread"]:
        assert found[thread["tid"]] == thread["writes"]
        # 3 phases of 2 chunks: the thread's begin/end, an instant, and per phase 2 + 4 + 1 + 2 annotations
        assert sum(thread["writes"].values()) == 3 + 3 * 9
        assert thread["annotations"]["barrier_enter"] == {"omp.barrier": 3}


@needs_ftrace
def test_trace_cmd_reads_the_dat_file_as_the_instance_counted_it(omp_recording):
    out, _ = omp_recording
    report = subprocess.run(["trace-cmd", "report", "-t", "-R", str(out / "ftrace" / "trace.dat")],
                            capture_output=True, text=True, timeout=120, check=True)
    lines = [line for line in report.stdout.splitlines() if EVENT.match(line)]
    per_cpu = {}
    for line in lines:
        cpu = int(EVENT.match(line).group(2))
        per_cpu[cpu] = per_cpu.get(cpu, 0) + 1
    described = recording(out)
    assert per_cpu == {cpu["cpu"]: cpu["entries"] for cpu in described["per_cpu"] if cpu["entries"]}
    assert len(events(out / "ftrace" / "trace.txt")) == len(lines)


@needs_ftrace
def test_the_program_did_the_designed_imbalance(omp_recording):
    out, _ = omp_recording
    log = json.loads((out / "omp-imbalance.json").read_text())
    work = [sum(phase["work_cpu_ns"] for phase in thread["phases"]) for thread in log["per_thread"]]
    imbalance = max(work) / (sum(work) / len(work))
    assert abs(imbalance - log["designed_imbalance"]) / log["designed_imbalance"] < 0.10, work


# --- failures, interruptions and limits ---------------------------------------------------------------------


@needs_ftrace
def test_command_failing_passes_its_status_on_and_keeps_the_trace(tmp_path):
    out = tmp_path / "failing"
    run = record(out, "sh", "-c", 'echo "SX|I|before failing" > "$SEXTANT_TRACE_MARKER"; exit 3')
    assert run.returncode == 3, run.stderr
    assert_instance_gone(out)
    assert recording(out)["exit_status"] == 3
    assert any("SX|I|before failing" in texts for texts in markers(out / "ftrace" / "trace.txt").values())


@needs_ftrace
def test_ctrl_c_stops_the_command_and_still_records(tmp_path):
    out = tmp_path / "interrupted"
    recorder = subprocess.Popen([str(ROOT / "sextant"), "record", "--ftrace", "--out", str(out), "--", "sh", "-c",
                                 'echo "SX|B|waiting" > "$SEXTANT_TRACE_MARKER"; sleep 30'],
                                start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not (out / "ftrace").is_dir():
        time.sleep(0.05)
    time.sleep(0.5)
    os.killpg(recorder.pid, signal.SIGINT)  # as the terminal does: to the recorder and COMMAND alike
    _, stderr = recorder.communicate(timeout=60)
    assert recorder.returncode == 130, stderr
    assert_instance_gone(out)
    assert recording(out)["interrupted_by"] == "SIGINT"
    assert any("SX|B|waiting" in texts for texts in markers(out / "ftrace" / "trace.txt").values())


@needs_ftrace
def test_events_added_to_the_scheduler_are_recorded(tmp_path):
    out = tmp_path / "softirq"
    run = record(out, "sleep", "0.1", options=("--events", "+irq,+softirq"))
    assert run.returncode == 0, run.stderr
    assert recording(out)["events"][6:] == ["irq:irq_handler_entry", "irq:irq_handler_exit", "irq:softirq_entry",
                                            "irq:softirq_exit", "ftrace:print"]
    names = {name for _, _, name, _ in events(out / "ftrace" / "trace.txt")}
    assert {"sched_switch", "softirq_entry", "softirq_exit"} <= names  # the tick's timer softirq, at least


@needs_ftrace
def test_an_instance_held_open_by_a_daemon_goes_when_the_daemon_does(tmp_path):
    out = tmp_path / "daemon"
    # long enough to outlive the recording's extract on a loaded machine
    run = record(out, "sh", "-c", 'sleep 8 > "$SEXTANT_TRACE_MARKER" &')
    assert run.returncode == 0, run.stderr
    instance = TRACEFS / "instances" / recording(out)["instance"]
    assert "is still in use" in run.stderr and instance.exists()
    deadline = time.monotonic() + 30
    while instance.exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not instance.exists()


@needs_ftrace
def test_no_room_for_extract_keeps_the_instances_own_trace(tmp_path):
    small = tmp_path / "small"
    small.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(small)], check=False).returncode:
        pytest.skip("cannot mount a small tmpfs")
    try:
        out = small / "recording"
        run = record(out, "sh", "-c", 'echo "SX|I|kept" > "$SEXTANT_TRACE_MARKER"')
        assert run.returncode == 0, run.stderr
        assert "warning: not enough free space" in run.stderr and "instance's own trace file" in run.stderr
        assert_instance_gone(out)
        described = recording(out)
        assert described["trace_dat"] is None
        assert described["trace_txt"] == {"file": "trace.txt", "style": "tracefs trace", "timestamps": "us"}
        assert not (out / "ftrace" / "trace.dat").exists()
        assert "tracing_mark_write: SX|I|kept" in (out / "ftrace" / "trace.txt").read_text()
    finally:
        subprocess.run(["umount", str(small)], check=False)


@needs_ftrace
def test_lost_events_are_counted_and_warned(tmp_path):
    out = tmp_path / "lossy"
    run = record(out, "sh", "-c", 'i=0; while [ $i -lt 3000 ]; do echo "SX|I|tick" > "$SEXTANT_TRACE_MARKER"; '
                                  'i=$((i+1)); done', options=("--buffer-size", "8"))
    assert run.returncode == 0, run.stderr
    described = recording(out)
    lost = sum(cpu["overrun"] + cpu["commit_overrun"] + cpu["dropped_events"] for cpu in described["per_cpu"])
    assert described["lost_events"] == lost > 0
    assert f"warning: {lost} events were lost in the ring buffer" in run.stderr
    assert "EVENTS DROPPED]" in (out / "ftrace" / "trace.txt").read_text()


@needs_ftrace
@needs_cc
def test_the_kernel_keeps_a_whole_annotation_of_the_headers_longest(tmp_path):
    source = tmp_path / "long.c"
    source.write_text('#include "sextant_annotate.h"\n#include <string.h>\n'
                      "int main(void) {\n    static char name[3 * SX_MAX_WRITE];\n"
                      "    memset(name, 'n', sizeof(name) - 1);\n    sx_begin(name);\n    sx_counter(name, -42);\n"
                      '    static char raw[2 * SX_MAX_WRITE];\n    memset(raw, \'r\', sizeof(raw));\n'
                      '    int fd = open(getenv("SEXTANT_TRACE_MARKER"), O_WRONLY);\n'
                      '    return write(fd, raw, sizeof(raw)) == SX_MAX_WRITE ? 0 : 1;\n}\n')
    binary = tmp_path / "long"
    subprocess.run(["gcc", "-Wall", "-Wextra", "-Werror", f"-I{HEADER.parent}", "-o", str(binary), str(source)],
                   check=True)
    out = tmp_path / "limit"
    run = record(out, str(binary))
    assert run.returncode == 0, "the kernel's limit for one marker write is not the header's SX_MAX_WRITE"
    [written] = markers(out / "ftrace" / "trace.txt").values()
    lengths = sorted((len(text), text[:5], text[-4:]) for text in written)
    assert lengths == [(SX_MAX_WRITE, "SX|B|", "nnnn"), (SX_MAX_WRITE, "SX|C|", "|-42"),
                       (SX_MAX_WRITE, "rrrrr", "rrrr")]


@needs_ftrace
def test_errors_are_one_line_and_leave_nothing(tmp_path):
    existing = tmp_path / "existing"
    existing.mkdir()
    cases = [
        (record(existing, "true"), f"{existing} exists"),
        (record(tmp_path / "a", "true", options=("--events", "sched,bogus")), "'bogus' is neither a group"),
        (record(tmp_path / "b", "true", options=("--events", "+sched:no_such_event")), "no tracepoint sched:no_such_event"),
        (record(tmp_path / "c", "no-such-command-here"), "COMMAND 'no-such-command-here' not found"),
        (record(tmp_path / "d", "true", options=("--buffer-size", "lots")), "--buffer-size takes kilobytes"),
    ]
    # trace-cmd missing: a PATH holding only what the launcher and the recorder need
    tools = tmp_path / "bin"
    tools.mkdir()
    for tool in ("bash", "python3", "dirname", "true"):
        (tools / tool).symlink_to(shutil.which(tool))
    cases.append((record(tmp_path / "e", "true", env=dict(os.environ, PATH=str(tools))),
                  "trace-cmd not found (Debian: apt-get install trace-cmd)"))
    if shutil.which("setpriv"):
        nobody = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", str(ROOT / "sextant"),
                                 "record", "--ftrace", "--out", str(tmp_path / "f"), "--", "true"],
                                capture_output=True, text=True, timeout=60, check=False)
        cases.append((nobody, "recording with ftrace needs root"))
    for run, message in cases:
        assert run.returncode == 2, run.stderr
        assert run.stderr.startswith("sextant: error: ") and message in run.stderr, run.stderr
        assert "Traceback" not in run.stderr
    assert not any((tmp_path / name).exists() for name in "abcdef")
    assert stale_instances() == []


# --- the fixtures ------------------------------------------------------------------------------------------


@pytest.mark.skipif(shutil.which("trace-cmd") is None, reason="no trace-cmd")
@pytest.mark.parametrize("fixture", ["ftrace-omp-sextant", "ftrace-omp-paper", "ftrace-omp-atrace", "ftrace-malformed"])
def test_fixture_counts_and_annotations_are_the_catalogues(fixture):
    """trace-cmd's count of each fixture is the catalogue's, and its annotations are its program's log."""
    count = subprocess.run([str(ROOT / "tools" / "capture" / "ftrace-catalogue.py"), fixture,
                            str(ROOT / "tests" / "fixtures" / fixture)], capture_output=True, text=True, timeout=300)
    assert count.returncode == 0, count.stderr
    catalogued = [line for line in (ROOT / "tests" / "fixtures" / "catalogue.properties").read_text().splitlines()
                  if line.startswith(f"{fixture}.")]
    assert count.stdout.splitlines() == catalogued
