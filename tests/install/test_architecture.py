# SPDX-License-Identifier: EPL-2.0
"""The layering of docs/architecture.md, checked on the bundles' manifests and the model bundles' sources: no
family requires another family's bundles but through the shared layers, model bundles require only model
bundles and import nothing of Eclipse or OSGi, core bundles require no ui bundle."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bundles_keep_the_layering():
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "bundle-graph.py")], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith("ok: ")


def test_the_architecture_page_draws_the_bundles_as_they_are():
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "bundle-graph.py"), "--mermaid"], capture_output=True, text=True, check=True)
    assert run.stdout.strip() in (ROOT / "docs" / "architecture.md").read_text(), "regenerate the graph: tools/bundle-graph.py --mermaid"


def test_every_class_the_families_table_names_exists():
    page = (ROOT / "docs" / "architecture.md").read_text()
    table = page[page.index("## The families"):page.index("## Shared layers")]
    named = set(re.findall(r"`([A-Z][A-Za-z0-9]+)`", table))
    assert len(named) > 40, "the table names each family's classes"
    sources = {path.stem for path in (ROOT / "bundles").rglob("*.java")}
    assert sorted(named - sources) == []
