# SPDX-License-Identifier: EPL-2.0
"""The installation tier: Trace Compass with Sextant installed from our update site by the p2 director, driven
as a user drives it, through ./sextant. Run by tests/run-all.sh after the Maven build, in a fresh SEXTANT_HOME
(so the install step itself is exercised)."""

import gzip
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
SAMPLE = FIXTURES / "perf-sched-syscalls"


def sextant(*args):
    return subprocess.run([str(ROOT / "sextant"), *args], capture_output=True, text=True, timeout=600, check=False)


def catalogue():
    facts = {}
    for line in (FIXTURES / "catalogue.properties").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            key, value = line.split("=", 1)
            facts[key.replace("\\:", ":").strip()] = value.strip()
    return facts


@pytest.fixture(scope="module")
def status():
    run = sextant("status", str(SAMPLE))
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_installed_bundles_resolve_and_lazy_ones_are_started(status):
    bundles = status["bundles"]
    assert set(bundles) >= {"org.sextant.headless.core", "org.sextant.count.model", "org.sextant.count.core", "org.sextant.count.ui"}
    # A lazily activated bundle is STARTING until its first class loads; a plain library (the model) is RESOLVED.
    assert all(state in ("ACTIVE", "STARTING", "RESOLVED") for state in bundles.values()), bundles
    assert bundles["org.sextant.headless.core"] == "ACTIVE"


def test_count_analysis_is_registered_for_a_perf_kernel_trace(status):
    assert status["trace_type"] == "org.sextant.ctf.core.kernel"
    assert "org.sextant.count.core.analysis" in status["trace_analyses"]
    assert "count" in status["analyses"]


def test_analyze_sample_as_json_matches_the_catalogue():
    run = sextant("analyze", "--json")
    assert run.returncode == 0, run.stderr
    document = json.loads(run.stdout)
    assert document["analysis"] == "count"
    [result] = document["traces"]
    facts = catalogue()
    assert result["trace"] == str(SAMPLE)
    assert result["events"] == int(facts["perf-sched-syscalls.events"])
    assert result["per_cpu"] == {key.rsplit("cpu", 1)[1]: int(value) for key, value in facts.items()
                                 if key.startswith("perf-sched-syscalls.events.cpu")}
    assert result["per_type"] == {key[len("perf-sched-syscalls.type."):]: int(value) for key, value in facts.items()
                                  if key.startswith("perf-sched-syscalls.type.")}


def test_json_is_indented_with_keys_in_order_and_integers_without_fraction():
    run = sextant("analyze", "--json")
    assert run.returncode == 0, run.stderr
    events = catalogue()["perf-sched-syscalls.events"]
    assert run.stdout.startswith('{\n  "analysis": "count",\n  "traces": [\n    {\n      "trace": '), run.stdout
    assert f'\n      "events": {events},\n      "start": ' in run.stdout
    assert '\n      "duration_s": 1.505556927,\n      "per_cpu": {\n        "0": ' in run.stdout
    assert run.stdout.endswith('\n    }\n  ]\n}\n')


def test_usage_lists_every_analysis():
    listed = sextant("analyze", "--list")
    assert listed.returncode == 0, listed.stderr
    names = [line.split("\t")[0] for line in listed.stdout.splitlines()]
    assert {"count", "cpu", "io", "callstack", "redis"} <= set(names)
    usage = sextant("help").stdout
    [line] = [line for line in usage.splitlines() if "analyses:" in line]
    assert [name for name in names if name not in line] == [], line


def test_options_are_parsed_by_the_application_alone():
    # The launcher only names the bundled sample; an option missing its value is reported as such.
    run = sextant("analyze", "--threads")
    assert run.returncode == 2
    assert "--threads needs a positive whole number, not ''" in run.stderr
    run = sextant("analyze", "--analysis=cpu", "--json")
    assert run.returncode == 0, run.stderr
    [result] = json.loads(run.stdout)["traces"]
    assert result["trace"] == str(SAMPLE) and "busiest_threads" in result


