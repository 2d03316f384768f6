# SPDX-License-Identifier: EPL-2.0
"""The docs' checks, run with the installation tier: docs/usage.md is exactly what `./sextant help` prints, and every
relative link of the README and docs/ resolves, anchors included."""

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def check(*command):
    return subprocess.run([str(ROOT / "tools" / command[0]), *command[1:]], capture_output=True, text=True,
                          timeout=120, check=False)


def test_the_usage_page_is_the_launchers_help():
    run = check("check-usage.sh")
    assert run.returncode == 0, run.stdout + run.stderr


def test_every_relative_link_of_the_docs_resolves():
    run = check("check-links.py")
    assert run.returncode == 0, run.stdout + run.stderr
