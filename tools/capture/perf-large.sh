#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records a large real kernel trace for benchmarks: perf-kernel.sh around a syscall-heavy workload on both
# CPUs (two `dd bs=1` copies, each read and write a system call: 4 events per byte copied).
#
#   tools/capture/perf-large.sh OUT_DIR [BYTES_PER_CPU]
#
# BYTES_PER_CPU defaults to 2,500,000, about 20 million events in all (2 x 2.5M bytes x 4 events), roughly
# 2 GB of CTF. Converting that many events takes perf a few minutes.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 OUT_DIR [BYTES_PER_CPU]" >&2; exit 2; }
OUT=$1
BYTES=${2:-2500000}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# 900 s is a limit, not the duration: the recording stops when both copies have finished.
exec "$HERE/perf-kernel.sh" "$OUT" 900 -- bash -c "
    dd if=/dev/zero of=/dev/null bs=1 count=$BYTES status=none &
    dd if=/dev/zero of=/dev/null bs=1 count=$BYTES status=none &
    wait"
