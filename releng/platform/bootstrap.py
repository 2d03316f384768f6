#!/usr/bin/env python3
# SPDX-License-Identifier: EPL-2.0
"""Lays out the Trace Compass 6.2.0 target platform from Debian bullseye packages.

Trace Compass is not on Maven Central; Debian bullseye's eclipse-tracecompass 6.2.0 (Eclipse 4.18) is the
only copy these machines can reach. This script resolves its dependency closure with a private apt state
(never the host's sources or dpkg status), downloads the packages that can carry OSGi bundles, verifies
their SHA-256 sums, and lays out one flat directory of bundles (one per bundle id) plus the SWT and
launcher JNI libraries:

    <cache>/tracecompass-6.2.0/plugins/   OSGi bundles, named <id>_<version>.jar (or directories)
    <cache>/tracecompass-6.2.0/natives/   libswt-*.so and the launcher library
    <cache>/tracecompass-6.2.0/bundles.tsv  id, version, origin package, origin path

The result is cached and reused (a stamp file marks a complete layout). When the Debian mirror no longer
serves bullseye, the verified copy in ../shared/platform/bullseye-debs is used instead.
"""

import argparse
import concurrent.futures
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.request
import zipfile
from pathlib import Path

LAYOUT_VERSION = "2"  # bump when the layout below changes, so caches are rebuilt
PLATFORM_NAME = "tracecompass-6.2.0"
MIRROR = os.environ.get("SEXTANT_DEBIAN_MIRROR", "http://deb.debian.org/debian")
KEYRING = "/usr/share/keyrings/debian-archive-keyring.gpg"

# Trace Compass itself, the SWT natives, and the p2 director application with the pieces it needs to
# install features into a product (Debian packages these apart from eclipse-tracecompass).
ROOT_PACKAGES = [
    "eclipse-tracecompass",
    "libswt-gtk-4-jni",
    "libswt-cairo-gtk-4-jni",
    "libequinox-executable-jni",
    "libequinox-p2-director-app-java",
    "libequinox-p2-touchpoint-eclipse-java",
    "libequinox-p2-touchpoint-natives-java",
    "libequinox-p2-garbagecollector-java",
    "libequinox-frameworkadmin-java",
    "libequinox-frameworkadmin-equinox-java",
    "libequinox-simpleconfigurator-manipulator-java",
    "libequinox-p2-publisher-java",
    "libequinox-p2-publisher-eclipse-java",
]


class BootstrapError(Exception):
    """A failure the user can act on; printed without a traceback."""


def log(message):
    print(f"[platform] {message}", file=sys.stderr, flush=True)


# Packages that hold bundles but do not follow Debian's -java naming (sat4j is the p2 director's solver).
UNCONVENTIONAL_JAVA_PACKAGES = {"sat4j"}


def may_carry_bundles(package):
    """Only Java, JNI and Eclipse packages can hold OSGi bundles or their natives; skipping the rest of the
    closure (libc, GTK, the JDK, ...) saves about 150 MB of downloads."""
    return (package.endswith(("-java", "-jni")) or package.startswith("eclipse-")
            or package in UNCONVENTIONAL_JAVA_PACKAGES)


# --- fetching ------------------------------------------------------------------------------------------

def apt_options(state):
    for sub in ("lists/partial", "cache", "archives/partial", "parts", "log"):
        (state / sub).mkdir(parents=True, exist_ok=True)
    (state / "status").write_text("")  # empty: resolve the full closure whatever the host has installed
    (state / "sources.list").write_text(f"deb [signed-by={KEYRING}] {MIRROR} bullseye main\n")
    settings = {
        "Dir::State": state,
        "Dir::State::lists": state / "lists",
        "Dir::State::status": state / "status",
        "Dir::Cache": state / "cache",
        "Dir::Cache::archives": state / "archives",
        "Dir::Etc::SourceList": state / "sources.list",
        "Dir::Etc::SourceParts": state / "parts",
        "Dir::Etc::Preferences": state / "status",
        "Dir::Etc::PreferencesParts": state / "parts",
        "Dir::Log": state / "log",
        "APT::Architecture": "amd64",
        "APT::Architectures::": "amd64",
        "APT::Install-Recommends": "false",
        "APT::Sandbox::User": "root",
        "Acquire::Languages": "none",
        "Debug::NoLocking": "true",
    }
    options = []
    for key, value in settings.items():
        options += ["-o", f"{key}={value}"]
    return options


