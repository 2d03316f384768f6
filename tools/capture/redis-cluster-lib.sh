# SPDX-License-Identifier: EPL-2.0
#
# Shell functions the Redis capture scripts share: sourced by redis-cluster.sh, redis-cluster-bench.sh,
# redis-paths.sh, redis-tls.sh, redis-memory.sh and redis-ctf2.sh, not run. REDIS_CLI_OPTIONS (an array) is given to every redis-cli call:
# redis-tls.sh sets its TLS options there. WAIT_SECONDS (default 20) bounds each wait.

# redis_cli ARGS...: redis-cli with REDIS_CLI_OPTIONS.
redis_cli() {
    redis-cli ${REDIS_CLI_OPTIONS[@]+"${REDIS_CLI_OPTIONS[@]}"} "$@"
}

# wait_for DESCRIPTION COMMAND...: runs COMMAND every 0.1 s until it succeeds; exits the script naming what it
# waited for after WAIT_SECONDS.
wait_for() {
    local try
    for try in $(seq $((${WAIT_SECONDS:-20} * 10))); do "${@:2}" >/dev/null 2>&1 && return 0; sleep 0.1; done
    echo "error: timed out waiting for $1" >&2
    exit 1
}

# cluster_ok PORT...: every node says cluster_state:ok.
cluster_ok() {
    local port
    for port in "$@"; do redis_cli -p "$port" cluster info | grep -q '^cluster_state:ok' || return 1; done
}

# create_cluster PORT...: waits for the nodes to answer, makes them one cluster of primaries sharing the slots,
# and waits until every node says it is ok.
create_cluster() {
    local port
    for port in "$@"; do wait_for "node $port" redis_cli -p "$port" ping; done
    redis_cli --cluster create "${@/#/127.0.0.1:}" --cluster-replicas 0 --cluster-yes >/dev/null
    wait_for "the cluster to be ok" cluster_ok "$@"
}
