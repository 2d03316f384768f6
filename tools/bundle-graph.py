#!/usr/bin/env python3
# SPDX-License-Identifier: EPL-2.0
"""The bundles of Sextant and what each requires, checked against the layering rules of docs/architecture.md,
and drawn as a Mermaid graph for that page.

    tools/bundle-graph.py            check; print the violations (exit 1) or "ok"
    tools/bundle-graph.py --mermaid  print the graph

Rules:
- a family's bundles require no other family's bundles, only the shared layers: common (state interface,
  generic providers and views, opening traces, the summary and benchmark contribution API), ctf (the codec),
  ftrace (the ftrace reader and its trace types), otf2 (the OTF2 reader, which the time-series export reads
  archives with) and parallel (the history engine and the builders the analyses plug into);
- no bundle requires a front end (headless, the command line; server, the trace server): front ends call the
  engine and the families' contributions, never the other way;
- the engine bundle (parallel.engine) requires only model bundles and Trace Compass's state-system library, so
  that a plain JVM builds histories with it;
- the common bundles hold no family's classes: no type named after a family (Redis..., Spans...);
- a family may require the core bundle of a family whose typed API it reads, where TYPED_APIS declares it
  (spans join their Redis commands through the Redis latency module's requests): a declared dependency, never
  one through display labels or parsed strings;
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
SHARED = {"common", "ctf", "ftrace", "otf2", "parallel"}
# Front ends: they call the engine and the families, and no bundle requires them.
FRONT_ENDS = {"headless", "server"}
# What the engine may require besides model bundles: Trace Compass's state-system library and what it stands on.
ENGINE_PLATFORM = {"org.eclipse.tracecompass.statesystem.core", "org.eclipse.tracecompass.datastore.core", "org.eclipse.jdt.annotation"}
# Family -> the families whose core bundle's typed API it reads.
TYPED_APIS = {"spans": {"redis"}}
# Families that export what other families model, and may read those families' model and core bundles.
EXPORTERS = {"timeseries"}
# Types in common bundles named after a family that are no family's classes: CountableTrace is the marker by which
# any trace type (OTF2's, for one) opts in to the event count without requiring the count's bundles.
FAMILY_CONTRACTS = {"CountableTrace"}
# Bundles that are no family's and ship in no feature: development tools.
TOOLS = {"org.sextant.fuzz.model"}


def requirements(text):
    """Every bundle a manifest's Require-Bundle names."""
    # Manifest continuation lines start with one space.
    text = re.sub(r"\r?\n ", "", text)
    required = re.search(r"^Require-Bundle:\s*(.*)$", text, re.M)
    # Version ranges hold commas too: drop quoted attribute values before splitting.
    return re.findall(r"(?:^|,)\s*([A-Za-z_][\w.]*)", re.sub(r'"[^"]*"', '""', required.group(1))) if required else []


def manifests():
    """Symbolic name -> required Sextant bundles, for every bundle under bundles/."""
    bundles = {}
    for manifest in sorted(ROOT.glob("bundles/*/META-INF/MANIFEST.MF")):
        text = re.sub(r"\r?\n ", "", manifest.read_text())
        name = re.search(r"^Bundle-SymbolicName:\s*([\w.]+)", text, re.M).group(1)
        bundles[name] = sorted({r for r in requirements(text) if r.startswith("org.sextant.")})
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
            exported = exported or (family(other) in TYPED_APIS.get(family(bundle), ()) and layer(other) == "core")
            if family(other) != family(bundle) and family(other) not in SHARED and not exported:
                found.append(f"{bundle} requires {other}, a bundle of another family")
            if layer(bundle) == "model" and layer(other) != "model":
                found.append(f"{bundle} is a model bundle but requires {other}")
            if layer(bundle) == "core" and layer(other) == "ui":
                found.append(f"{bundle} is a core bundle but requires {other}")
            if family(other) in FRONT_ENDS and family(other) != family(bundle):
                found.append(f"{bundle} requires {other}, a front end")
        if layer(bundle) == "engine":
            manifest = (ROOT / "bundles" / bundle / "META-INF" / "MANIFEST.MF").read_text()
            for other in requirements(manifest):
                if not (other in ENGINE_PLATFORM or layer(other) == "model"):
                    found.append(f"{bundle} is the engine but requires {other}")
        if family(bundle) == "common":
            families = {family(b) for b in bundles} - SHARED - FRONT_ENDS
            for source in sorted((ROOT / "bundles" / bundle).rglob("*.java")):
                if source.stem not in FAMILY_CONTRACTS and any(source.stem.lower().startswith(f) for f in families):
                    found.append(f"{source.relative_to(ROOT)}: a common bundle holds a class of a family")
        if layer(bundle) == "model":
            directory = ROOT / "bundles" / bundle / "src" / "main"
            for source in sorted(directory.rglob("*.java")):
                for number, line in enumerate(source.read_text().splitlines(), 1):
                    if re.match(r"import\s+(static\s+)?org\.(eclipse|osgi)\.", line):
                        found.append(f"{source.relative_to(ROOT)}:{number}: a model bundle imports {line.split()[-1]}")
    return found


def mermaid(bundles):
    lines = ["flowchart BT"]
    for group in ["common", "ctf", "ftrace", "otf2", "parallel"] + sorted({family(b) for b in bundles} - SHARED):
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
