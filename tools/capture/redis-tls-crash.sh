#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records Redis issue #12540 ("Double freeClient() when io-threads-do-reads and TLS are enabled") under Sextant's
# tracer: one node speaking TLS only, with io threads that read, under memtier_benchmark's TLS load of large values
# (each sent in several TLS records, so that OpenSSL keeps bytes Redis has not read yet):
#
#   tools/capture/redis-tls-crash.sh OUT_DIR [SERVER] [SECONDS]
#
# SERVER is 7.0.11 (the default: built from source, BUILD_TLS=yes, into $SEXTANT_HOME/redis-7.0.11 if absent) or
# the path of a redis-server binary (Debian's /usr/bin/redis-server, 7.0.15). The load lasts SECONDS (default 6;
# memtier then drains its pipelines), or until the node dies. memtier_benchmark is built from source (tag 2.1.4) into
# $SEXTANT_HOME/memtier_benchmark-2.1.4 if absent. Sources come from REDIS_GIT and MEMTIER_GIT (git URLs or local
# repositories; defaults: GitHub). The node listens on 127.0.0.1:7311 with a certificate made here by openssl.
# Knobs (environment): IO_THREADS (2), DO_READS (yes; no for the control), CLIENTS (10 per memtier thread),
# THREADS (2), PIPELINE (100), DATA_SIZE (100000 bytes). With the defaults, 4 of 5 runs of 7.0.11 crashed
# (docs/redis-events.md).
# Only the node's own trace is kept (the LTTng session daemon is shared: other nodes recorded meanwhile on this
# machine would leave traces too). Kept beside it: OUT_DIR/redis.log (Redis's log: its crash report, if it crashed) and OUT_DIR/memtier.txt.
# Exit status: 0 whether or not the node crashed; the last line says which.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 OUT_DIR [7.0.11|REDIS_SERVER_PATH] [SECONDS]" >&2; exit 2; }
OUT=$(realpath -m "$1")
SERVER=${2:-7.0.11}
SECONDS_MAX=${3:-6}
PORT=7311
HOME_DIR=${SEXTANT_HOME:-$ROOT/.sextant}
REDIS_GIT=${REDIS_GIT:-https://github.com/redis/redis}
MEMTIER_GIT=${MEMTIER_GIT:-https://github.com/RedisLabs/memtier_benchmark}
die() { echo "error: $*" >&2; exit 2; }
for tool in openssl git make redis-cli autoreconf; do
    command -v "$tool" >/dev/null || die "$tool not found (Debian: apt-get install openssl git make redis-tools autoconf automake)"
done
[ -e "$OUT" ] && die "$OUT exists; choose a new directory"

# The sources' tree at a tag, without a work tree of their own: REDIS_GIT may be a bare mirror.
export_tag() {
    local repository=$1 tag=$2 into=$3 clone
    clone=$(mktemp -d)
    git clone -q --bare "$repository" "$clone/repo.git" || die "could not clone $repository"
    mkdir -p "$into"
    git --git-dir="$clone/repo.git" archive "$tag" | tar -x -C "$into" || die "$repository has no tag $tag"
    rm -rf "$clone"
}

if [ "$SERVER" = 7.0.11 ]; then
    redis_dir=$HOME_DIR/redis-7.0.11
    if [ ! -x "$redis_dir/src/redis-server" ]; then
        echo "building Redis 7.0.11 with TLS into $redis_dir" >&2
        export_tag "$REDIS_GIT" 7.0.11 "$redis_dir"
        make -C "$redis_dir" BUILD_TLS=yes -j2 >"$redis_dir.build.log" 2>&1 || die "Redis did not build (see $redis_dir.build.log; Debian: apt-get install libssl-dev)"
    fi
    server=$redis_dir/src/redis-server
else
    server=$SERVER
    [ -x "$server" ] || die "$server is no redis-server binary"
fi
memtier_dir=$HOME_DIR/memtier_benchmark-2.1.4
if [ ! -x "$memtier_dir/memtier_benchmark" ]; then
    echo "building memtier_benchmark 2.1.4 into $memtier_dir" >&2
    export_tag "$MEMTIER_GIT" 2.1.4 "$memtier_dir"
    (cd "$memtier_dir" && autoreconf -ivf && ./configure && make -j2) >"$memtier_dir.build.log" 2>&1 \
        || die "memtier_benchmark did not build (see $memtier_dir.build.log; Debian: apt-get install libevent-dev libssl-dev libpcre3-dev zlib1g-dev)"
fi

work=$(mktemp -d)
cleanup() {
    redis-cli --tls --insecure -p "$PORT" shutdown nosave >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
redis-cli --tls --insecure -p "$PORT" ping >/dev/null 2>&1 && die "port $PORT is in use"
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$work/ca.key" -out "$work/ca.crt" -days 1 -subj /CN=sextant-test-ca 2>/dev/null
openssl req -newkey rsa:2048 -nodes -keyout "$work/redis.key" -out "$work/redis.csr" -subj /CN=127.0.0.1 2>/dev/null
openssl x509 -req -in "$work/redis.csr" -CA "$work/ca.crt" -CAkey "$work/ca.key" -CAcreateserial -out "$work/redis.crt" -days 1 2>/dev/null

"$ROOT/sextant" record --out "$OUT" -- "$server" --port 0 --tls-port "$PORT" --bind 127.0.0.1 \
    --tls-cert-file "$work/redis.crt" --tls-key-file "$work/redis.key" --tls-ca-cert-file "$work/ca.crt" --tls-auth-clients no \
    --io-threads "${IO_THREADS:-2}" --io-threads-do-reads "${DO_READS:-yes}" --save '' --appendonly no --dir "$work" \
    --logfile "$work/redis.log" &
recorder=$!
for _ in $(seq 600); do
    redis-cli --tls --insecure -p "$PORT" ping >/dev/null 2>&1 && break
    kill -0 "$recorder" 2>/dev/null || die "the node did not start"
    sleep 0.1
done
node_pid=$(redis-cli --tls --insecure -p "$PORT" info server | tr -d '\r' | sed -n 's/^process_id://p')

set +e
timeout $((SECONDS_MAX + 30)) "$memtier_dir/memtier_benchmark" -s 127.0.0.1 -p "$PORT" --tls --tls-skip-verify \
    --test-time="$SECONDS_MAX" -t "${THREADS:-2}" -c "${CLIENTS:-10}" --pipeline="${PIPELINE:-100}" -d "${DATA_SIZE:-100000}" \
    --ratio=1:1 --key-maximum=100 --hide-histogram >"$work/memtier.txt" 2>&1
set -e
redis-cli --tls --insecure -p "$PORT" shutdown nosave >/dev/null 2>&1 || true
wait "$recorder" || true
cp "$work/redis.log" "$work/memtier.txt" "$OUT/"
# The session daemon is shared: other Redis nodes recorded meanwhile on this machine left traces here too.
for trace in "$OUT"/ust/pid/*; do
    case $(basename "$trace") in
        *-"$node_pid"-*) ;;
        *) rm -rf "$trace" ;;
    esac
done
if grep -q "ASSERTION FAILED\|crashed by signal" "$OUT/redis.log"; then
    echo "the node crashed: $(grep -m1 -A1 'ASSERTION FAILED\|crashed by signal' "$OUT/redis.log" | tail -1)"
else
    echo "the node did not crash"
fi
