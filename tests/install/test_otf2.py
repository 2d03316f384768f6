# SPDX-License-Identifier: EPL-2.0
"""OTF2 in the installed Trace Compass: an archive's anchor file is recognised as an OTF2 trace with the call
stack, the communication and regions analysis and Sextant's event count offered; a damaged archive is no trace."""

import json
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARCHIVE = ROOT / "tests" / "fixtures" / "otf2-mpi-stencil"


def sextant(*args):
    return subprocess.run([str(ROOT / "sextant"), *args], capture_output=True, text=True, timeout=600, check=False)


def test_an_anchor_file_opens_as_an_otf2_trace_with_its_analyses():
    run = sextant("status", str(ARCHIVE / "traces.otf2"))
    assert run.returncode == 0, run.stderr
    status = json.loads(run.stdout)
    assert status["trace_type"] == "org.sextant.otf2.core.trace"
    assert {"org.sextant.otf2.core.callstack", "org.sextant.otf2.core.analysis",
            "org.sextant.count.core.analysis"} <= set(status["trace_analyses"])
    assert {"org.sextant.otf2.model", "org.sextant.otf2.core", "org.sextant.otf2.ui"} <= set(status["bundles"])


def test_a_truncated_archive_is_no_trace_and_no_stack_trace(tmp_path):
    copy = tmp_path / "archive"
    shutil.copytree(ARCHIVE, copy)
    evt = copy / "traces" / "0.evt"
    evt.write_bytes(evt.read_bytes()[:1000])
    run = sextant("status", str(copy / "traces.otf2"))
    assert run.returncode != 0
    assert "traces.otf2" in run.stderr
    assert "Exception" not in run.stderr and "\tat " not in run.stderr


def test_an_archive_directory_is_counted_as_its_anchor_file():
    run = sextant("analyze", "--analysis", "count", "--json", str(ARCHIVE))
    assert run.returncode == 0, run.stderr
    [result] = json.loads(run.stdout)["traces"]
    assert result["trace"] == str(ARCHIVE / "traces.otf2")
    assert result["events"] == 4716   # tests/fixtures/catalogue.properties: otf2-mpi-stencil.events
