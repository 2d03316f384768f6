# SPDX-License-Identifier: EPL-2.0
"""The annotations analysis from the command line, on the OpenMP program's recordings in each syntax (issue 15):
its summary is the golden one (tests/fixtures/golden/annotations-omp-*.json, checked by hand against the
program's own log when they were made: see AnnotationsProofTest for the checks that hold them there)."""

import json
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"


def analyze(*args):
    return subprocess.run([str(ROOT / "sextant"), "analyze", "--analysis", "annotations", *args], capture_output=True, text=True,
                          timeout=600, check=False)


@pytest.mark.parametrize("syntax", ["sextant", "paper", "atrace"])
def test_summary_is_the_golden_one(syntax):
    recording = FIXTURES / f"ftrace-omp-{syntax}"
    run = analyze("--json", str(recording))
    assert run.returncode == 0, run.stderr
    document = json.loads(run.stdout)
    [result] = document["traces"]
    assert result["trace"] == str(recording / "ftrace" / "trace.txt")
    result["trace"] = str((recording / "ftrace" / "trace.txt").relative_to(ROOT))
    assert document == json.loads((FIXTURES / "golden" / f"annotations-omp-{syntax}.json").read_text())


def test_a_trace_without_annotations_says_so():
    run = analyze(str(FIXTURES / "perf-sched-syscalls"))
    assert run.returncode == 2
    assert "the annotations analysis does not apply to this trace" in run.stderr
    assert "Traceback" not in run.stderr and "Exception" not in run.stderr
