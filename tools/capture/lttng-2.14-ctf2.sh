#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records a program with LTTng 2.14 (tools/capture/lttng-2.14-build.sh) in CTF 2 and, in the same run, in
# CTF 1.8: the same events twice, the CTF 1.8 copy being what babeltrace2 2.0 reads to check Sextant's reading of
# the CTF 2 one.
#
#   tools/capture/lttng-2.14-ctf2.sh [--events LIST] [--preload LIB] [--subbuf-size BYTES] OUT_DIR -- COMMAND...
#
# LTTng 2.14 writes CTF 2 only when its session daemon runs with LTTNG_EXPERIMENTAL_FORCE_CTF_2=1 (`lttng create
# --trace-format` came with 2.15), for every session of that daemon. So two 2.14 session daemons run, user space
# only (--no-kernel), and an application registers with both: the CTF 2 one is the system-wide daemon of the 2.14
# build (its run directory /var/run/lttng-2.14, Debian's LTTng untouched), the CTF 1.8 one the application's "home"
# daemon (LTTNG_HOME, whose .lttng directory holds its socket: LTTNG_UST_CTL_PATH). Each has one session with a
# per-process channel of the events LIST (default '*', LTTng-UST's own statedump events aside) and the vpid, vtid
# and procname contexts, as `./sextant record` makes. COMMAND runs with the 2.14 libraries first on its library
# path and LIB preloaded, if given. OUT_DIR/ctf-2 and OUT_DIR/ctf-1.8 then hold the two traces (ust/pid/...).
set -euo pipefail

LTTNG_PREFIX=${LTTNG_PREFIX:-/opt/lttng-2.14}
usage() { echo "usage: $0 [--events LIST] [--preload LIB] [--subbuf-size BYTES] OUT_DIR -- COMMAND..." >&2; exit 2; }
events='*'
preload=
subbuf=262144
while [ $# -gt 0 ] && [[ $1 == --* ]]; do
    case $1 in
        --events) [ $# -ge 2 ] || usage; events=$2; shift 2 ;;
        --preload) [ $# -ge 2 ] || usage; preload=$(realpath "$2"); shift 2 ;;
        --subbuf-size) [ $# -ge 2 ] || usage; subbuf=$2; shift 2 ;;
        *) usage ;;
    esac
done
[ $# -ge 3 ] && [ "$2" = "--" ] || usage
OUT=$(realpath -m "$1")
shift 2
[ -e "$OUT" ] && { echo "error: $OUT exists; choose a new directory" >&2; exit 2; }
[ -x "$LTTNG_PREFIX/bin/lttng-sessiond" ] || { echo "error: no LTTng 2.14 in $LTTNG_PREFIX (tools/capture/lttng-2.14-build.sh)" >&2; exit 2; }
"$LTTNG_PREFIX/bin/lttng" --version | grep -q ' 2\.14\.' || { echo "error: $LTTNG_PREFIX holds no LTTng 2.14" >&2; exit 2; }

tmp=$(mktemp -d /tmp/lttng-2.14-ctf2.XXXXXX)
home=$tmp/home
mkdir -p "$home/.lttng" "$tmp/ctf-1.8-run"
# lttng_ctf2 ARGS / lttng_ctf18 ARGS: the client of each daemon.
lttng_ctf2() { LTTNG_HOME=$tmp/ctf-2-client "$LTTNG_PREFIX/bin/lttng" "$@"; }
lttng_ctf18() { LTTNG_HOME=$tmp/ctf-1.8-client LTTNG_RUNDIR=$tmp/ctf-1.8-run "$LTTNG_PREFIX/bin/lttng" "$@"; }
mkdir -p "$tmp/ctf-2-client" "$tmp/ctf-1.8-client"
if lttng_ctf2 list >/dev/null 2>&1; then
    echo "error: an LTTng 2.14 session daemon already runs (/var/run/lttng-2.14); it may not write CTF 2: stop it first" >&2
    exit 1
fi

daemons=()
cleanup() {
    lttng_ctf2 destroy -a >/dev/null 2>&1 || true
    lttng_ctf18 destroy -a >/dev/null 2>&1 || true
    for pid in "${daemons[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    rm -rf "$tmp"
}
trap cleanup EXIT

LTTNG_EXPERIMENTAL_FORCE_CTF_2=1 LTTNG_HOME=$tmp/ctf-2-client "$LTTNG_PREFIX/bin/lttng-sessiond" --no-kernel --daemonize
daemons+=("$(cat /var/run/lttng-2.14/lttng-sessiond.pid)")
LTTNG_HOME=$tmp/ctf-1.8-client LTTNG_RUNDIR=$tmp/ctf-1.8-run LTTNG_UST_CTL_PATH=$home/.lttng \
    "$LTTNG_PREFIX/bin/lttng-sessiond" --no-kernel --daemonize
daemons+=("$(cat "$tmp/ctf-1.8-run/lttng-sessiond.pid")")

# LTTng-UST's own events (libraries loaded, their build ids) left out of '*' (an exclusion needs a lone wildcard)
exclude=()
[ "$events" = '*' ] && exclude=(-x 'lttng_ust_statedump:*,lttng_ust_lib:*')
for format in ctf-2 ctf-1.8; do
    client=lttng_ctf2
    [ "$format" = ctf-2 ] || client=lttng_ctf18
    $client -q create "sextant-$format" --output="$OUT/$format"
    $client -q enable-channel -u --buffers-pid --subbuf-size "$subbuf" --num-subbuf 8 -s "sextant-$format" events
    $client -q enable-event -u "$events" "${exclude[@]}" -c events -s "sextant-$format"
    $client -q add-context -u -t vpid -t vtid -t procname -c events -s "sextant-$format"
    $client -q start "sextant-$format"
done

set +e
LTTNG_HOME=$home LD_LIBRARY_PATH=$LTTNG_PREFIX/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
    LD_PRELOAD=$preload${LD_PRELOAD:+:$LD_PRELOAD} "$@"
status=$?
set -e
lttng_ctf2 -q stop sextant-ctf-2
lttng_ctf18 -q stop sextant-ctf-1.8
lttng_ctf2 -q destroy sextant-ctf-2
lttng_ctf18 -q destroy sextant-ctf-1.8
echo "[lttng 2.14] CTF 2 in $OUT/ctf-2, CTF 1.8 in $OUT/ctf-1.8 (COMMAND exited with $status)" >&2
exit "$status"