@pytest.mark.parametrize("build", [["--threads", "2"], ["--serial"], ["--threads", "2", "--writers", "2"]])
def test_parallel_and_serial_builds_count_the_same(build, tmp_path):
    # A fresh copy of the sample, so that each build starts without a history to reuse.
    trace = tmp_path / "sample"
    shutil.copytree(SAMPLE, trace)
    run = sextant("analyze", "--json", *build, str(trace))
    assert run.returncode == 0, run.stderr
    [result] = json.loads(run.stdout)["traces"]
    # Told no writer count, the count's workers write its history themselves; told one, history trees.
    history = ", 2 writers" if "--writers" in build else ", written by its workers"
    assert result["build"] == ("serial" if build == ["--serial"] else "parallel, 2 threads" + history)
    assert result["events"] == int(catalogue()["perf-sched-syscalls.events"])
    again = json.loads(sextant("analyze", "--json", *build, str(trace)).stdout)["traces"][0]
    assert again["build"] == "reused"
    assert {k: v for k, v in again.items() if k != "build"} == {k: v for k, v in result.items() if k != "build"}


def test_bad_thread_count_is_one_clear_error():
    run = sextant("analyze", "--threads", "zero", str(SAMPLE))
    assert run.returncode == 2
    assert "--threads needs a positive whole number, not 'zero'" in run.stderr


@pytest.mark.parametrize("size", ["0", "-8M", "8X", "", "99999999999G"])
def test_bad_chunk_size_is_one_clear_error(size):
    run = sextant("analyze", "--chunk-size", size, str(SAMPLE))
    assert run.returncode == 2
    assert f"--chunk-size needs a positive size in bytes, optionally with K, M or G (say 8M), not '{size}'" in run.stderr
    assert "Exception" not in run.stderr
    run = sextant("bench", "--analysis", "cpu", "--chunk-size", size, str(SAMPLE))
    assert run.returncode == 2
    assert f"--chunk-size needs a positive size in bytes" in run.stderr


def test_chunk_size_and_serial_exclude_each_other():
    run = sextant("analyze", "--serial", "--chunk-size", "1M", str(SAMPLE))
    assert run.returncode == 2
    assert "--serial and --chunk-size exclude each other" in run.stderr


def test_small_chunks_count_the_same(tmp_path):
    trace = tmp_path / "sample"
    shutil.copytree(SAMPLE, trace)
    run = sextant("analyze", "--json", "--threads", "2", "--chunk-size", "64K", str(trace))
    assert run.returncode == 0, run.stderr
    [result] = json.loads(run.stdout)["traces"]
    assert result["events"] == int(catalogue()["perf-sched-syscalls.events"])


def test_missing_trace_is_one_clear_error(tmp_path):
    missing = tmp_path / "nothing-here"
    run = sextant("analyze", str(missing))
    assert run.returncode == 2
    assert run.stdout == ""
    assert f"sextant: error: {missing}: no such file or directory" in run.stderr


def test_file_that_is_no_trace_is_one_clear_error(tmp_path):
    junk = tmp_path / "junk.txt"
    junk.write_text("not a trace\n")
    run = sextant("analyze", str(junk))
    assert run.returncode == 2
    assert f"sextant: error: {junk}: not a trace of any type this installation reads" in run.stderr
    assert "Exception" not in run.stderr


def test_unknown_analysis_lists_the_valid_ones():
    run = sextant("analyze", "--analysis", "nope", str(SAMPLE))
    assert run.returncode == 2
    assert "unknown analysis 'nope'; valid analyses: annotations (" in run.stderr
    assert all(f", {name} (" in run.stderr for name in ("callstack", "count", "cpu", "io", "redis"))


def catalogue_sum(prefix):
    return sum(int(value) for key, value in catalogue().items() if key.startswith(prefix))


def test_cpu_analysis_of_the_sample():
    run = sextant("analyze", "--analysis", "cpu", "--json", str(SAMPLE))
    assert run.returncode == 0, run.stderr
    [result] = json.loads(run.stdout)["traces"]
    switched_out = {key.rsplit(".", 1)[1] for key in catalogue() if key.startswith("perf-sched-syscalls.cpu.ns.")}
    assert result["threads"] == len(switched_out - {"0"})
    assert [cpu["cpu"] for cpu in result["cpus"]] == [0, 1]
    assert all(0 < cpu["busy_percent"] <= 100 for cpu in result["cpus"]), result["cpus"]
    for thread in result["busiest_threads"]:
        assert thread["cpu_ns"] == int(catalogue()[f"perf-sched-syscalls.cpu.ns.{thread['tid']}"]), thread


