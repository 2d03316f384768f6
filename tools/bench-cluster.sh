#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# The cluster job's benchmark (not run by CI): over a directory of traces (default: 21 made from the fixtures, as the
# tests lay them out) and over one larger trace (default: perf-multi-packet unpacked; give the 2 GB one of
# tools/capture/perf-large.sh with --large DIR), each from fresh histories:
#   1. the in-process engine, trace after trace on 2 threads (no Spark)      vs  Spark local mode on 2 cores
#   2. a standalone cluster (127.0.0.1) of one 1-core worker                  vs  two 1-core workers
#   3. the large trace: in-process on 2 threads  vs  one task on 2 threads  vs  a task per chunk (--split), in
#      local mode on 2 cores and on standalone clusters of one and two 1-core workers; each analysis's build and
#      the size of its chunks' outputs against the trace's
# and each task's cost (the traces table's seconds). Wall times include each JVM's start (Spark's ~10 s).
# --large-only runs the large trace's lines alone. --hdfs-only puts the traces and the large trace in an HDFS
# (Hadoop's MiniDFSCluster from the Maven Central jar the tests use: a NameNode and one DataNode on 127.0.0.1 and this
# machine's disk) and runs the job over their hdfs:// URIs against the same over the local paths, in local mode on
# 2 cores: the traces; the large trace as one task on 2 threads and as a task per chunk; and the bare copy of the
# large trace out of HDFS. --s3-only WEED does the same with S3: a SeaweedFS server (WEED, its weed binary: `weed
# server -s3`, every port on 127.0.0.1, this machine's disk) and the job over s3a:// URIs through Hadoop's S3A (the
# cluster module built with -Ps3).
# usage: tools/bench-cluster.sh [--traces DIR] [--large DIR] [--large-only | --hdfs-only | --s3-only WEED]
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HOME_DIR=$ROOT/cluster/target/spark-home
JAR=$ROOT/cluster/target/sextant-cluster.jar
[ -f "$JAR" ] || { echo "bench-cluster: build the job first: ./mvnw -f cluster/pom.xml -DskipTests package" >&2; exit 2; }
OPENS=$(sed -n 's:.*<spark.opens>\(.*\)</spark.opens>.*:\1:p' "$ROOT/cluster/pom.xml")
WORK=$(mktemp -d /tmp/sextant-bench-cluster.XXXXXX)
KEEP=${KEEP:-}
PIDS=()
cleanup() { for pid in "${PIDS[@]}"; do pkill -KILL -P "$pid" 2>/dev/null || true; kill -KILL "$pid" 2>/dev/null || true; done; [ -n "$KEEP" ] || rm -rf "$WORK"; }
trap cleanup EXIT
TRACES= LARGE= LARGE_ONLY= HDFS_ONLY= WEED=
while [ $# -gt 0 ]; do case $1 in --traces) TRACES=$2; shift 2 ;; --large) LARGE=$2; shift 2 ;; --large-only) LARGE_ONLY=1; shift ;;
    --hdfs-only) HDFS_ONLY=1; shift ;; --s3-only) WEED=$2; shift 2 ;; *) echo "unknown option $1" >&2; exit 2 ;; esac; done

