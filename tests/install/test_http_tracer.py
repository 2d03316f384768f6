# SPDX-License-Identifier: EPL-2.0
"""The HTTP side of the transparent tracer on bad input (docs/http-events.md): a traced Node server is sent
HTTP/2 prior knowledge, a TLS ClientHello, a response instead of a request, a request closed mid-header and
garbage bytes, and makes a client call to a raw socket server that answers twice when asked once. Each case must
end in its http:skipped reason, and every reply the service sends must be byte-identical with and without the
tracer; the span analysis of that recording counts each reason and warns of it. Needs node, lttng and
babeltrace2 (skipped, with the reason, where they are missing)."""

import json
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import threading
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SERVICE = Path(__file__).resolve().parent / "http_service.js"

pytestmark = pytest.mark.skipif(
    any(shutil.which(tool) is None for tool in ("node", "lttng", "babeltrace2", "cc")),
    reason="the HTTP tracer test needs node, lttng-tools, babeltrace2 and a C compiler")


def client_hello():
    """A real TLS ClientHello, from Python's own TLS stack: the bytes a TLS client sends first."""
    context = ssl.create_default_context()
    incoming, outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
    tls = context.wrap_bio(incoming, outgoing, server_hostname="localhost")
    with pytest.raises(ssl.SSLWantReadError):
        tls.do_handshake()
    return outgoing.read()