def test_io_analysis_of_the_sample_matches_the_catalogue():
    run = sextant("analyze", "--analysis", "io", "--json", str(SAMPLE))
    assert run.returncode == 0, run.stderr
    [result] = json.loads(run.stdout)["traces"]
    assert result["read_bytes"] == catalogue_sum("perf-sched-syscalls.io.read.")
    assert result["written_bytes"] == catalogue_sum("perf-sched-syscalls.io.written.")


# The bench's baseline row, on a machine with cores to confine it from.
ONE_CORE = [("one-core", 1)] if os.cpu_count() > 1 else []


@pytest.mark.parametrize("analysis", ["cpu", "count"])
def test_bench_matches_trace_compass_and_is_identical(analysis, tmp_path):
    # The count's parallel builds are its workers' own history, compared query for query with the serial tree.
    trace = tmp_path / "sample"
    shutil.copytree(SAMPLE, trace)
    run = sextant("bench", "--analysis", analysis, "--threads", "2", "--repeat", "3", "--json", str(trace))
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["matches_tracecompass"] is True, result.get("tracecompass_difference")
    assert result["identical"] is True, result.get("first_difference")
    assert [(r["mode"], r["threads"]) for r in result["runs"]] == [("tracecompass", 1), ("serial", 1), *ONE_CORE, ("parallel", 2)]
    # Timed three times each, the one-core and parallel builds give their medians.
    for timed in result["runs"][2:]:
        assert len(timed["seconds_each"]) == 3 and timed["seconds"] == sorted(timed["seconds_each"])[1]
    # In rounds, each mode once per round in the same order, so that a drift of the machine hits them alike.
    rounds = [line.split("bench: ")[1].split(", ")[:2] for line in run.stderr.splitlines() if "bench: round " in line]
    assert rounds == [[f"round {i} of 3", timed["mode"]] for i in (1, 2, 3) for timed in result["runs"][2:]]
    # Speedups are against the one-processor run: the one-thread build with the process confined to one core.
    if ONE_CORE:
        assert result["baseline"].startswith("one-core: ") and result["runs"][2]["efficiency"] == 1.0
    assert all(r["events"] == int(catalogue()["perf-sched-syscalls.events"]) for r in result["runs"])


def test_bench_read_reads_every_byte_through_mmap_and_read():
    trace = SAMPLE
    run = sextant("bench", "--analysis", "read", "--threads", "1,2", "--json", str(trace))
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["bytes"] == sum(f.stat().st_size for f in trace.rglob("*") if f.is_file())
    assert result["sums_agree"] is True
    assert [(r["method"], r["cache"], r["threads"]) for r in result["reads"]] == [
        ("mmap", "hot", 1), ("mmap", "hot", 2), ("read", "hot", 1), ("read", "hot", 2)]


def test_bench_cold_drops_the_page_cache_as_root_and_says_it_needs_root_otherwise():
    run = sextant("bench", "--analysis", "read", "--cold", "--json", str(SAMPLE))
    if os.geteuid() == 0:
        assert run.returncode == 0, run.stderr
        result = json.loads(run.stdout)
        assert result["sums_agree"] is True
        assert {(r["method"], r["cache"]) for r in result["reads"]} >= {("mmap", "cold"), ("read", "cold")}
    else:
        assert run.returncode == 1
        assert "--cold drops the page cache, which needs root" in run.stderr


def test_bench_repeat_must_be_a_positive_whole_number():
    run = sextant("bench", "--analysis", "cpu", "--repeat", "0", str(SAMPLE))
    assert run.returncode == 2
    assert "--repeat takes a positive whole number, not 0" in run.stderr and "Exception" not in run.stderr


def test_bench_beyond_the_cores_says_so_and_projects(tmp_path):
    # Thread counts beyond this machine's cores run, and the output says they shared the cores; the stage costs
    # of the one-thread build are projected to 16 and 64 threads.
    trace = tmp_path / "sample"
    shutil.copytree(SAMPLE, trace)
    cores = os.cpu_count()
    run = sextant("bench", "--analysis", "io", "--threads", f"1,{cores + 1}", "--chunk-size", "256K", "--json", str(trace))
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["identical"] is True, result.get("first_difference")
    assert result["cores"] == cores and result["threads_beyond_cores"] == [cores + 1]
    assert f"share this machine's {cores} cores" in run.stderr
    assert result["chunk_bytes"] == 256 << 10
    assert [d["threads"] for d in result["decoder"]] == [1, cores + 1]
    assert set(result["costs"]["per_chunk"]) == {"decode_ms", "handle_ms", "merge_ms", "insertion_ms"}
    assert [(p["threads"], p["cores"]) for p in result["projection"]] == [(16, 16), (64, 64)]
    assert all(0 < p["efficiency"] <= 1 for p in result["projection"])