fixture() { # copy a fixture, unpacking gzipped streams
    mkdir -p "$2"; cp "$ROOT/tests/fixtures/$1"/* "$2"/ 2>/dev/null || true
    [ -d "$ROOT/tests/fixtures/$1/index" ] && cp -r "$ROOT/tests/fixtures/$1/index" "$2"/
    for gz in "$2"/*.gz; do [ -e "$gz" ] && gunzip -f "$gz"; done; return 0
}
if [ -z "$TRACES" ]; then
    TRACES=$WORK/traces
    for n in $(seq -w 1 10); do
        fixture perf-sched-syscalls "$TRACES/node-$n/kernel"
        if [ $((10#$n % 2)) -eq 0 ]; then fixture lttng-ust-libc "$TRACES/node-$n/ust"; else fixture lttng-ust-small-packets "$TRACES/node-$n/ust"; fi
    done
    fixture perf-multi-packet "$TRACES/node-01/kernel-long"
fi
if [ -z "$LARGE" ]; then LARGE=$WORK/large; fixture perf-multi-packet "$LARGE/kernel"; fi

now() { date +%s.%N; }
secs() { python3 -c "print(f'{$2 - $1:.1f}')"; }
job() { # job NAME ARGS...: one run of the cluster job on fresh histories, its wall time and its build time
    local name=$1 slug; shift
    local start end
    slug=$(echo "$name" | tr -c 'a-zA-Z0-9\n' '-')   # Spark reads paths as globs: no brackets
    start=$(now)
    java $OPENS -Xmx2g -Dlog4j2.configurationFile="$HOME_DIR/conf/log4j2.properties" -cp "$HOME_DIR/jars/*:$JAR" \
        org.sextant.cluster.ClusterJob --workspace "$WORK/ws-$slug" --out "$WORK/out-$slug" --conf spark.driver.host=127.0.0.1 \
        --conf spark.driver.bindAddress=127.0.0.1 "$@" >"$WORK/$slug.out" 2>"$WORK/$slug.err"
    end=$(now)
    printf '%-34s wall %6s s   build %s\n' "$name" "$(secs "$start" "$end")" "$(grep -o 'built in [0-9.]* s' "$WORK/$slug.err" | cut -d' ' -f3)"
}
inprocess() { # inprocess NAME THREADS DIR
    local start end
    start=$(now)
    java -Xmx2g -cp "$HOME_DIR/jars/*:$JAR" org.sextant.cluster.InProcessBuild "$2" "$WORK/ws-$1" "$3" >"$WORK/$1.out"
    end=$(now)
    printf '%-34s wall %6s s   build %s\n' "$1" "$(secs "$start" "$end")" "$(sed -n 's/.*threads: \([0-9.]*\) s/\1/p' "$WORK/$1.out")"
}
standalone() { # standalone WORKERS: a master and WORKERS 1-core workers on 127.0.0.1; prints the master URL
    local port=$((20000 + RANDOM % 20000)) i
    SPARK_HOME=$HOME_DIR SPARK_LOCAL_IP=127.0.0.1 SPARK_SCALA_VERSION=2.12 java $OPENS -Xmx512m -cp "$HOME_DIR/jars/*" \
        org.apache.spark.deploy.master.Master --host 127.0.0.1 --port $port --webui-port $((port + 1)) >"$WORK/master-$1.log" 2>&1 &
    PIDS+=($!)
    until grep -q "elected leader" "$WORK/master-$1.log"; do sleep 0.5; done
    for i in $(seq 1 "$1"); do
        SPARK_HOME=$HOME_DIR SPARK_LOCAL_IP=127.0.0.1 SPARK_SCALA_VERSION=2.12 java $OPENS -Xmx512m -cp "$HOME_DIR/jars/*" \
            org.apache.spark.deploy.worker.Worker --host 127.0.0.1 --cores 1 --memory 2g --webui-port $((port + 1 + i)) \
            --work-dir "$WORK/work-$1-$i" spark://127.0.0.1:$port >"$WORK/worker-$1-$i.log" 2>&1 &
        PIDS+=($!)
    done
    for i in $(seq 1 "$1"); do until grep -q "registered with master" "$WORK/worker-$1-$i.log"; do sleep 0.5; done; done
    MASTER=spark://127.0.0.1:$port
}
stop_cluster() { for pid in "${PIDS[@]}"; do pkill -KILL -P "$pid" 2>/dev/null || true; kill -KILL "$pid" 2>/dev/null || true; done; PIDS=(); }

count=$(find "$TRACES" -name metadata | wc -l)
echo "# tools/bench-cluster.sh, $(date -u +%Y-%m-%d), $(nproc) cores; $count traces ($(du -sh "$TRACES" | cut -f1)); large: $(du -sh "$LARGE" | cut -f1)"
builds() { # builds NAME: each analysis's build in that split job's run, as it told it
    grep -E '^\[sextant\] [^ ]+ (count|cpu|io): ' "$WORK/$(echo "$1" | tr -c 'a-zA-Z0-9\n' '-').err" | sed 's/^\[sextant\]/   /'
}
large() {
    inprocess "in-process, 2 threads, large" 2 "$LARGE"
    job "local[2], large (1 task, 2 threads)" --master 'local[2]' --threads 2 "$LARGE"
    job "local[2], large, task per chunk" --master 'local[2]' --split --threads 2 "$LARGE"
    builds "local[2], large, task per chunk"
    for workers in 1 2; do
        standalone $workers
        job "standalone, $workers x 1-core, large, split" --master "$MASTER" --conf spark.jars="$JAR" --conf spark.executor.memory=1g \
            --split --threads 2 "$LARGE"
        stop_cluster
    done
}
hdfs() {
    local repo=${MAVEN_REPO:-$HOME/.m2/repository} version port=$((20000 + RANDOM % 20000)) uri start end
    version=$(sed -n 's:.*<hadoop.version>\(.*\)</hadoop.version>.*:\1:p' "$ROOT/cluster/pom.xml")
    local cp="$repo/org/apache/hadoop/hadoop-client-minicluster/$version/hadoop-client-minicluster-$version.jar:$repo/junit/junit/4.13.2/junit-4.13.2.jar:$HOME_DIR/jars/*"
    [ -f "${cp%%:*}" ] || { echo "bench-cluster: no hadoop-client-minicluster $version in $repo: run the cluster module's tests once" >&2; exit 2; }
    (cd "$WORK" && exec java $OPENS -Xmx1g -cp "$cp" org.apache.hadoop.mapreduce.MiniHadoopClusterManager -nomr -format -nnport $port \
        -D hdfs.minidfs.basedir="$WORK/hdfs" -writeDetails "$WORK/hdfs.json" >"$WORK/hdfs.log" 2>&1) &
    PIDS+=($!)
    until [ -s "$WORK/hdfs.json" ]; do sleep 0.5; done
    uri=hdfs://127.0.0.1:$port
    # Hadoop's shell wants a core-site.xml on its classpath
    mkdir -p "$WORK/hadoop-conf"
    echo "<configuration><property><name>fs.defaultFS</name><value>$uri</value></property></configuration>" >"$WORK/hadoop-conf/core-site.xml"
    fs() { java -cp "$WORK/hadoop-conf:$HOME_DIR/jars/*" org.apache.hadoop.fs.FsShell "$@" 2>>"$WORK/hdfs.log"; }
    start=$(now)
    fs -put -p "$TRACES" /traces
    fs -put -p "$LARGE" /large
    end=$(now)
    printf '%-34s wall %6s s\n' "put into HDFS (traces, large)" "$(secs "$start" "$end")"
    start=$(now)
    fs -get /large "$WORK/large-copy"
    end=$(now)
    printf '%-34s wall %6s s\n' "get the large trace out of HDFS" "$(secs "$start" "$end")"
    rm -rf "$WORK/large-copy"
    job "local[2], $count traces" --master 'local[2]' "$TRACES"
    job "local[2], $count traces, HDFS" --master 'local[2]' "$uri/traces"
    job "local[2], large (1 task, 2 threads)" --master 'local[2]' --threads 2 "$LARGE"
    job "local[2], large (1 task), HDFS" --master 'local[2]' --threads 2 "$uri/large"
    job "local[2], large, task per chunk" --master 'local[2]' --split --threads 2 "$LARGE"
    job "local[2], large, per chunk, HDFS" --master 'local[2]' --split --threads 2 "$uri/large"
    stop_cluster
}
s3() {
    local port=$((20000 + RANDOM % 20000)) uri=s3a://bench start end kv site="<configuration>" conf=()
    ls "$HOME_DIR"/jars/hadoop-aws-*.jar >/dev/null 2>&1 || { echo "bench-cluster: no S3A in the Spark home: ./mvnw -f cluster/pom.xml -Ps3 -DskipTests package" >&2; exit 2; }
    mkdir -p "$WORK/seaweedfs"
    AWS_ACCESS_KEY_ID=bench AWS_SECRET_ACCESS_KEY=bench-secret "$WEED" server -ip=127.0.0.1 -ip.bind=127.0.0.1 -dir="$WORK/seaweedfs" \
        -master.telemetry=false -master.volumeSizeLimitMB=1024 -volume.preStopSeconds=0 -master.port=$port -master.port.grpc=$((port + 1)) \
        -volume.port=$((port + 2)) -volume.port.grpc=$((port + 3)) -filer -filer.port=$((port + 4)) -filer.port.grpc=$((port + 5)) \
        -s3 -s3.port=$((port + 6)) -s3.port.grpc=$((port + 7)) -s3.port.iceberg=0 -s3.port.lance=0 >"$WORK/seaweedfs.log" 2>&1 &
    PIDS+=($!)
    local tries=0
    until curl -s -o /dev/null "http://127.0.0.1:$((port + 6))/"; do
        kill -0 "${PIDS[-1]}" 2>/dev/null && [ $((tries += 1)) -le 240 ] \
            || { echo "bench-cluster: SeaweedFS did not start in 2 min; its log:" >&2; tail -n 20 "$WORK/seaweedfs.log" >&2; exit 2; }
        sleep 0.5
    done
    echo "s3.bucket.create -name bench" | "$WEED" shell -master=127.0.0.1:$port.$((port + 1)) -filer=127.0.0.1:$((port + 4)).$((port + 5)) >>"$WORK/seaweedfs.log" 2>&1
    for kv in fs.s3a.endpoint=http://127.0.0.1:$((port + 6)) fs.s3a.path.style.access=true fs.s3a.connection.ssl.enabled=false \
        fs.s3a.access.key=bench fs.s3a.secret.key=bench-secret; do
        site+="<property><name>${kv%%=*}</name><value>${kv#*=}</value></property>"
        conf+=(--conf "spark.hadoop.$kv")
    done
    # Hadoop's shell wants a core-site.xml on its classpath; the job is given the same settings as --conf
    mkdir -p "$WORK/s3-conf"
    echo "$site</configuration>" >"$WORK/s3-conf/core-site.xml"
    fs() { java -cp "$WORK/s3-conf:$HOME_DIR/jars/*" org.apache.hadoop.fs.FsShell "$@" 2>>"$WORK/seaweedfs.log"; }
    start=$(now)
    fs -put "$TRACES" "$uri/traces"
    fs -put "$LARGE" "$uri/large"
    end=$(now)
    printf '%-34s wall %6s s\n' "put into S3 (traces, large)" "$(secs "$start" "$end")"
    start=$(now)
    fs -get "$uri/large" "$WORK/large-copy"
    end=$(now)
    printf '%-34s wall %6s s\n' "get the large trace out of S3" "$(secs "$start" "$end")"
    rm -rf "$WORK/large-copy"
    job "local[2], $count traces" --master 'local[2]' "$TRACES"
    job "local[2], $count traces, S3" --master 'local[2]' "${conf[@]}" "$uri/traces"
    job "local[2], large (1 task, 2 threads)" --master 'local[2]' --threads 2 "$LARGE"
    job "local[2], large (1 task), S3" --master 'local[2]' --threads 2 "${conf[@]}" "$uri/large"
    job "local[2], large, task per chunk" --master 'local[2]' --split --threads 2 "$LARGE"
    job "local[2], large, per chunk, S3" --master 'local[2]' --split --threads 2 "${conf[@]}" "$uri/large"
    stop_cluster
}
if [ -n "$LARGE_ONLY" ]; then large; exit 0; fi
if [ -n "$WEED" ]; then s3; exit 0; fi
if [ -n "$HDFS_ONLY" ]; then hdfs; exit 0; fi
inprocess "in-process, 2 threads, $count traces" 2 "$TRACES"
job "local[2], $count traces" --master 'local[2]' "$TRACES"
for workers in 1 2; do
    standalone $workers
    job "standalone, $workers x 1-core, $count traces" --master "$MASTER" --conf spark.jars="$JAR" --conf spark.executor.memory=1g "$TRACES"
    stop_cluster
done
large
echo "# each task's cost, local[2] (seconds: the task's wall time on one core)"
java $OPENS -Dlog4j2.configurationFile="$HOME_DIR/conf/log4j2.properties" -cp "$HOME_DIR/jars/*:$JAR" org.sextant.cluster.ClusterJob \
    --master 'local[1]' --out "$WORK/out-$(echo "local[2], $count traces" | tr -c 'a-zA-Z0-9\n' '-')" \
    --query "SELECT trace, builds LIKE '%reused%' AS reused, ROUND(seconds, 3) AS seconds FROM traces ORDER BY seconds DESC" 2>/dev/null
