# SPDX-License-Identifier: EPL-2.0
"""The p2 director example of docs/install.md, run as written: its command is taken from the page, pointed at a fresh
copy of the built product and at the built update site, and must install every feature the launcher installs (and
the features those require). So the page cannot drift from the launcher's FEATURES or from the update site.

SEXTANT_PRODUCT and SEXTANT_UPDATE_SITE override where the built product and update site are read from (both are
only read: the product is copied first)."""

import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "install.md"
PRODUCT = Path(os.environ.get("SEXTANT_PRODUCT", ROOT / "rcp" / "org.sextant.product" / "target" / "products"
                              / "org.sextant.tracecompass" / "linux" / "gtk" / "x86_64"))
UPDATE_SITE = Path(os.environ.get("SEXTANT_UPDATE_SITE", ROOT / "releng" / "org.sextant.update" / "target" / "repository"))
# The page's placeholders, replaced by the real paths.
SITE_PLACEHOLDER = "/path/to/sextant/releng/org.sextant.update/target/repository"
DESTINATION_PLACEHOLDER = "/path/to/tracecompass"


def director_command():
    """The page's one shell block that runs the p2 director, as an argument list."""
    blocks = re.findall(r"```sh\n(.*?)```", PAGE.read_text(), re.S)
    [block] = [b for b in blocks if "org.eclipse.equinox.p2.director" in b]
    return shlex.split(block.replace("\\\n", " "))


def launcher_features():
    [line] = [line for line in (ROOT / "sextant").read_text().splitlines() if line.startswith("FEATURES=")]
    return line.split("=", 1)[1].split(",")


def option(args, name):
    values = [args[i + 1] for i, arg in enumerate(args) if arg == name]
    assert len(values) == 1, f"{name} given {len(values)} times in docs/install.md"
    return values[0]


def test_the_example_installs_what_the_launcher_installs():
    args = director_command()
    assert option(args, "-installIU").split(",") == launcher_features()
    assert option(args, "-repository") == "file:" + SITE_PLACEHOLDER
    assert option(args, "-destination") == DESTINATION_PLACEHOLDER


def test_the_example_installs_every_feature_into_a_copy_of_the_product(tmp_path):
    if not (PRODUCT / "plugins").is_dir() or not (UPDATE_SITE / "content.jar").is_file():
        pytest.skip(f"no built product in {PRODUCT} or update site in {UPDATE_SITE}: run ./sextant build")
    tracecompass = tmp_path / "tracecompass"
    shutil.copytree(PRODUCT, tracecompass, symlinks=True)
    args = [arg.replace(SITE_PLACEHOLDER, str(UPDATE_SITE)).replace(DESTINATION_PLACEHOLDER, str(tracecompass))
            for arg in director_command()]
    # The page runs it in the Trace Compass directory, where its shell expands the launcher's jar.
    [jar] = [i for i, arg in enumerate(args) if arg.startswith("plugins/org.eclipse.equinox.launcher_")]
    [args[jar]] = [str(path) for path in tracecompass.glob(args[jar])]
    run = subprocess.run(args, cwd=tracecompass, capture_output=True, text=True, timeout=600, check=False)
    assert run.returncode == 0, run.stdout + run.stderr

    roots = subprocess.run(["java", "-jar", args[jar], "-nosplash", "-application", "org.eclipse.equinox.p2.director",
                            "-listInstalledRoots", "-destination", str(tracecompass), "-profile", "DefaultProfile"],
                           cwd=tracecompass, capture_output=True, text=True, timeout=600, check=False)
    assert roots.returncode == 0, roots.stdout + roots.stderr
    installed = {line.split("/")[0] for line in roots.stdout.splitlines() if "/" in line}
    assert set(launcher_features()) <= installed, roots.stdout

    # Every feature of the build is laid out, those the roots require (common, parallel) included.
    families = sorted(path.name for path in (ROOT / "features").iterdir() if (path / "feature.xml").is_file())
    laid_out = {path.name.split("_")[0] for path in (tracecompass / "features").iterdir()}
    assert [family for family in families if family not in laid_out] == []
