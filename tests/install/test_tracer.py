# SPDX-License-Identifier: EPL-2.0
"""The tracer's C parsers: Redis requests and bus messages (tracers/redis/test_parse.c) and HTTP/1.1 messages
(test_http.c), cut at every byte, then 20,000 mutants each under the sanitizers (fuzz_parsers.c)."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler")
def test_tracer_parsers(tmp_path):
    run = subprocess.run(["make", "-s", "-C", str(ROOT / "tracers" / "redis"), "test", f"O={tmp_path}"],
                         capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "parser tests passed" in run.stdout
    assert "http parser tests passed" in run.stdout
    for parser in ("http", "resp", "reply", "bus"):
        assert f"[fuzz] tracer-{parser}: 20000 mutants from seed 1, 0 invariant violations" in run.stdout
