#!/usr/bin/env python3
# SPDX-License-Identifier: EPL-2.0
"""The bundles of Sextant and what each requires, checked against the layering rules of docs/architecture.md,
and drawn as a Mermaid graph for that page.

    tools/bundle-graph.py            check; print the violations (exit 1) or "ok"
    tools/bundle-graph.py --mermaid  print the graph

Rules:
- a family's bundles require no other family's bundles, only the shared layers: common (state interface,
  generic providers and views), ctf (the codec), ftrace (the ftrace reader and its trace types), headless (the
  command line), otf2 (the OTF2 reader, which the time-series export reads archives with) and parallel (the
  builder the kernel and count analyses plug into);
- the exporter (timeseries) may also require the model and core bundles of the families whose models it exports
  one point per item (Redis requests, spans), never their ui bundles: it is a sink that no bundle requires, so the
  families stay independent of one another and of it;
- a model bundle requires only model bundles and imports nothing from org.eclipse or org.osgi;
- a core bundle requires no ui bundle.
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = {"common", "ctf", "ftrace", "headless", "otf2", "parallel"}
# Families that export what other families model, and may read those families' model and core bundles.
EXPORTERS = {"timeseries"}
# Bundles that are no family's and ship in no feature: development tools.
TOOLS = {"org.sextant.fuzz.model"}


def manifests():
    """Symbolic name -> required Sextant bundles, for every bundle under bundles/."""
    bundles = {}
    for manifest in sorted(ROOT.glob("bundles/*/META-INF/MANIFEST.MF")):
        text = manifest.read_text()
        # Manifest continuation lines start with one space.
        text = re.sub(r"\r?\n ", "", text)
        name = re.search(r"^Bundle-SymbolicName:\s*([\w.]+)", text, re.M).group(1)
        required = re.search(r"^Require-Bundle:\s*(.*)$", text, re.M)
        names = re.findall(r"(?:^|,)\s*(org\.sextant\.[\w.]+)", required.group(1)) if required else []
        bundles[name] = sorted(set(names))
    return bundles


def family(bundle):
    return bundle.split(".")[2]


def layer(bundle):
    return bundle.split(".")[-1]


def violations(bundles):
    found = []
    for bundle, required in bundles.items():
        if bundle in TOOLS:
            continue
        for other in required:
            exported = family(bundle) in EXPORTERS and layer(other) in ("model", "core")
            if family(other) != family(bundle) and family(other) not in SHARED and not exported:
                found.append(f"{bundle} requires {other}, a bundle of another family")
            if layer(bundle) == "model" and layer(other) != "model":
                found.append(f"{bundle} is a model bundle but requires {other}")
            if layer(bundle) == "core" and layer(other) == "ui":
                found.append(f"{bundle} is a core bundle but requires {other}")
        if layer(bundle) == "model":
            directory = ROOT / "bundles" / bundle / "src" / "main"
            for source in sorted(directory.rglob("*.java")):
                for number, line in enumerate(source.read_text().splitlines(), 1):
                    if re.match(r"import\s+(static\s+)?org\.(eclipse|osgi)\.", line):
                        found.append(f"{source.relative_to(ROOT)}:{number}: a model bundle imports {line.split()[-1]}")
    return found


def mermaid(bundles):
    lines = ["flowchart BT"]
    for group in ["common", "ctf", "ftrace", "otf2", "parallel", "headless"] + sorted({family(b) for b in bundles} - SHARED):
        members = [b for b in bundles if family(b) == group and b not in TOOLS]
        if not members:
            continue
        shared = " (shared)" if group in SHARED else ""
        lines.append(f"  subgraph {group}[\"{group}{shared}\"]")
        lines.extend(f"    {b.replace('.', '_')}[\"{b.removeprefix('org.sextant.')}\"]" for b in members)
        lines.append("  end")
    for bundle, required in bundles.items():
        if bundle in TOOLS:
            continue
        lines.extend(f"  {bundle.replace('.', '_')} --> {other.replace('.', '_')}" for other in required)
    return "\n".join(lines)


def main():
    bundles = manifests()
    if "--mermaid" in sys.argv[1:]:
        print(mermaid(bundles))
        return 0
    found = violations(bundles)
    for violation in found:
        print(violation)
    if not found:
        print(f"ok: {len(bundles)} bundles")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
