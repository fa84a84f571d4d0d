#!/usr/bin/env python3
"""scripted_bot.py: a line-protocol bot that misbehaves on purpose, for the tests of the program
player and the bridge (tests/bridge). It answers each act request with its first legal entry
(without "pos") unless the mode says otherwise for that request (requests counted from 1 per
process):

  good            always answers
  slow=N,MS       sleeps MS milliseconds before answering request N
  crash=N         exits (code 3) on request N without answering
  garbage=N,M     answers request N with a line that is not JSON, request M with an illegal play
  extra=N         writes a line no request asked for after answering request N
  always-garbage  answers every request with a line that is not JSON
  log             also copies every line it reads to the file named by $SCRIPTED_BOT_LOG
  fds             first writes the numbers of its open file descriptors to $SCRIPTED_BOT_LOG

Standard library only.
"""
import json
import os
import sys
import time


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        return
    mode, _, args = sys.argv[1].partition("=")
    numbers = [int(x) for x in args.split(",") if x]
    log = open(os.environ["SCRIPTED_BOT_LOG"], "a") if mode in ("log", "fds") else None
    if mode == "fds":
        log.write(json.dumps(sorted(int(fd) for fd in os.listdir("/proc/self/fd"))) + "\n")
        log.close()
        log = None
    requests = 0
    for line in sys.stdin:
        if log:
            log.write(line)
            log.flush()
        message = json.loads(line)
        if message.get("type") != "act":
            continue
        requests += 1
        answer = {k: v for k, v in message["view"]["legal"][0].items() if k != "pos"}
        if message["view"]["legal"][0]["type"] == "concede":
            answer = {k: v for k, v in message["view"]["legal"][1].items() if k != "pos"}
        text = json.dumps(answer)
        if mode == "slow" and requests == numbers[0]:
            time.sleep(numbers[1] / 1000)
        if mode == "crash" and requests == numbers[0]:
            sys.exit(3)
        if mode == "garbage" and requests == numbers[0] or mode == "always-garbage":
            text = "this is not JSON"
        if mode == "garbage" and requests == numbers[1]:
            text = json.dumps({"type": "play", "card": "CJ"})
        print(text, flush=True)
        if mode == "extra" and requests == numbers[0]:
            print(json.dumps({"type": "pass"}), flush=True)


if __name__ == "__main__":
    main()
