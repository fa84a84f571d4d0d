#!/usr/bin/env python3
"""ws_bot.py: a Skat bot that speaks the server's WebSocket protocol itself (docs/protocol.md),
with no bridge: a minimal RFC 6455 client over plain TCP (no TLS) and a random player.

  python3 examples/bots/ws_bot.py --url ws://127.0.0.1:8080/ws --name my-bot --token SECRET [--seats 2]
  python3 examples/bots/ws_bot.py --url ws://127.0.0.1:8080/ws --guest anna   (prints a new guest's session token)

It logs in as the bot account (hello with "bot": true), joins every table it is invited to,
answers each act request with a uniformly random legal action (never a concession) carrying the
request's "table" and "version", plays at several tables at once, and after a closed connection
connects again and resumes its tables. --seats opens that many connections (the server invites
one connection per seat). Client frames are masked; text messages may come in continuation
frames; pings are answered.

As a library (tests): WebSocket(url) is the client (send_text, receive, close), guest_token(url, name)
says hello as a guest and returns the session token of its welcome (what `Authorization: Bearer`
needs for /api/bots), and play(url, name, token) runs one connection of the bot.

Standard library only.
"""
import argparse
import base64
import hashlib
import json
import os
import random
import socket
import struct
import sys
import threading
import time
import urllib.parse

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class Closed(Exception):
    """The connection is closed."""


