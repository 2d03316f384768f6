#!/usr/bin/env python3
# SPDX-License-Identifier: EPL-2.0
"""Checks a recording of tools/capture/http-topology.sh against the load generator's log and Redis's own
counters, reading the traces with babeltrace2 (independently of Trace Compass), and prints the counts the
fixture catalogue records:

- per service (topology.json's pids; the load generator is the other node process): http events per name,
  and for each direction (server: requests read, responses written; client: requests written, responses read)
  the message_begin, request_head, response_head and message_end counts, which must equal what the log implies;
- per route: the gateway's request heads per route equal the log's; with traceparent, the trace ids the
  gateway read are exactly the log's ids;
- the Redis node's commands (call_command_start, version 3's call_commands_start, version 4's
  end_read_client_query, version 6's runs of a name, version 8's reads_end), up to the INFO that read the counters,
  equal INFO commandstats;
- with the counters backend (--per-command), its log (counters.jsonl) against its trace: three connections per
  request it served, and the connections the trace shows from each local port are the log's.

    tools/capture/http-check.py DIR                  the counts as JSON; exit status 0 when everything agrees
    tools/capture/http-check.py --properties DIR     the same counts as tests/fixtures/catalogue.properties lines
"""

import collections
import json
import re
import subprocess
import sys
from pathlib import Path

LINE = re.compile(r"^\[\S+\] \(\S+\) \S+ (\w+):(\w+): \{ cpu_id = \d+ \}, \{ vpid = (\d+), [^}]*\}(?:, \{ (.*) \})?$")
FIELD = re.compile(r'(\w+) = ("(?:[^"\\]|\\.)*"|-?\d+)')

# What one load generator request makes each backend serve.
BACKEND_CALLS = {"GET /users/:id": {"users": 1}, "GET /orders/:id": {"users": 1, "orders": 1}, "POST /orders": {"orders": 1},
                 "POST /visits/:id": {"users": 1, "counters": 1}}
BACKENDS = ("users", "orders", "counters")
ROUTE_OF = [(re.compile(r"^GET /users/\d+$"), "GET /users/:id"), (re.compile(r"^GET /orders/\d+$"), "GET /orders/:id"),
            (re.compile(r"^POST /orders$"), "POST /orders"), (re.compile(r"^POST /visits/\d+$"), "POST /visits/:id")]


def events(directory):
    run = subprocess.run(["babeltrace2", str(directory / "ust")], capture_output=True, text=True, check=True)
    for line in run.stdout.splitlines():
        match = LINE.match(line)
        if match is None:
            raise SystemExit(f"{directory}: babeltrace2 printed a line this script does not read: {line[:160]}")
        provider, name, vpid, payload = match.groups()
        fields = {k: (v[1:-1] if v.startswith('"') else int(v)) for k, v in FIELD.findall(payload or "")}
        yield provider, name, int(vpid), fields


def command_names(fields):
    """A read's commands, one name each: as many as its argc sequence holds (babeltrace2 2.0.4 prints an empty
    string as the field's last value); events version 6 writes a run of one name once, as name*N (N > 1)."""
    count = fields.get("_argc_length", 0)
    names = fields["commands"].split(" ") if count else []
    if len(names) < count:
        names = [run.partition("*")[0] for run in names for _ in range(int(run.partition("*")[2] or 1))]
    return names[:count]


def route_of(method, target):
    for pattern, route in ROUTE_OF:
        if pattern.match(f"{method} {target}"):
            return route
    return f"{method} {target}"


