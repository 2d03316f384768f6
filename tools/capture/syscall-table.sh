#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Regenerates the x86_64 system call table the io analysis names raw_syscalls ids with:
#
#   tools/capture/syscall-table.sh [UNISTD_64_H] > bundles/org.sextant.kernel.model/src/main/resources/org/sextant/kernel/model/syscalls-x86_64.properties
#
# UNISTD_64_H defaults to Debian's /usr/include/x86_64-linux-gnu/asm/unistd_64.h (package linux-libc-dev).
set -euo pipefail
HEADER=${1:-/usr/include/x86_64-linux-gnu/asm/unistd_64.h}
[ -r "$HEADER" ] || { echo "error: $HEADER not readable (Debian: apt-get install linux-libc-dev)" >&2; exit 1; }
echo "# SPDX-License-Identifier: EPL-2.0"
echo "# x86_64 system call numbers (id = name), as raw_syscalls:sys_enter/sys_exit report them in their id field."
echo "# Generated from Linux's UAPI header: tools/capture/syscall-table.sh $HEADER"
echo "# (Debian 12, linux-libc-dev $(dpkg-query -W -f='${Version}' linux-libc-dev 2>/dev/null || echo unknown))."
sed -n 's/^#define __NR_\([a-z0-9_]*\) \([0-9]*\)$/\2=\1/p' "$HEADER"