def test_corrupt_packet_is_one_clear_error_naming_file_and_offset(tmp_path):
    trace = tmp_path / "damaged"
    trace.mkdir()
    packed = FIXTURES / "perf-multi-packet"
    shutil.copy(packed / "metadata", trace / "metadata")
    for name in ("perf_stream_0", "perf_stream_1"):
        (trace / name).write_bytes(gzip.decompress((packed / f"{name}.gz").read_bytes()))
    stream = bytearray((trace / "perf_stream_1").read_bytes())
    second_packet = stream.index(bytes.fromhex("c11ffcc1"), 4)
    middle = second_packet + (len(stream) - second_packet) // 2
    stream[middle:middle + 4096] = b"\xff" * 4096
    (trace / "perf_stream_1").write_bytes(bytes(stream))
    run = sextant("analyze", "--analysis", "io", str(trace))
    assert run.returncode == 2
    assert f"sextant: error: {trace / 'perf_stream_1'} at offset " in run.stderr
    assert "Exception" not in run.stderr
    # Progress lines aside ("[sextant] ..."), the error is the one line.
    assert [line for line in run.stderr.splitlines() if not line.startswith("[sextant]")] == [
        line for line in run.stderr.splitlines() if line.startswith("sextant: error: ")], run.stderr


CALLPATHS = FIXTURES / "callgrind-callpaths"
PT = FIXTURES / "intel-pt"


def test_callstack_analysis_of_a_callgrind_run():
    run = sextant("analyze", "--analysis", "callstack", "--json", str(CALLPATHS / "base.callgrind"))
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)["traces"][0]
    assert result["trace_type"] == "org.sextant.callstack.core.profile"
    assert result["format"] == "callgrind"
    assert result["instructions"]["total"] == 129422  # callgrind's "totals:" line
    assert result["instructions"]["costliest_paths"][0]["path"].endswith(";main;run;parse")


def test_timed_profiles_offer_the_flame_chart_and_untimed_ones_do_not():
    timed = json.loads(sextant("status", str(PT / "perf-script-branches.txt")).stdout)
    assert timed["trace_type"] == "org.sextant.callstack.core.timedprofile"
    assert "org.sextant.callstack.core.flamechart" in timed["trace_analyses"]
    untimed = json.loads(sextant("status", str(CALLPATHS / "base.callgrind")).stdout)
    assert untimed["trace_type"] == "org.sextant.callstack.core.profile"
    assert "org.sextant.callstack.core.flamechart" not in untimed["trace_analyses"]


def test_callstack_delta_profile_with_a_chosen_pattern():
    sample = str(PT / "perf-script-insn-trace.txt")
    default = json.loads(sextant("analyze", "--analysis", "callstack", "--json", sample).stdout)["traces"][0]
    assert default["delta_profile"]["sections"] == 2  # pushfq..popfq and cli..sti
    run = sextant("analyze", "--analysis", "callstack", "--json", "--pattern", "cli:sti", sample)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["traces"][0]["delta_profile"]["sections"] == 1


def test_callstack_matched_pairs_abandon_the_cli_a_popf_undoes():
    run = sextant("analyze", "--analysis", "callstack", "--json", "--pattern", "match", str(PT / "perf-script-insn-trace.txt"))
    assert run.returncode == 0, run.stderr
    deltas = json.loads(run.stdout)["traces"][0]["delta_profile"]
    assert (deltas["sections"], deltas["abandoned"], deltas["unmatched_ends"]) == (2, 1, 1)


def test_callstack_syscall_latency_per_call_site():
    # worked out by hand: tests/fixtures/CATALOGUE.md, intel-pt
    run = sextant("analyze", "--analysis", "callstack", "--json", str(PT / "perf-script-syscalls.txt"))
    assert run.returncode == 0, run.stderr
    latency = json.loads(run.stdout)["traces"][0]["syscall_latency"]
    assert (latency["calls"], latency["unfinished"], latency["total_ns"]) == (5, 2, 70_000)
    write, read = latency["sites"]
    assert write == {"site": "__GI___libc_write+0x14", "count": 4, "min_ns": 4_000, "median_ns": 6_000, "p99_ns": 50_000,
                     "max_ns": 50_000, "total_ns": 68_000}
    assert (read["site"], read["count"], read["median_ns"]) == ("__GI___libc_read+0x12", 1, 2_000)


