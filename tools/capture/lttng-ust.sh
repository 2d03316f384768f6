#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records an LTTng-UST trace of a program, user space only (no kernel modules needed):
#
#   tools/capture/lttng-ust.sh OUT_DIR [--preload LIB]... [--subbuf-size BYTES [--num-subbuf N]] -- COMMAND...
#
# Starts a session daemon with --no-kernel if none runs, traces every UST event with the vpid, vtid and procname
# contexts, runs COMMAND (with LD_PRELOAD set to the given libraries, for example LTTng's own
# liblttng-ust-libc-wrapper.so.1 to trace malloc/free of an unmodified program), then stops and destroys the
# session. OUT_DIR holds the CTF trace (with LTTng's packet index under index/). --subbuf-size sets the packet
# size (LTTng's default is a few hundred KiB; 4096 gives many small packets); --num-subbuf the sub-buffers per CPU
# (8 by default here; 2, LTTng's least, with small packets makes a fast program outrun the consumer, so that LTTng
# discards events and its packets count them in events_discarded).
set -euo pipefail

usage() { echo "usage: $0 OUT_DIR [--preload LIB]... [--subbuf-size BYTES [--num-subbuf N]] -- COMMAND..." >&2; exit 2; }
[ $# -ge 3 ] || usage
OUT=$1
shift
preload=()
subbuf=
nsubbuf=8
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    case $1 in
        --preload) [ $# -ge 2 ] || usage; preload+=("$2"); shift 2 ;;
        --subbuf-size) [ $# -ge 2 ] || usage; subbuf=$2; shift 2 ;;
        --num-subbuf) [ $# -ge 2 ] || usage; nsubbuf=$2; shift 2 ;;
        *) usage ;;
    esac
done
[ "${1:-}" = "--" ] && [ $# -ge 2 ] || usage
shift

command -v lttng >/dev/null || { echo "error: lttng not found (Debian: apt-get install lttng-tools liblttng-ust1)" >&2; exit 2; }
[ -e "$OUT" ] && { echo "error: $OUT exists; choose a new OUT_DIR" >&2; exit 2; }
OUT=$(realpath -m "$OUT")

if ! lttng list >/dev/null 2>&1; then
    lttng-sessiond --no-kernel --daemonize
fi
SESSION=sextant-$$
lttng -q create "$SESSION" --output="$OUT"
trap 'lttng -q destroy "$SESSION" 2>/dev/null || true' EXIT
if [ -n "$subbuf" ]; then
    lttng -q enable-channel --userspace --subbuf-size="$subbuf" --num-subbuf="$nsubbuf" channel0
    lttng -q enable-event --userspace --all --channel=channel0
else
    lttng -q enable-event --userspace --all
fi
lttng -q add-context --userspace --type=vpid --type=vtid --type=procname
lttng -q start
LD_PRELOAD="$(IFS=:; echo "${preload[*]}")" "$@"
lttng -q stop
lttng -q destroy "$SESSION"
trap - EXIT
echo "trace: $OUT ($(du -sh "$OUT" | cut -f1))"
if command -v babeltrace2 >/dev/null; then
    echo "events: $(babeltrace2 "$OUT" | wc -l)"
fi
