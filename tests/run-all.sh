#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Everything CI checks (./sextant test): the three test tiers of the Maven build under Xvfb (plain JUnit 5 for
# model bundles, OSGi tests on the Trace Compass runtime, UI tests in the workbench), then the installation tier
# (Trace Compass with Sextant installed from the update site, driven through ./sextant). Installs the OS
# packages it needs when run as root.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=$ROOT/.test-run   # not target/: the root build's clean removes that
mkdir -p "$OUT"

say() { echo "[sextant test] $*"; }

need_packages() {
    local missing=()
    command -v xvfb-run >/dev/null || missing+=(xvfb)
    command -v xauth >/dev/null || missing+=(xauth)
    [ -e /usr/lib/x86_64-linux-gnu/libgtk-3.so.0 ] || missing+=(libgtk-3-0)
    python3 -c 'import pytest' 2>/dev/null || missing+=(python3-pytest)
    # the trace server's proof client (tests/server) runs under Node (20 on this project's machines)
    command -v npm >/dev/null || missing+=(nodejs npm)
    # the time-series export's tests start their own InfluxDB 1.x
    command -v influxd >/dev/null || missing+=(influxdb)
    # the live recordings of the installation tier (the tracer built and preloaded into real Redis nodes and Node
    # services, ftrace with an annotated program): installed when root, so that a fresh machine proves as much as
    # the one they were written on; without root, the tests that need them say so and are skipped
    local live=()
    command -v cc >/dev/null && command -v g++ >/dev/null && command -v make >/dev/null || live+=(gcc g++ make)
    command -v lttng >/dev/null || live+=(lttng-tools)
    echo "#include <lttng/tracepoint.h>" | cc -E - >/dev/null 2>&1 || live+=(liblttng-ust-dev)
    command -v babeltrace2 >/dev/null || live+=(babeltrace2)
    command -v redis-server >/dev/null || live+=(redis-server)
    command -v redis-benchmark >/dev/null || live+=(redis-tools)
    command -v openssl >/dev/null || live+=(openssl)
    command -v trace-cmd >/dev/null || live+=(trace-cmd)
    command -v valgrind >/dev/null || live+=(valgrind)
    if [ "$(id -u)" -ne 0 ]; then
        [ ${#live[@]} -eq 0 ] || say "not root: the live recordings that need ${live[*]} will be skipped"
        live=()
    fi
    missing+=("${live[@]}")
    [ ${#missing[@]} -eq 0 ] && return
    if [ "$(id -u)" -ne 0 ]; then
        echo "sextant: error: missing OS packages: ${missing[*]} (install them, or run as root)" >&2
        exit 2
    fi
    say "installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

need_packages
# the ftrace recordings of the installation tier need tracefs, which a fresh boot may not have mounted yet
if [ "$(id -u)" -eq 0 ] && [ ! -d /sys/kernel/tracing/instances ]; then
    mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null || say "tracefs could not be mounted: the ftrace recordings will be skipped"
fi
PLATFORM=$(python3 "$ROOT/releng/platform/bootstrap.py")

say "tiers 1-3: Maven build with plain, OSGi and UI tests (log: $OUT/maven.log)"
set +e
xvfb-run -a -s "-screen 0 1600x1000x24" "$ROOT/mvnw" -B -Dsextant.platform="$PLATFORM" clean verify >"$OUT/maven.log" 2>&1
maven_rc=$?
set -e
grep -E '^\[INFO\] Tests run:|^Tests run:|\[ERROR\]|FAIL|BUILD (SUCCESS|FAILURE)' "$OUT/maven.log" | grep -v 'Resolving' || true
if [ $maven_rc -ne 0 ]; then
    echo "sextant: error: the Maven build failed; see $OUT/maven.log" >&2
    exit $maven_rc
fi

# The cluster job (cluster/, plain Maven, outside the reactor: it packs the bundles the build above made): Spark in
# local mode, and a real standalone master with two workers on 127.0.0.1 (with an HDFS, Hadoop's MiniDFSCluster, for
# traces read through Hadoop's FileSystem), two minutes or so; with S3 too (a SeaweedFS server and Hadoop's S3A, 280 MB
# from Maven Central once) when SEXTANT_WEED names SeaweedFS's weed binary (docs/scale-out.md), skipped otherwise.
say "cluster job: local mode and a standalone cluster${SEXTANT_WEED:+, S3} (log: $OUT/cluster.log)"
[ -n "${SEXTANT_WEED:-}" ] || say "S3ClusterIT not run: no SeaweedFS server binary here (SEXTANT_WEED=PATH runs it; docs/scale-out.md says how to build one)"
set +e
"$ROOT/mvnw" -B -f "$ROOT/cluster/pom.xml" -Dsextant.platform="$PLATFORM" ${SEXTANT_WEED:+-Dsextant.weed="$SEXTANT_WEED"} clean verify \
    >"$OUT/cluster.log" 2>&1
cluster_rc=$?
set -e
grep -E '^\[INFO\] Tests run:|^\[ERROR\] Tests run:|BUILD (SUCCESS|FAILURE)' "$OUT/cluster.log" || true
if [ $cluster_rc -ne 0 ]; then
    echo "sextant: error: the cluster job's tests failed; see $OUT/cluster.log" >&2
    exit $cluster_rc
fi

say "tier 4: installation from the update site, through ./sextant"
export SEXTANT_HOME=$OUT/home
rm -rf "$SEXTANT_HOME"
mkdir -p "$SEXTANT_HOME"
touch "$SEXTANT_HOME/build.stamp"   # the build above produced the product and the update site
set +e
python3 -m pytest -q -p no:cacheprovider "$ROOT/tests/install" | tee "$OUT/install.log"
install_rc=${PIPESTATUS[0]}
set -e

# One closing line over all tiers.
read -r run failed skipped < <(grep -hE '^(\[INFO\] )?Tests run: [0-9]+, Failures: [0-9]+, Errors: [0-9]+, Skipped: [0-9]+$' "$OUT/maven.log" "$OUT/cluster.log" \
    | sed -E 's/.*Tests run: ([0-9]+), Failures: ([0-9]+), Errors: ([0-9]+), Skipped: ([0-9]+)/\1 \2 \3 \4/' \
    | awk '{r+=$1; f+=$2+$3; s+=$4} END {print r+0, f+0, s+0}')
install_passed=$(grep -oE '[0-9]+ passed' "$OUT/install.log" | tail -n 1 | cut -d' ' -f1 || true)
install_failed=$(grep -oE '[0-9]+ failed' "$OUT/install.log" | tail -n 1 | cut -d' ' -f1 || true)
install_skipped=$(grep -oE '[0-9]+ skipped' "$OUT/install.log" | tail -n 1 | cut -d' ' -f1 || true)
echo "tests: $((run - failed - skipped + ${install_passed:-0})) passed, $((failed + ${install_failed:-0})) failed, $((skipped + ${install_skipped:-0})) skipped"
exit $install_rc