def test_bad_pattern_and_bad_profile_lines_are_one_clear_error(tmp_path):
    run = sextant("analyze", "--analysis", "callstack", "--pattern", "cli", str(PT / "perf-script-insn-trace.txt"))
    assert run.returncode == 2
    assert "sextant: error: --pattern: a pattern is START,...:END,..." in run.stderr
    cut = tmp_path / "cut.txt"
    lines = (PT / "perf-script-branches.txt").read_text().splitlines()
    cut.write_text("\n".join(lines[:2] + [lines[2][:40]]) + "\n")
    run = sextant("analyze", "--analysis", "callstack", str(cut))
    assert run.returncode == 2
    assert f"{cut} line 3: not a perf script sample" in run.stderr
    assert "Exception" not in run.stderr


def test_bench_of_a_perf_script_counts_the_parsing_threads_cpu():
    # The reader parses on two threads of its own: the run's CPU time is the process's, the calling thread's beside it.
    script = PT / "perf-script-branches.txt"
    run = sextant("bench", "--analysis", "callstack", "--json", str(script))
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    [read] = result["runs"]
    assert read["mode"] == "read perf_script"
    # the calling thread and, on more than one core, the two parsing threads
    assert read["threads"] == (3 if os.cpu_count() > 1 else 1)
    assert read["events"] == len(script.read_bytes().splitlines())
    # The process's time is read in ticks of 10 ms, the thread's in nanoseconds.
    assert 0 <= read["reader_cpu_seconds"] <= read["cpu_seconds"] + 0.01
    assert result["file_bytes"] == script.stat().st_size and result["call_paths"] > 1


VARIETY = FIXTURES / "callgrind-variety"


def test_callstack_functions_and_both_declared_totals():
    run = sextant("analyze", "--analysis", "callstack", "--json", "--top", "3", str(VARIETY / "threads-instr.callgrind"))
    assert run.returncode == 0, run.stderr
    instructions = json.loads(run.stdout)["traces"][0]["instructions"]
    # callgrind wrote its summary 2 above its totals: both are said, and the one the tree adds up to
    assert instructions["declared"] == {"summary": 1933436, "totals": 1933434, "tree_equals": "totals"}
    assert instructions["total"] == 1933434
    assert [f["function"] for f in instructions["top_inclusive"]] == ["clone", "start_thread", "worker"]
    assert instructions["top_inclusive"][2]["callers"] == [
        {"function": "start_thread", "cost": 1800069, "percent": 100.0, "calls": 3}]
    assert len(instructions["top_self"]) == 3


def test_callstack_baseline_prints_what_changed():
    base, extra = str(VARIETY / "callpaths-base.callgrind"), str(VARIETY / "callpaths-extra.callgrind")
    run = sextant("analyze", "--analysis", "callstack", "--json", "--baseline", base, extra)
    assert run.returncode == 0, run.stderr
    changes = json.loads(run.stdout)["traces"][0]["baseline"]["instructions"]
    assert changes["total"] == {"before": 251923, "after": 274523, "delta": 22600, "ratio": 1.0897}
    checksum = next(f for f in changes["functions"] if f["function"] == "checksum")
    assert checksum["change"] == "appeared" and checksum["inclusive_after"] == 22200  # calls=100, CATALOGUE.md
    assert changes["paths_appeared"] == 1 and changes["paths_vanished"] == 0
    text = sextant("analyze", "--analysis", "callstack", "--top", "2", "--baseline", base, extra)
    assert text.returncode == 0, text.stderr
    assert "baseline:\n" in text.stdout and "change: grew" in text.stdout


def test_top_and_baseline_are_checked():
    run = sextant("analyze", "--analysis", "callstack", "--top", "none", str(VARIETY / "recursion.callgrind"))
    assert run.returncode == 2
    assert "sextant: error: --top needs a positive whole number, not 'none'" in run.stderr
    missing = VARIETY / "missing.callgrind"
    run = sextant("analyze", "--analysis", "callstack", "--baseline", str(missing), str(VARIETY / "recursion.callgrind"))
    assert run.returncode == 2
    assert f"{missing}: not a file" in run.stderr
    assert "Exception" not in run.stderr