def main():
    arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(arguments) != 1:
        raise SystemExit("usage: http-check.py [--properties] DIR")
    directory = Path(arguments[0])
    topology = json.loads((directory / "topology.json").read_text())
    log = [json.loads(line) for line in (directory / "loadgen.jsonl").read_text().splitlines()]
    services = {topology[name]["pid"]: name for name in ("gateway", *BACKENDS, "redis") if name in topology}

    per_name = collections.defaultdict(collections.Counter)      # service -> event name -> count
    directions = collections.defaultdict(collections.Counter)    # service -> "server request_head" -> count
    gateway_routes = collections.Counter()
    gateway_ids = set()
    skipped = collections.defaultdict(collections.Counter)
    connected_ports = collections.Counter()  # the counters backend's connections per local port
    commands = []
    for provider, name, vpid, fields in events(directory):
        service = services.get(vpid)
        if service is None:
            service = "loadgen" if provider == "http" else f"pid {vpid}"
            services[vpid] = service
        per_name[service][f"{provider}:{name}"] += 1
        if service == "counters" and name == "connection" and fields["accepted"] == 0:
            connected_ports[fields["local_port"]] += 1
        if provider == "redis" and name == "call_command_start":
            commands.append(fields["command"])
        # events version 3: a read's commands in their own event; version 4: on the read's end; version 8: on
        # the end of the reads a thread kept
        if provider == "redis" and name in ("call_commands_start", "end_read_client_query", "reads_end"):
            commands.extend(command_names(fields))
        if provider != "http" or "seq" not in fields:
            if name == "skipped":
                skipped[service][fields["reason"]] += 1
            continue
        directions[service][(fields["fd"], fields["outgoing"], name)] += 1
        if service == "gateway" and name == "request_head" and fields["outgoing"] == 0:
            gateway_routes[route_of(fields["method"], fields["target"])] += 1
            if fields["traceparent"]:
                gateway_ids.add(fields["traceparent"].split("-")[1])

    summary = {}
    for service, counter in directions.items():
        kinds = collections.Counter()
        for (_, outgoing, name), n in counter.items():
            kinds[f"{name}.{'out' if outgoing else 'in'}"] += n
        summary[service] = dict(sorted(kinds.items()))

    routes = collections.Counter(r["route"] for r in log)
    calls = {backend: sum(BACKEND_CALLS[r["route"]].get(backend, 0) for r in log) for backend in BACKENDS if backend in topology}
    made = sum(calls.values())
    n = len(log)
    expected = {
        # server spans: requests read (in), responses written (out); client spans the other way round
        "loadgen": {"out": n, "in": n},
        "gateway": {"in": n + made, "out": n + made},
        **{backend: {"in": count, "out": count} for backend, count in calls.items()},
    }
    failures = []
    for service, sides in expected.items():
        got = summary.get(service, {})
        for name in ("message_begin", "message_end"):
            for side, count in sides.items():
                if got.get(f"{name}.{side}", 0) != count:
                    failures.append(f"{service}: {name}.{side} {got.get(f'{name}.{side}', 0)}, expected {count}")
    # request heads: loadgen writes n; gateway reads n, writes its backend calls; backends read theirs
    heads = {"loadgen": {"request_head.out": n, "response_head.in": n},
             "gateway": {"request_head.in": n, "response_head.out": n, "request_head.out": made, "response_head.in": made},
             **{backend: {"request_head.in": count, "response_head.out": count} for backend, count in calls.items()}}
    for service, wanted in heads.items():
        for key, count in wanted.items():
            if summary.get(service, {}).get(key, 0) != count:
                failures.append(f"{service}: {key} {summary.get(service, {}).get(key, 0)}, expected {count}")
    if gateway_routes != routes:
        failures.append(f"gateway routes {dict(gateway_routes)}, log {dict(routes)}")
    log_ids = {r["id"] for r in log if r["id"]}
    if gateway_ids != log_ids:
        failures.append(f"gateway read {len(gateway_ids)} trace ids, the log has {len(log_ids)}; "
                        f"{len(gateway_ids ^ log_ids)} differ")
    stats = {}
    for line in (directory / "redis-commandstats.txt").read_text().splitlines():
        match = re.match(r"cmdstat_(\w+):calls=(\d+)", line)
        if match:
            stats[match.group(1)] = int(match.group(2))
    # Up to the INFO that read the counters (traced, not yet counted): the services' QUITs come after it.
    last_info = max((i for i, c in enumerate(commands) if c == "info"), default=-1)
    commands = collections.Counter(commands[:last_info])
    if dict(commands) != stats:
        failures.append(f"redis commands traced {dict(commands)}, INFO commandstats (+1 info) {stats}")
    if any(r["status"] not in (200, 201) for r in log):
        failures.append("the log has failed requests")
    if "counters" in topology:
        connections = [json.loads(line) for line in (directory / "counters.jsonl").read_text().splitlines()]
        if len(connections) != 3 * calls["counters"]:
            failures.append(f"counters logged {len(connections)} connections, expected 3 per request: {3 * calls['counters']}")
        logged_ports = collections.Counter(c["local_port"] for c in connections)
        if logged_ports != connected_ports:
            failures.append(f"counters' connections per local port: traced {dict(connected_ports)}, logged {dict(logged_ports)}")

    result = {"requests": n, "routes": dict(sorted(routes.items())), "with_traceparent": len(log_ids),
              "events": {s: dict(sorted(c.items())) for s, c in sorted(per_name.items())},
              "directions": summary, "skipped": {s: dict(c) for s, c in skipped.items()},
              "redis_commands": dict(sorted(commands.items())), "commandstats": dict(sorted(stats.items())),
              "failures": failures}
    if "--properties" in sys.argv:
        print_properties(directory.name, result)
    else:
        print(json.dumps(result, indent=1))
    return 1 if failures else 0


def print_properties(fixture, result):
    def key(text):
        return text.replace(" ", "\\ ").replace(":", "\\:")
    print(f"{fixture}.requests={result['requests']}")
    for route, count in result["routes"].items():
        print(f"{fixture}.route.{key(route)}={count}")
    for service, counts in result["events"].items():
        for name, count in counts.items():
            print(f"{fixture}.{service}.type.{key(name)}={count}")
    for command, count in result["redis_commands"].items():
        print(f"{fixture}.commandstats.{command}={count}")


if __name__ == "__main__":
    sys.exit(main())
