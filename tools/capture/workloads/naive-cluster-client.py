#!/usr/bin/env python3
# SPDX-License-Identifier: EPL-2.0
"""A Redis client without cluster support, the proof of Sextant's redirection paths (issue 20).

    naive-cluster-client.py HOST:PORT KEYS LOG

Sends SET key:<i> to HOST:PORT for i < KEYS, one command at a time on one connection; a -MOVED or -ASK reply is
retried once on the node it names (one connection per node, opened at its first use), as a client would by hand.
LOG gets one line per redirection, "MOVED <slot> <target> <key>", then "retried <n>": the count Sextant's links
must equal.
"""
import socket
import sys


def command(*args):
    out = b"*%d\r\n" % len(args)
    for arg in args:
        data = arg.encode()
        out += b"$%d\r\n%s\r\n" % (len(data), data)
    return out


def reply_line(conn):
    """The first line of a reply: SET answers +OK or an error, one line each."""
    line = b""
    while not line.endswith(b"\r\n"):
        chunk = conn.recv(1)
        if not chunk:
            raise SystemExit("error: the server closed the connection")
        line += chunk
    return line[:-2].decode()


def main():
    host, port = sys.argv[1].rsplit(":", 1)
    keys = int(sys.argv[2])
    connections = {}

    def connection(address):
        if address not in connections:
            h, p = address.rsplit(":", 1)
            connections[address] = socket.create_connection((h, int(p)))
        return connections[address]

    first = f"{host}:{port}"
    retried = 0
    with open(sys.argv[3], "w", encoding="utf-8") as log:
        for i in range(keys):
            key = f"key:{i}"
            conn = connection(first)
            conn.sendall(command("SET", key, "v"))
            answer = reply_line(conn)
            if answer.startswith("-MOVED ") or answer.startswith("-ASK "):
                kind, slot, target = answer[1:].split(" ")
                log.write(f"{kind} {slot} {target} {key}\n")
                retry = connection(target)
                if kind == "ASK":
                    retry.sendall(command("ASKING"))
                    reply_line(retry)
                retry.sendall(command("SET", key, "v"))
                answer = reply_line(retry)
                retried += 1
            if answer != "+OK":
                raise SystemExit(f"error: SET {key} answered {answer}")
        log.write(f"retried {retried}\n")
    for conn in connections.values():
        conn.close()


if __name__ == "__main__":
    main()
