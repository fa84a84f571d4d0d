#!/usr/bin/env python3
"""random_bot.py: a Skat bot of the line protocol that answers every act request with a uniformly
random legal action (never a concession, like the house bot `random`).

It reads one JSON message per line on stdin: the messages of the seat it plays, as
`skat bot --program` forwards them from the server, or the act requests of an in-process
`skat tournament --a "program:python3 examples/bots/random_bot.py"`. For each "act" it writes
one line on stdout: one of the act's view.legal entries without "pos". Every other message is
read and ignored. The generator is seeded from the act's "seed" (a new one each game) when the act
has one, else from --seed, so the same requests get the same answers.

Standard library only. The protocol: docs/bots.md; how to run it: examples/bots/README.md.
"""
import argparse
import json
import random
import sys


def choose(act, rng):
    """A uniformly random legal action of the act request, without its "pos"."""
    legal = act["view"]["legal"]
    choices = [a for a in legal if a["type"] != "concede"] or legal
    answer = dict(rng.choice(choices))
    answer.pop("pos", None)
    return answer


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1, help="seed when an act carries none (default 1)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    seeded_with = None
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            message = json.loads(line)
        except ValueError:
            print(f"random_bot: not JSON, ignored: {line[:80]}", file=sys.stderr)
            continue
        if message.get("type") != "act":
            continue
        seed = message.get("seed")
        if seed is not None and seed != seeded_with:
            rng = random.Random(seed)
            seeded_with = seed
        print(json.dumps(choose(message, rng), separators=(",", ":")), flush=True)


if __name__ == "__main__":
    main()
