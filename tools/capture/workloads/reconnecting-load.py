#!/usr/bin/env python3
# SPDX-License-Identifier: EPL-2.0
"""A load that survives CLIENT KILL, for tools/capture/redis-kill.sh (issue 20's races).

    reconnecting-load.py HOST:PORT CONNECTIONS SECONDS

Keeps CONNECTIONS connections each with 16 pipelined SETs in flight for SECONDS; a connection the server closes
is opened again at once. Prints "reconnected <n>": the connections the server closed under it.
"""
import selectors
import socket
import sys
import time

BATCH = b"*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$1\r\nv\r\n" * 16
REPLIES = len(b"+OK\r\n") * 16


def main():
    host, port = sys.argv[1].rsplit(":", 1)
    count, seconds = int(sys.argv[2]), float(sys.argv[3])
    selector = selectors.DefaultSelector()
    pending = {}

    def connect():
        conn = socket.create_connection((host, int(port)))
        conn.setblocking(False)
        conn.sendall(BATCH)
        pending[conn] = REPLIES
        selector.register(conn, selectors.EVENT_READ)

    for _ in range(count):
        connect()
    reconnected = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for key, _ in selector.select(timeout=0.1):
            conn = key.fileobj
            try:
                data = conn.recv(65536)
            except ConnectionError:
                data = b""
            if not data:
                selector.unregister(conn)
                conn.close()
                del pending[conn]
                reconnected += 1
                connect()
                continue
            pending[conn] -= len(data)
            if pending[conn] <= 0:
                conn.sendall(BATCH)
                pending[conn] += REPLIES
    print(f"reconnected {reconnected}")


if __name__ == "__main__":
    main()
