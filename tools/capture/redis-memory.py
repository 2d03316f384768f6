#!/usr/bin/env python3
# SPDX-License-Identifier: EPL-2.0
"""The client side of tools/capture/redis-memory.sh: load on a Redis node whose connections' memory is sampled.

    redis-memory.py PORT LOG REQUESTS

A sampler connection (named sextant-sampler) sends CLIENT LIST at known instants and appends each reply to LOG,
after a line "# sample N <what the node was doing>":
  1. a command sent in parts: a SET of a 200,000-byte value, its header and 50,000 bytes at a time, sampled after
     each part (the query buffer holds what the command has brought so far), then a short SET cut in its value;
  2. `redis-benchmark -n REQUESTS -c 4` (all its tests) while the sampler sends CLIENT LIST every millisecond;
  3. five XADDs, a SUBSCRIBE and three PUBLISHes, so that every data structure has requests;
  4. a client that stops reading: GETs of the 200,000-byte value sent without reading their replies (a small
     receive buffer, so that Redis holds most of them), sampled as they pile up, then read, sampled again.
Plain sockets and RESP, so that nothing but Python is needed.
"""
import socket
import subprocess
import sys
import time


STALL_ROUNDS = 3   # rounds of GETs the client that stops reading sends
STALL_GETS = 10


def command(*words):
    """A command in RESP, as bytes."""
    out = [b"*%d\r\n" % len(words)]
    for word in words:
        data = word if isinstance(word, bytes) else str(word).encode()
        out.append(b"$%d\r\n%s\r\n" % (len(data), data))
    return b"".join(out)


def reply(sock):
    """One whole RESP reply read from the socket (simple string, error, integer, bulk string or array)."""
    buffer = bytearray()

    def need(n):
        while len(buffer) < n:
            chunk = sock.recv(65536)
            if not chunk:
                raise ConnectionError("the node closed the connection")
            buffer.extend(chunk)

    def line(at):
        while True:
            end = buffer.find(b"\r\n", at)
            if end >= 0:
                return end
            need(len(buffer) + 1)

    def parse(at):
        need(at + 1)
        end = line(at)
        kind, head = buffer[at:at + 1], bytes(buffer[at + 1:end])
        if kind in (b"+", b"-", b":"):
            return head, end + 2
        if kind == b"$":
            length = int(head)
            if length < 0:
                return None, end + 2
            need(end + 2 + length + 2)
            return bytes(buffer[end + 2:end + 2 + length]), end + 2 + length + 2
        if kind == b"*":
            items, at = [], end + 2
            for _ in range(int(head)):
                item, at = parse(at)
                items.append(item)
            return items, at
        raise ValueError(f"not RESP: {bytes(buffer[at:at + 20])!r}")

    value, _ = parse(0)
    return value


def connect(port):
    sock = socket.create_connection(("127.0.0.1", port))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def main():
    port, log_path, requests = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    sampler = connect(port)
    sampler.sendall(command("CLIENT", "SETNAME", "sextant-sampler"))
    reply(sampler)
    samples = 0
    with open(log_path, "w", encoding="ascii") as log:
        def sample(what):
            nonlocal samples
            sampler.sendall(command("CLIENT", "LIST"))
            listing = reply(sampler).decode()
            samples += 1
            log.write(f"# sample {samples} {what}\n{listing}")

        parts = connect(port)
        value = b"v" * 200000
        whole = command("SET", "big", value)
        header = len(whole) - len(value) - 2
        for cut in [header + n for n in (0, 50000, 100000, 150000)]:
            parts.sendall(whole[cut - (50000 if cut > header else header):cut])
            time.sleep(0.05)
            sample(f"parts: {cut} of {len(whole)} bytes sent")
        parts.sendall(whole[header + 150000:])
        reply(parts)
        short = command("SET", "k", "hello")
        parts.sendall(short[:-4])
        time.sleep(0.05)
        sample(f"parts: {len(short) - 4} of {len(short)} bytes sent")
        parts.sendall(short[-4:])
        reply(parts)
        sample("parts: all sent")

        benchmark = subprocess.Popen(["redis-benchmark", "-p", str(port), "-n", str(requests), "-c", "4", "-q"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while benchmark.poll() is None:
            sample("benchmark")
            time.sleep(0.001)
        if benchmark.returncode != 0:
            sys.exit(f"redis-benchmark failed ({benchmark.returncode})")

        for i in range(5):
            parts.sendall(command("XADD", "stream", "*", "field", i))
            reply(parts)
        subscriber = connect(port)
        subscriber.sendall(command("SUBSCRIBE", "channel"))
        reply(subscriber)
        for i in range(3):
            parts.sendall(command("PUBLISH", "channel", f"message {i}"))
            reply(parts)
            reply(subscriber)
        sample("after the streams and channels")

        stalled = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        stalled.connect(("127.0.0.1", port))
        for sent in range(1, STALL_ROUNDS + 1):
            stalled.sendall(command("GET", "big") * STALL_GETS)
            time.sleep(0.1)
            sample(f"stalled: {sent * STALL_GETS} GETs of 200,000 bytes sent, no reply read")
        expected = (b"$%d\r\n" % len(value) + value + b"\r\n") * (STALL_ROUNDS * STALL_GETS)
        received = bytearray()
        while len(received) < len(expected):
            chunk = stalled.recv(1 << 20)
            if not chunk:
                sys.exit("the node closed the stalled connection")
            received.extend(chunk)
        if received != expected:
            sys.exit("the stalled client's replies are not the GETs' values")
        time.sleep(0.05)
        sample("stalled: every reply read")
        stalled.close()
    print(f"{samples} samples in {log_path}")


if __name__ == "__main__":
    main()