def exchange(port, data, close_write=False):
    """Sends `data` on a new connection and returns every byte the service sends back until it closes (or
    until it has been quiet for a second: a keep-alive reply)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(data)
        if close_write:
            connection.shutdown(socket.SHUT_WR)
        connection.settimeout(1)
        reply = b""
        try:
            while part := connection.recv(65536):
                reply += part
        except (socket.timeout, ConnectionResetError):
            pass
        return reply


class UnaskedAnswers:
    """A raw socket server: for each connection, reads a request head, then answers it twice."""

    ANSWER = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi"

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            with connection:
                head = b""
                while b"\r\n\r\n" not in head and (part := connection.recv(4096)):
                    head += part
                connection.sendall(self.ANSWER + self.ANSWER)
                connection.settimeout(2)
                try:
                    connection.recv(4096)
                except (socket.timeout, OSError):
                    pass

    def close(self):
        self.listener.close()


def cases(hello, raw_port):
    return {
        "http2": (b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\x00\x00\x00\x04\x00\x00\x00\x00\x00", False),
        "tls": (hello, False),
        "response_without_request": (b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", False),
        "closed_mid_message": (b"GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nAcc", True),
        "not_http": (b"\x00\xff\x13\x37garbage that is not HTTP\r\n\r\n", False),
        "client call answered twice": (f"GET /fetch/{raw_port} HTTP/1.1\r\nHost: x\r\n\r\n".encode(), False),
        "good request": (b"GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", False),
    }


def bad_input(hello, raw_port):
    """Plays each bad input case on a connection of its own; returns the replies."""
    def play(port):
        return {name: exchange(port, data, close_write) for name, (data, close_write) in cases(hello, raw_port).items()}
    return play


def run_service(command, play):
    """Starts the service with `command` prefixed, lets `play(port)` talk to it, stops it; returns what play did."""
    service = subprocess.Popen([*command, "node", str(SERVICE)], stdout=subprocess.PIPE, text=True,
                               start_new_session=True)
    try:
        line = service.stdout.readline()
        match = re.match(r"listening (\d+)", line)
        assert match, f"the service did not start: {line!r}"
        return play(int(match.group(1)))
    finally:
        # The service first, with SIGTERM, so it exits cleanly; record then ends its session.
        for pid in subprocess.run(["pgrep", "-s", str(service.pid), "-x", "node"], capture_output=True,
                                  text=True, check=False).stdout.split():
            os.kill(int(pid), signal.SIGTERM)
        service.wait(timeout=60)


def skipped_events(directory):
    run = subprocess.run(["babeltrace2", str(directory)], capture_output=True, text=True, check=True)
    events = [line for line in run.stdout.splitlines() if " http:" in line]
    skipped = [re.search(r'reason = "(\w+)"', line).group(1) for line in events if " http:skipped:" in line]
    return events, skipped


def record_prefix(out):
    return [str(ROOT / "sextant"), "record", "--out", str(out), "--"]


def test_bad_input_is_skipped_with_its_reason_and_replies_do_not_change(tmp_path):
    hello = client_hello()
    raw = UnaskedAnswers()
    try:
        plain = run_service([], bad_input(hello, raw.port))
        out = tmp_path / "recording"
        traced = run_service(record_prefix(out), bad_input(hello, raw.port))
    finally:
        raw.close()

    assert traced == plain
    # Node itself refuses the bad ones (a 400 and a close): the tracer changed none of it.
    for name in ("http2", "tls", "response_without_request", "closed_mid_message", "not_http"):
        assert plain[name].startswith(b"HTTP/1.1 400 "), (name, plain[name])
    assert plain["good request"].startswith(b"HTTP/1.1 200 OK\r\n") and plain["good request"].endswith(b"hello")
    assert plain["client call answered twice"].endswith(b"fetched 200 hi")

    events, skipped = skipped_events(out)
    # The server side: one per bad connection; the client side: the unasked second answer.
    assert sorted(skipped) == sorted(["http2", "tls", "response_without_request", "closed_mid_message", "not_http",
                                      "response_without_request"])
    client_skip = [line for line in events if 'reason = "response_without_request"' in line and "outgoing = 0" in line]
    assert len(client_skip) == 2   # the server reading a response, and the client reading the second answer
    # The good requests were still traced: /hello, /fetch and its client call, each with its response.
    heads = [line for line in events if " http:request_head:" in line]
    assert len(heads) == 3, heads
    assert sum(" http:message_end:" in line for line in events) == 6

    # The analysis a user runs on it counts each reason and warns once per reason, with its count.
    run = subprocess.run([str(ROOT / "sextant"), "analyze", "--analysis", "spans", "--json", str(out)],
                         capture_output=True, text=True, timeout=600, check=False)
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)["traces"][0]
    reasons = {key[len("skipped_"):]: count for key, count in summary["problems"].items() if key.startswith("skipped_")}
    assert reasons == dict(Counter(skipped))
    printed = [line for line in run.stderr.splitlines() if line.startswith("[sextant] warning: ")]
    assert printed == [f"[sextant] warning: {warning}" for warning in summary["warnings"]]
    for reason, count in reasons.items():
        lines = [w for w in summary["warnings"] if f"({reason}): " in w]
        assert len(lines) == 1 and lines[0].startswith(f"{out}: ") and f"({reason}): {count}" in lines[0], \
            summary["warnings"]
    assert len(summary["warnings"]) == len(reasons), "nothing else is warned: the good requests made whole spans"
    print(f"[spans] bad input: {len(summary['warnings'])} warnings: {summary['warnings']}")
    assert summary["spans"] == 3, "/hello, /fetch and its client call"


BODY = bytes(range(256)) * 4096   # 1 MiB


def framing(port):
    """One keep-alive connection: three pipelined GETs in one send; a 1 MiB content-length body in 64 KiB sends;
    a chunked body whose size lines and CRLFs are sent a byte at a time; a streamed (chunked) response; then a
    close. Returns everything the service sent back."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        connection.sendall(b"GET /hello HTTP/1.1\r\nHost: h\r\n\r\n" * 3)
        connection.sendall(b"POST /big HTTP/1.1\r\nHost: h\r\nContent-Length: %d\r\n\r\n" % len(BODY))
        for start in range(0, len(BODY), 65536):
            connection.sendall(BODY[start:start + 65536])
        connection.sendall(b"POST /chunked HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n")
        for chunk in (b"a" * 10, b"b" * 300, b"c"):
            for byte in b"%x\r\n" % len(chunk):
                connection.sendall(bytes([byte]))
            connection.sendall(chunk)
            connection.sendall(b"\r")
            connection.sendall(b"\n")
        connection.sendall(b"0\r\n\r\n")
        connection.sendall(b"GET /stream HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        reply = b""
        while part := connection.recv(65536):
            reply += part
        return reply


def test_keep_alive_pipelining_and_bodies_over_many_reads_are_framed_exactly(tmp_path):
    plain = run_service([], framing)
    out = tmp_path / "recording"
    traced = run_service(record_prefix(out), framing)

    assert traced == plain
    assert plain.count(b"HTTP/1.1 200 OK") == 6
    assert b"received 1048576" in plain and b"received 311" in plain

    events, skipped = skipped_events(out)
    assert skipped == []
    heads = [line for line in events if " http:request_head:" in line]
    assert [re.search(r'target = "([^"]*)"', line).group(1) for line in heads] == \
        ["/hello", "/hello", "/hello", "/big", "/chunked", "/stream"]
    assert [re.search(r"body_length = (-?\d+)", line).group(1) for line in heads] == \
        ["0", "0", "0", str(len(BODY)), "-1", "0"]
    ends = [line for line in events if " http:message_end:" in line]
    requests = [int(re.search(r"body_bytes = (\d+)", line).group(1)) for line in ends if "outgoing = 0" in line]
    responses = [line for line in ends if "outgoing = 1" in line]
    assert requests == [0, 0, 0, len(BODY), 311, 0]
    assert [int(re.search(r"seq = (\d+)", line).group(1)) for line in responses] == list(range(6))
    streamed = sum(len(f"line {i}\n") for i in range(100))
    assert int(re.search(r"body_bytes = (\d+)", responses[-1]).group(1)) == streamed
    assert sum(" http:response_head:" in line for line in events) == 6