class WebSocket:
    """A WebSocket client connection (RFC 6455) to ws://host:port/path."""

    def __init__(self, url, timeout=10.0):
        parts = urllib.parse.urlsplit(url)
        if parts.scheme != "ws" or not parts.hostname:
            raise ValueError(f"not a ws:// URL: {url}")
        self.sock = socket.create_connection((parts.hostname, parts.port or 80), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""
        self.lock = threading.Lock()  # one frame at a time (answers to pings come from the reader)
        key = base64.b64encode(os.urandom(16)).decode()
        path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        request = (f"GET {path} HTTP/1.1\r\nHost: {parts.hostname}:{parts.port or 80}\r\n"
                   "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                   f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(request.encode())
        while b"\r\n\r\n" not in self.buffer:
            self._fill()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        if " 101 " not in lines[0] + " ":
            raise Closed(f"handshake refused: {lines[0]}")
        headers = {k.strip().lower(): v.strip() for k, v in (line.split(":", 1) for line in lines[1:] if ":" in line)}
        accept = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
        if headers.get("sec-websocket-accept") != accept:
            raise Closed("handshake: wrong Sec-WebSocket-Accept")
        self.sock.settimeout(None)

    def _fill(self):
        data = self.sock.recv(65536)
        if not data:
            raise Closed("connection closed")
        self.buffer += data

    def _take(self, n):
        while len(self.buffer) < n:
            self._fill()
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def _send_frame(self, opcode, payload):
        header = bytes([0x80 | opcode])
        n = len(payload)
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack("!H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack("!Q", n)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        with self.lock:
            self.sock.sendall(header + mask + masked)

    def send_text(self, text):
        self._send_frame(0x1, text.encode())

    def send_json(self, message):
        self.send_text(json.dumps(message, separators=(",", ":")))

    def receive(self):
        """The next text message (continuation frames joined); pings are answered on the way."""
        parts, binary = None, False
        while True:
            first, second = self._take(2)
            fin, opcode, length = first & 0x80, first & 0x0F, second & 0x7F
            if length == 126:
                length = struct.unpack("!H", self._take(2))[0]
            elif length == 127:
                length = struct.unpack("!Q", self._take(8))[0]
            mask = self._take(4) if second & 0x80 else None
            payload = self._take(length)
            if mask:
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            if opcode == 0x8:  # close: answer it and stop
                try:
                    self._send_frame(0x8, payload[:2])
                except OSError:
                    pass
                raise Closed("closed by the server")
            if opcode == 0x9:
                self._send_frame(0xA, payload)
                continue
            if opcode in (0x1, 0x2):
                parts, binary = [payload], opcode == 0x2
            elif opcode == 0x0 and parts is not None:
                parts.append(payload)
            else:
                continue  # a pong, or a continuation of nothing
            if fin:
                if not binary:
                    return b"".join(parts).decode()
                parts = None  # binary messages are not part of the protocol

    def receive_json(self):
        return json.loads(self.receive())

    def close(self):
        try:
            self._send_frame(0x8, struct.pack("!H", 1000))
        except OSError:
            pass
        self.sock.close()


def guest_token(url, name):
    """Says hello as a guest called `name` and returns the session token of the welcome."""
    ws = WebSocket(url)
    try:
        ws.send_json({"type": "hello", "protocol": 1, "name": name})
        while True:
            message = ws.receive_json()
            if message.get("type") == "welcome":
                return message["token"]
            if message.get("type") == "error":
                raise RuntimeError(f"hello refused: {message}")
    finally:
        ws.close()


def random_answer(act, rng):
    legal = act["view"]["legal"]
    choices = [a for a in legal if a["type"] != "concede"] or legal
    answer = {k: v for k, v in rng.choice(choices).items() if k != "pos"}
    answer["table"], answer["version"] = act["table"], act["version"]
    return answer


def log(name, text):
    print(f"ws_bot {name}: {text}", file=sys.stderr, flush=True)


def play(url, name, token, stop=None, seed=1):
    """One connection of the bot: plays until `stop` (a threading.Event) is set, reconnecting after
    a closed connection (0.5 s, doubling up to 8 s) and resuming the tables it plays."""
    tables = {}  # table -> last version seen
    answered = set()  # (table, version) of the act requests answered
    rng = random.Random(seed)
    backoff = 0.5
    while not (stop and stop.is_set()):
        try:
            ws = WebSocket(url)
        except (OSError, Closed) as e:
            log(name, f"connect: {e}; again in {backoff} s")
            time.sleep(backoff)
            backoff = min(8.0, backoff * 2)
            continue
        try:
            ws.send_json({"type": "hello", "protocol": 1, "name": name, "token": token, "bot": True})
            while not (stop and stop.is_set()):
                m = ws.receive_json()
                kind, table = m.get("type"), m.get("table")
                if isinstance(table, int) and isinstance(m.get("version"), int) and kind != "act":
                    tables[table] = max(tables.get(table, 0), m["version"])
                if kind == "welcome":
                    backoff = 0.5
                    log(name, "connected")
                    for t, version in tables.items():
                        ws.send_json({"type": "resume", "table": t, "version": version})
                elif kind == "invite":
                    tables.setdefault(table, 0)
                    ws.send_json({"type": "join_table", "table": table, "seat": m.get("seat", 0)})
                elif kind == "act" and (table, m["version"]) not in answered:
                    if m.get("seed") is not None:
                        rng = random.Random(m["seed"] * 31 + m["version"])
                    answered.add((table, m["version"]))
                    ws.send_json(random_answer(m, rng))
                elif kind == "series_finished":
                    tables.pop(table, None)
                elif kind == "error":
                    log(name, f"server error {m.get('code')}: {m.get('message')}")
                    if m.get("code") == "auth_failed":
                        return
                    if m.get("code") == "stale" and isinstance(table, int):
                        ws.send_json({"type": "resume", "table": table, "version": tables.get(table, 0)})
        except (OSError, Closed, ValueError) as e:
            log(name, f"connection lost ({e}); again in {backoff} s")
            time.sleep(backoff)
            backoff = min(8.0, backoff * 2)
        finally:
            ws.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", default="ws://127.0.0.1:8080/ws", help="the server's WebSocket URL")
    parser.add_argument("--guest", metavar="NAME",
                        help="say hello as a new guest of this name, print its session token and exit")
    parser.add_argument("--name", help="the bot account's name")
    parser.add_argument("--token", help="the bot account's secret token")
    parser.add_argument("--seats", type=int, default=2, help="connections, one seat each (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the moves when an act carries none")
    args = parser.parse_args()
    if args.guest:
        print(guest_token(args.url, args.guest))
        return
    if not args.name or not args.token:
        parser.error("--name and --token are needed to play (or --guest NAME for a session token)")
    stop = threading.Event()
    threads = [threading.Thread(target=play, args=(args.url, args.name, args.token, stop, args.seed + i), daemon=True)
               for i in range(args.seats)]
    for t in threads:
        t.start()
    try:
        while any(t.is_alive() for t in threads):
            time.sleep(0.5)
    except KeyboardInterrupt:
        stop.set()


if __name__ == "__main__":
    main()