REDIS_SINGLE = FIXTURES / "redis-single"


def test_redis_analysis_of_a_recording_counts_what_babeltrace_counts():
    run = sextant("analyze", "--analysis", "redis", "--json", str(REDIS_SINGLE))
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)["traces"][0]
    assert result["trace_type"] == "org.sextant.ctf.core.experiment"  # the recording's directory, indexed by the codec
    [node] = result["nodes"]
    assert node["address"] == "127.0.0.1:7210"
    # babeltrace2: 7 redis:new_connection, call_command_start per command (CATALOGUE.md)
    assert node["connections"] == {"client": 7}
    assert node["requests"] == {"config": 2, "get": 200, "ping": 1, "set": 200, "shutdown": 1}
    assert node["requests_by_type"] == {"read": 200, "write": 200, "other": 4}
    assert node["requests_by_data_structure"] == {"string": 400, "other": 4}
    assert set(node["memory"]) == {"query_buffer_max_bytes", "replies_owed_max", "reply_bytes_max"}
    # every request but the shutdown, which gets no reply, has a latency
    assert {command: stats["count"] for command, stats in node["latency_us"].items()} == {"config": 2, "get": 200, "ping": 1, "set": 200}
    assert all(0 < stats["p50"] <= stats["p99"] <= stats["max"] for stats in node["latency_us"].values())
    assert node["bus_messages"] == {"sent": {}, "received": {}}


def test_directory_without_traces_is_one_clear_error(tmp_path):
    run = sextant("analyze", "--analysis", "redis", str(tmp_path))
    assert run.returncode == 2
    assert f"sextant: error: {tmp_path}: neither a trace nor a directory of CTF traces" in run.stderr
    assert "Exception" not in run.stderr


def ftrace_recording(directory, text_only=False):
    """A recording of ./sextant record --ftrace, made of the ftrace-sched-small fixture: DIR/ftrace/trace.dat and trace.txt."""
    (directory / "ftrace").mkdir()
    fixture = FIXTURES / "ftrace-sched-small"
    if not text_only:
        (directory / "ftrace" / "trace.dat").write_bytes(gzip.decompress((fixture / "trace.dat.gz").read_bytes()))
    shutil.copy(fixture / "trace.txt", directory / "ftrace" / "trace.txt")
    return directory


@pytest.mark.parametrize("text_only", [False, True])
def test_an_ftrace_recording_opens_as_its_trace_and_counts_what_trace_cmd_reports(tmp_path, text_only):
    facts = catalogue()
    run = sextant("analyze", "--json", str(ftrace_recording(tmp_path, text_only)))
    assert run.returncode == 0, run.stderr
    trace = json.loads(run.stdout)["traces"][0]
    assert trace["trace"] == str(tmp_path / "ftrace" / ("trace.txt" if text_only else "trace.dat"))
    assert trace["events"] == int(facts["ftrace-sched-small.events"])
    assert trace["per_cpu"] == {"0": int(facts["ftrace-sched-small.events.cpu0"]), "1": int(facts["ftrace-sched-small.events.cpu1"])}
    assert trace["per_type"]["sched_switch"] == int(facts["ftrace-sched-small.type.sched_switch"])


def test_cpu_analysis_of_an_ftrace_recording_is_built_sequentially(tmp_path):
    run = sextant("analyze", "--analysis", "cpu", "--json", str(ftrace_recording(tmp_path) / "ftrace"))
    assert run.returncode == 0, run.stderr
    trace = json.loads(run.stdout)["traces"][0]
    assert trace["trace_type"] == "org.sextant.ftrace.core.dat"
    assert [cpu["cpu"] for cpu in trace["cpus"]] == [0, 1]
    assert trace["build"] == "sequential, 1 chunk"


def test_a_compressed_trace_cmd_file_is_refused_with_the_way_to_uncompress_it():
    run = sextant("analyze", str(FIXTURES / "ftrace-lost" / "compressed-head.dat"))
    assert run.returncode == 2
    assert "at offset 18: the file is compressed (zstd)" in run.stderr
    assert "trace-cmd convert --compression none" in run.stderr
    assert "Exception" not in run.stderr
