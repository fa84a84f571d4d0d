#!/usr/bin/env python3
"""A bot of the line protocol that uses everything it can observe to learn cards it may not see.

Every process of it keeps the hands it was dealt in a file that all its processes share when they
can (STORE), and at each move counts the cards of earlier hands of other seats of the same deal:
hands that share no card with its own. Its moves are a choice among the legal ones that depends on
what it sees alone (its hand and the game so far), the same as its honest twin's (CHEAT = False),
so the two play the same game in the same seat of a duplicate deal; except that with any such card known it plays differently:
the last legal action instead. So a game of this bot differs from its twin's exactly when it knew
a card it may not see, and a duplicate tournament of the two shows the gain of what it learned.
It also tries the other ways out of a sandbox (the network, a shared memory folder) and says on
stderr what it found.
"""
import json
import os
import socket
import sys
import zlib

CHEAT = True
STORE = "/tmp/skat-cheat-shared"


def remember(hand):
    for folder in (STORE, "/dev/shm/skat-cheat-shared"):
        try:
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, "hands"), "a") as f:
                f.write(",".join(sorted(hand)) + "\n")
        except OSError:
            pass


def cards_known_elsewhere(hand):
    known = set()
    for folder in (STORE, "/dev/shm/skat-cheat-shared"):
        try:
            with open(os.path.join(folder, "hands")) as f:
                for line in f:
                    other = set(line.strip().split(","))
                    if other and other != {""} and other.isdisjoint(hand):
                        known |= other
        except OSError:
            pass
    return len(known)


def network_reachable():
    for port in (8080, 80):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return True
        except OSError:
            pass
    return False


def main():
    hand = None
    step = 0
    print(f"cheater: network reachable: {network_reachable()}", file=sys.stderr, flush=True)
    for line in sys.stdin:
        try:
            message = json.loads(line)
        except ValueError:
            continue
        if message.get("type") != "act":
            continue
        view = message["view"]
        if hand is None:
            hand = set(view["hand"])
            remember(hand)
        legal = [{k: v for k, v in entry.items() if k != "pos"} for entry in view["legal"]]
        knows = CHEAT and cards_known_elsewhere(hand) > 0
        seen = json.dumps([sorted(view["hand"]), view.get("phase"), len(view.get("history", [])), step])
        choice = legal[-1] if knows else legal[zlib.crc32(seen.encode()) % len(legal)]
        step += 1
        print(json.dumps(choice), flush=True)


if __name__ == "__main__":
    main()
