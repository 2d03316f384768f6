#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Builds LTTng 2.14 (userspace-rcu, lttng-ust, lttng-tools) from source into a prefix of its own, so that the
# Debian LTTng 2.13 that `./sextant record` uses stays untouched: its own libraries (the binaries find them by
# their rpath) and its own run directory, /var/run/lttng-2.14 (the system-wide session daemon's sockets, where
# applications linked with this lttng-ust look for it), so a 2.14 session daemon and Debian's can run at once.
# LTTng 2.14 writes CTF 2 when its session daemon runs with LTTNG_EXPERIMENTAL_FORCE_CTF_2=1 (`lttng create
# --trace-format` only came with 2.15); tools/capture/lttng-2.14-ctf2.sh records with it.
#
# lttng-tools 2.14 needs liburcu >= 0.14 and Debian 12 ships 0.13, so userspace-rcu is built too (its libraries
# only, not its tests). Sources are the bare mirrors the search tool's `fetch` brings (github:lttng/lttng-ust,
# github:lttng/lttng-tools, github:urcu/userspace-rcu), or any clone given through the variables below.
#
# Usage: tools/capture/lttng-2.14-build.sh [PREFIX]     (default /opt/lttng-2.14)
# Needs: build-essential autoconf automake libtool pkg-config bison flex libpopt-dev libxml2-dev libnuma-dev uuid-dev
set -euo pipefail

PREFIX=${1:-/opt/lttng-2.14}
RUNDIR=${RUNDIR:-/var/run/lttng-2.14}
URCU_GIT=${URCU_GIT:-/work/.mirror/urcu+userspace-rcu/repo}
UST_GIT=${UST_GIT:-/work/.mirror/lttng+lttng-ust/repo}
TOOLS_GIT=${TOOLS_GIT:-/work/.mirror/lttng+lttng-tools/repo}
URCU_TAG=${URCU_TAG:-v0.14.2}
LTTNG_TAG=${LTTNG_TAG:-v2.14.2}
JOBS=${JOBS:-2}
WORK=${WORK:-/tmp/lttng-2.14-build}

export PKG_CONFIG_PATH="$PREFIX/lib/pkgconfig"
export LDFLAGS="-Wl,-rpath,$PREFIX/lib -L$PREFIX/lib"
export CPPFLAGS="-I$PREFIX/include"

# configure NAME GIT TAG CONFIGURE-ARGS...: a fresh checkout of TAG, bootstrapped and configured; prints its directory.
configure() {
    local name=$1 git=$2 tag=$3
    shift 3
    local src="$WORK/$name"
    echo "== $name $tag" >&2
    rm -rf "$src" && mkdir -p "$src"
    git --git-dir="$git" archive "$tag" | tar -x -C "$src"
    (cd "$src" && ./bootstrap >&2 && ./configure --prefix="$PREFIX" "$@" >&2)
    echo "$src"
}

src=$(configure userspace-rcu "$URCU_GIT" "$URCU_TAG")
make -C "$src/include" -j"$JOBS" install
make -C "$src/src" -j"$JOBS" install

src=$(configure lttng-ust "$UST_GIT" "$LTTNG_TAG" --disable-man-pages --disable-examples --with-lttng-system-rundir="$RUNDIR")
make -C "$src" -j"$JOBS" install

# Tests, man pages and extras are not needed to record.
src=$(configure lttng-tools "$TOOLS_GIT" "$LTTNG_TAG" --disable-man-pages --disable-tests --disable-extras \
    --with-lttng-system-rundir="$RUNDIR" --with-babeltrace2-bin=/usr/bin/babeltrace2)
make -C "$src" -j"$JOBS" install

"$PREFIX/bin/lttng" --version