def resolve_closure(state):
    """Returns [(package, url, size, sha256)] for the packages of the closure that may carry bundles."""
    options = apt_options(state)
    run(["apt-get", *options, "-q", "update"], "apt-get update against the bullseye suite")
    out = run(["apt-get", *options, "-y", "--print-uris", "install", *ROOT_PACKAGES],
              "resolving the eclipse-tracecompass closure")
    uris = re.findall(r"^'(\S+)' (\S+) (\d+) ", out, re.MULTILINE)
    if not uris:
        raise BootstrapError("apt resolved no packages for eclipse-tracecompass from bullseye")
    wanted = [(f.split("_")[0], url, int(size), f) for url, f, size in uris if may_carry_bundles(f.split("_")[0])]
    # --print-uris names only an MD5 sum; take SHA-256 from the signed package index instead.
    index = run(["apt-cache", *options, "show", *(w[0] + "=" + w[3].split("_")[1].replace("%3a", ":") for w in wanted)],
                "reading package checksums")
    sums = dict(re.findall(r"^Filename: \S*/(\S+)\n(?:.*\n)*?SHA256: ([0-9a-f]{64})$", index, re.MULTILINE))
    missing = [w[3] for w in wanted if w[3] not in sums]
    if missing:
        raise BootstrapError(f"no SHA-256 in the package index for {', '.join(missing[:5])}")
    closure = uris
    log(f"closure: {len(closure)} packages, {len(wanted)} may carry bundles "
        f"({sum(w[2] for w in wanted) / 1e6:.0f} MB to download)")
    return [(package, url, size, sums[filename], filename) for package, url, size, filename in wanted]


def download(entries, dest):
    dest.mkdir(parents=True, exist_ok=True)

    def fetch(entry):
        _, url, size, sha, filename = entry
        target = dest / filename
        if not (target.exists() and sha256(target) == sha):
            part = target.with_suffix(".part")
            with urllib.request.urlopen(url, timeout=60) as response, open(part, "wb") as out:
                shutil.copyfileobj(response, out)
            if sha256(part) != sha:
                part.unlink()
                raise BootstrapError(f"checksum mismatch for {url}")
            part.rename(target)
        return target

    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        return list(pool.map(fetch, entries))


def fallback_debs(shared):
    sums_file = shared / "SHA256SUMS"
    if not sums_file.is_file():
        raise BootstrapError(f"no fallback platform copy at {shared} (expected SHA256SUMS and bullseye-debs/)")
    debs = []
    for line in sums_file.read_text().splitlines():
        if not line.strip():
            continue
        sha, name = line.split(maxsplit=1)
        path = shared / "bullseye-debs" / name.lstrip("*")
        if not path.is_file() or sha256(path) != sha:
            raise BootstrapError(f"fallback package {path} is missing or does not match SHA256SUMS")
        if path.suffix == ".deb":
            debs.append(path)
    log(f"using the verified fallback copy: {len(debs)} packages from {shared}")
    return debs


def fetch_debs(work, shared, offline):
    if not offline:
        try:
            entries = resolve_closure(work / "apt")
            return download(entries, work / "debs")
        except (BootstrapError, OSError) as problem:
            log(f"the Debian mirror {MIRROR} could not serve bullseye: {problem}")
    try:
        return fallback_debs(shared)
    except BootstrapError as problem:
        raise BootstrapError(f"neither the Debian mirror ({MIRROR}, suite bullseye) nor the fallback copy "
                             f"could provide the platform: {problem}") from None


# --- layout --------------------------------------------------------------------------------------------

def read_manifest(text):
    """Parses a JAR manifest's main section (72-column continuation lines joined)."""
    headers, last = {}, None
    for line in text.replace("\r\n", "\n").split("\n"):
        if not line:
            if headers:
                break
            continue
        if line.startswith(" ") and last:
            headers[last] += line[1:]
        elif ":" in line:
            last, value = line.split(":", 1)
            headers[last] = value.strip()
    return headers


def bundle_identity(headers):
    name = headers.get("Bundle-SymbolicName")
    if not name:
        return None
    return name.split(";")[0].strip(), headers.get("Bundle-Version", "0.0.0").strip()


def inside(root, path):
    """Resolves a path of the extracted tree, following absolute symlinks as the installed system would."""
    seen = 0
    while path.is_symlink():
        seen += 1
        if seen > 40:
            return None
        link = os.readlink(path)
        path = root / link.lstrip("/") if link.startswith("/") else path.parent / link
        path = Path(os.path.normpath(path))
    return path if path.exists() else None


def version_key(version):
    return [int(p) if p.isdigit() else -1 for p in version.split(".")[:3]] + [version]


def find_bundles(root):
    """Yields (id, version, real path, path as installed) for every jar or directory bundle in the tree."""
    for dirpath, dirnames, filenames in os.walk(root):
        here = Path(dirpath)
        for name in filenames:
            if not name.endswith(".jar"):
                continue
            real = inside(root, here / name)
            if real is None or not real.is_file():
                continue
            try:
                with zipfile.ZipFile(real) as jar:
                    identity = bundle_identity(read_manifest(jar.read("META-INF/MANIFEST.MF").decode("utf-8", "replace")))
            except (KeyError, zipfile.BadZipFile):
                continue
            if identity:
                yield identity + (real, "/" + str((here / name).relative_to(root)))
        if here.parent.name == "plugins":
            manifest = here / "META-INF" / "MANIFEST.MF"
            if manifest.is_file():
                identity = bundle_identity(read_manifest(manifest.read_text("utf-8", "replace")))
                if identity:
                    dirnames.clear()
                    yield identity + (here, "/" + str(here.relative_to(root)))


def lay_out(debs, staging):
    root = staging / "root"
    root.mkdir(parents=True)
    owners = {}
    for deb in debs:
        run(["dpkg-deb", "-x", str(deb), str(root)], f"extracting {deb.name}")
        for line in run(["dpkg-deb", "-c", str(deb)], f"listing {deb.name}").splitlines():
            path = line.split(None, 5)[5].split(" -> ")[0]
            owners[path.lstrip(".").rstrip("/")] = deb.name.split("_")[0]
    plugins, natives = staging / "plugins", staging / "natives"
    plugins.mkdir()
    natives.mkdir()

    # Debian ships some bundles twice (a jar in /usr/share/java and a copy or link elsewhere, or two
    # versions from two packages); a target platform wants one per id, the newest.
    chosen = {}
    for bundle_id, version, real, installed in find_bundles(root):
        current = chosen.get(bundle_id)
        if current is not None and current[0] != version:
            log(f"{bundle_id}: keeping {max(version, current[0], key=version_key)} over "
                f"{min(version, current[0], key=version_key)}")
        if current is None or version_key(version) > version_key(current[0]):
            chosen[bundle_id] = (version, real, installed)
    rows = []
    for bundle_id, (version, real, installed) in sorted(chosen.items()):
        if real.is_dir():
            shutil.copytree(real, plugins / f"{bundle_id}_{version}")
        else:
            shutil.copyfile(real, plugins / f"{bundle_id}_{version}.jar")
        rows.append(f"{bundle_id}\t{version}\t{owners.get(installed, '?')}\t{installed}")
    (staging / "bundles.tsv").write_text("id\tversion\tpackage\tpath\n" + "\n".join(rows) + "\n")

    jni = root / "usr" / "lib" / "jni"
    for lib in sorted(jni.glob("*.so")) if jni.is_dir() else []:
        real = inside(root, lib)
        if real is not None:
            shutil.copyfile(real, natives / lib.name)
    shutil.rmtree(root)
    packages = len({row.split("\t")[2] for row in rows})
    log(f"laid out {len(rows)} bundles from {packages} packages, {len(list(natives.iterdir()))} native libraries")
    if not any(r.startswith("org.eclipse.core.runtime\t") for r in rows):
        raise BootstrapError("the platform lacks org.eclipse.core.runtime: the package set is incomplete")


# --- helpers -------------------------------------------------------------------------------------------

def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def run(command, what):
    try:
        result = subprocess.run(command, check=False, capture_output=True, text=True)
    except FileNotFoundError:
        raise BootstrapError(f"{what}: the command {command[0]} is not installed") from None
    if result.returncode != 0:
        detail = (result.stderr or result.stdout).strip().splitlines()[-3:]
        raise BootstrapError(f"{what} failed: " + " | ".join(detail))
    return result.stdout


def default_cache():
    base = os.environ.get("SEXTANT_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "sextant")
    return Path(base)


def main():
    repo = Path(__file__).resolve().parents[2]
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cache", type=Path, default=default_cache(), help="cache directory (default %(default)s)")
    parser.add_argument("--shared", type=Path, default=repo.parent / "shared" / "platform",
                        help="fallback copy of the packages (default %(default)s)")
    parser.add_argument("--offline", action="store_true", help="use only the fallback copy")
    args = parser.parse_args()

    target = args.cache / PLATFORM_NAME
    stamp = target / ".complete"
    if stamp.is_file() and stamp.read_text().strip() == LAYOUT_VERSION:
        print(target)
        return 0
    args.cache.mkdir(parents=True, exist_ok=True)
    work = args.cache / "work"
    debs = fetch_debs(work, args.shared, args.offline)
    staging = Path(tempfile.mkdtemp(prefix="platform-", dir=args.cache))
    try:
        lay_out(debs, staging)
        (staging / ".complete").write_text(LAYOUT_VERSION + "\n")
        if target.exists():
            shutil.rmtree(target)
        staging.rename(target)
    finally:
        if staging.exists():
            shutil.rmtree(staging)
    shutil.rmtree(work, ignore_errors=True)  # the downloaded packages are not needed once laid out
    log(f"platform ready at {target}")
    print(target)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BootstrapError as error:
        log(f"error: {error}")
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
