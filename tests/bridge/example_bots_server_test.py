#!/usr/bin/env python3
"""The example bots (examples/bots) on a real server, as a new bot author plays them (docs/bots.md).

  example_bots_server_test.py SKAT SOURCE_DIR

Starts `skat serve` on a free port with a temporary database and admin token file, two house bots
of the program `rule` (accounts made through the admin API, run by `skat bot --kind rule`), and a
guest (examples/bots/ws_bot.py's guest_token), who creates bot accounts with `POST /api/bots` and
starts tournaments with its session token:
  A  heuristic_bot.py through the bridge `skat bot --program` against rule, 2 deals (POST /api/tournaments);
  B  ws_bot.py, the WebSocket client of its own, against rule, 1 deal (POST /api/tournaments);
  C  heuristic_bot.py against rule, 1 deal, started by `skat tournament --server --token-file`;
  D  ws_bot.py against rule, 1 deal, the operator's (`skat tournament --server --admin-token-file`);
  E  heuristic_bot.py uploaded (PUT /api/bots/ID/program) and played by the server in its sandbox
     ("sandbox:NAME") against rule, 2 deals;
  F  A's bot re-keyed: its bridge is refused and exits with code 3.
Each must finish with every deal played and the seed revealed and matching its seed_sha256; A to C
and E also with no timeouts of the player's bot and the guest as starter and owner; A to D are
friendly matches (the bot plays on its own connections) that no leaderboard counts, E is rated and
puts the bot on the bots' leaderboard.
Everything started here is stopped at the end; on a failure the server's and the bots' logs are
printed. Python 3 standard library only.
"""
import ctypes
import hashlib
import json
import os
import re
import secrets
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.error
import urllib.request

SKAT, SOURCE = sys.argv[1], sys.argv[2]
PYTHON = "/usr/bin/python3"
sys.path.insert(0, os.path.join(SOURCE, "examples", "bots"))
import ws_bot  # noqa: E402  (the example's WebSocket client: guest_token)

WORK = tempfile.mkdtemp(prefix="skat-example-bots-")
PROCESSES = []  # (name, Popen, log path), in the order started
DEADLINE_S = 420  # per tournament: far beyond what it takes, even under the sanitizers
GUEST = "bot-author"
BASE = None  # http://127.0.0.1:PORT once the server listens
DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # no proxy of the environment


class Failure(Exception):
    pass


def check(condition, what):
    if not condition:
        raise Failure(what)


def die_with_parent():
    """In the child: SIGTERM when this script ends, however it ends (prctl PR_SET_PDEATHSIG)."""
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM, 0, 0, 0)


def start(name, args):
    log = os.path.join(WORK, name + ".log")
    out = open(log, "wb")
    p = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, cwd=WORK,
                         preexec_fn=die_with_parent)
    out.close()
    PROCESSES.append((name, p, log))
    return p


def stop_all():
    """SIGTERM to each process started (the last first), SIGKILL after 60 s; returns their exit codes."""
    codes = {}
    for name, p, _ in reversed(PROCESSES):
        if p.poll() is None:
            p.send_signal(signal.SIGTERM)
            try:
                p.wait(timeout=60)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        codes[name] = p.returncode
    return codes


def show_logs():
    for name, _, log in PROCESSES:
        with open(log, errors="replace") as f:
            text = f.read()
        if len(text) > 60000:
            text = "[…]\n" + text[-60000:]
        print(f"===== {name} ({log}) =====\n{text}", file=sys.stderr)


def slurp(path):
    with open(path, errors="replace") as f:
        return f.read()


def http(method, path, body=None, token=None):
    """(status, JSON answer) of one request to the server."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"{BASE}{path}", data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with DIRECT.open(request, timeout=60) as r:
            status, text = r.status, r.read()
    except urllib.error.HTTPError as e:
        status, text = e.code, e.read()
    try:
        return status, json.loads(text)
    except ValueError:
        return status, {"unparsed": text.decode(errors="replace")}


def expect(status, method, path, body=None, token=None):
    got, answer = http(method, path, body, token)
    check(got == status, f"{method} {path} {json.dumps(body)}: expected {status}, got {got}: {answer}")
    return answer


def eventually(ready, what, limit_s):
    end = time.monotonic() + limit_s
    while time.monotonic() < end:
        if ready():
            return
        for _, p, _ in PROCESSES:
            check(p.poll() is None, f"{p.args[0]} {p.args[1]} ended early (exit {p.returncode}) while waiting: {what}")
        time.sleep(0.2)
    raise Failure(f"timed out after {limit_s} s: {what}")


def start_server():
    token_file = os.path.join(WORK, "admin-token")
    fd = os.open(token_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    admin = secrets.token_hex(24)
    os.write(fd, (admin + "\n").encode())
    os.close(fd)
    start("serve", [SKAT, "serve", "--port", "0", "--db", os.path.join(WORK, "skat.db"), "--admin-token-file",
                    token_file, "--web", os.path.join(WORK, "no-web"), "--strength-tables", ""])
    port = []

    def listening():
        m = re.search(r"listening on http://[0-9.]+:([0-9]+)/", slurp(PROCESSES[0][2]))
        if m:
            port.append(int(m.group(1)))
        return bool(port)

    eventually(listening, "the server listens", 120)
    return port[0], admin


def online(session, program):
    """Whether the house program has two connections, or the player's bot `program` is online."""
    options = expect(200, "GET", "/api/tournaments/options", token=session)
    house = {h["program"]: h["online"] for h in options["house"]}
    bots = {b["program"]: b["online"] for b in options["bots"]}
    return house.get("rule", 0) >= 2 and bots.get(program, False)


def finished(tournament_id):
    """The tournament once it is no longer running."""
    got = []

    def ended():
        got[:] = [expect(200, "GET", f"/api/tournaments/{tournament_id}")]
        return got[0]["status"] != "running"

    eventually(ended, f"tournament {tournament_id} ends", DEADLINE_S)
    return got[0]


def check_tournament(t, program, deals):
    """A finished tournament of the guest's bot `program` (A) against rule (B): rated when the
    server ran its uploaded program ("sandbox:NAME"), a friendly match on its own connections
    ("account:NAME")."""
    what = f"tournament {t['id']} ({program} against rule)"
    check(t["status"] == "finished", f"{what}: status {t['status']}, not finished: {json.dumps(t)[:2000]}")
    check(t["a"] == program and t["b"] == "rule", f"{what}: sides {t['a']} / {t['b']}")
    check(t["deals"] == deals and t["deals_done"] == deals, f"{what}: deals_done {t['deals_done']} of {t['deals']}")
    check(t["sealed"] is True, f"{what}: not sealed")
    seed = t["seed"]
    check(isinstance(seed, int), f"{what}: seed not revealed: {seed!r}")
    check(hashlib.sha256(str(seed).encode()).hexdigest() == t["seed_sha256"],
          f"{what}: SHA-256 of seed {seed} is not seed_sha256 {t['seed_sha256']}")
    starter = t["started_by"]
    check(starter is not None and starter["name"] == GUEST, f"{what}: started_by {starter}")
    check(t["owners"]["a"] == starter and t["owners"]["b"] is None, f"{what}: owners {t['owners']}")
    report = t["report"]
    check(report["a"] == program and report["b"] == "rule", f"{what}: report of {report['a']} / {report['b']}")
    for seating in report["seatings"]:
        check(seating["a"]["timeouts"] == 0, f"{what}: A had timeouts in {json.dumps(seating)[:1000]}")
    total = report["seatings"][-1]
    check(total["games"] == deals * 6, f"{what}: {total['games']} games in the report's total, not {deals * 6}")
    rated = program.startswith("sandbox:")
    check(t["rated"] is rated, f"{what}: rated {t['rated']}")
    name = program.split(":", 1)[1]
    if rated:
        check(seating_faults(total) == {"timeouts": 0, "crashes": 0, "garbage": 0},
              f"{what}: the program's faults {total['a'].get('program_faults')}")
    # The leaderboard counts finished series of rated tournaments: the tournament's last one may be
    # stored a moment after the tournament ends.
    rows = []

    def on_the_board():
        board = expect(200, "GET", "/api/leaderboard?kind=bots")
        rows[:] = [row for row in board["players"] if row.get("name") == name]
        return bool(rows)

    if not rated:
        check(not on_the_board(), f"{what}: a friendly match on the leaderboard: {rows}")
        return
    eventually(on_the_board, f"{program} on the bots' leaderboard", 60)
    check(len(rows) == 1, f"{what}: {len(rows)} leaderboard rows of {program}: {rows}")
    check(rows[0]["owner"] == starter, f"{what}: leaderboard owner {rows[0]['owner']}, not {starter}")
    check(rows[0]["bot_kind"] == f"account:{name}", f"{what}: leaderboard program {rows[0]['bot_kind']}")


def seating_faults(seating):
    return seating["a"].get("program_faults")


def new_bot(session, name):
    bot = expect(201, "POST", "/api/bots", {"name": name}, session)
    check(bot["program"] == f"account:{name}" and bot["token"], f"POST /api/bots: {bot}")
    return bot


def run():
    global BASE
    port, admin = start_server()
    BASE = f"http://127.0.0.1:{port}"
    url = f"ws://127.0.0.1:{port}/ws"

    # The house: two accounts of the operator, played by the built-in rule bot.
    tokens = os.path.join(WORK, "house-tokens")
    with open(tokens, "w") as f:
        for i in (1, 2):
            house = expect(201, "POST", "/api/admin/bots", {"name": f"house-{i}"}, admin)
            f.write(f"house-{i} {house['token']}\n")
    start("house", [SKAT, "bot", "--url", url, "--name", "house", "--count", "2", "--token-file", tokens,
                    "--kind", "rule"])

    # The bot author: a guest's session token, then bot accounts of its own.
    session = ws_bot.guest_token(url, GUEST)
    check(len(session) >= 16, f"guest_token: {session!r}")
    # The same from the command line, run from another folder (docs/bots.md §1).
    printed = subprocess.run([PYTHON, f"{SOURCE}/examples/bots/ws_bot.py", "--url", url, "--guest", GUEST + "-cli"],
                             cwd="/", capture_output=True, text=True, timeout=60)
    check(printed.returncode == 0 and len(printed.stdout.strip()) >= 16, f"ws_bot.py --guest: {printed!r}")
    expect(401, "POST", "/api/bots", {"name": "nobody-s"})

    # A: heuristic_bot.py through the bridge, 2 deals against rule.
    heuristic = new_bot(session, "heuristic")
    start("bridge", [SKAT, "bot", "--program", f"{PYTHON} {SOURCE}/examples/bots/heuristic_bot.py", "--name",
                     "heuristic", "--token", heuristic["token"], "--url", url, "--seats", "2"])
    eventually(lambda: online(session, "account:heuristic"), "rule and account:heuristic online", 120)
    started = expect(201, "POST", "/api/tournaments", {"a": "account:heuristic", "b": "rule", "deals": 2}, session)
    check(re.fullmatch(r"[0-9a-f]{64}", started["seed_sha256"]), f"POST /api/tournaments: {started}")
    running = expect(200, "GET", f"/api/tournaments/{started['id']}")
    check(running["seed"] is None and running["seed_sha256"] == started["seed_sha256"],
          f"while running: seed {running['seed']}, seed_sha256 {running['seed_sha256']}")
    check_tournament(finished(started["id"]), "account:heuristic", 2)
    print(f"A: tournament {started['id']} of heuristic_bot.py through the bridge finished", flush=True)

    # B: ws_bot.py, a WebSocket client of its own, 1 deal against rule.
    random_ws = new_bot(session, "random-ws")
    start("ws_bot", [PYTHON, f"{SOURCE}/examples/bots/ws_bot.py", "--url", url, "--name", "random-ws", "--token",
                     random_ws["token"], "--seats", "2"])
    eventually(lambda: online(session, "account:random-ws"), "account:random-ws online", 120)
    started = expect(201, "POST", "/api/tournaments", {"a": "account:random-ws", "b": "rule", "deals": 1}, session)
    check_tournament(finished(started["id"]), "account:random-ws", 1)
    print(f"B: tournament {started['id']} of ws_bot.py finished", flush=True)

    # C: the player's tournament from the command line, with the session token in a file.
    session_file = os.path.join(WORK, "session-token")
    with open(session_file, "w") as f:
        f.write(session + "\n")
    cli = [SKAT, "tournament", "--server", BASE, "--token-file", session_file, "--a", "account:heuristic", "--b",
           "rule", "--deals", "1", "--json", "--quiet"]
    refused = subprocess.run(cli + ["--seed", "7"], capture_output=True, text=True, timeout=60)
    check(refused.returncode == 2 and "draws the seed" in refused.stderr,
          f"--token-file with --seed: exit {refused.returncode}: {refused.stderr}")
    alone = [SKAT, "tournament", "--token-file", session_file, "--a", "rule", "--b", "random", "--deals", "1"]
    for wrong in (alone, cli + ["--admin-token-file", os.path.join(WORK, "admin-token")]):
        refused = subprocess.run(wrong, capture_output=True, text=True, timeout=60)
        check(refused.returncode == 2, f"{' '.join(wrong[1:])}: exit {refused.returncode}: {refused.stderr}")
    done = subprocess.run(cli, capture_output=True, text=True, timeout=DEADLINE_S)
    check(done.returncode == 0, f"skat tournament --server --token-file: exit {done.returncode}\n"
                                f"stdout: {done.stdout}\nstderr: {done.stderr}")
    m = re.search(r"tournament ([0-9]+) started on \S+, seed_sha256 ([0-9a-f]{64})", done.stderr)
    check(m, f"skat tournament --server: no id and seed_sha256 on stderr: {done.stderr}")
    report = json.loads(done.stdout)
    check(report["a"] == "account:heuristic" and report["b"] == "rule", f"the printed report: {done.stdout[:1000]}")
    t = finished(int(m.group(1)))
    check(t["seed_sha256"] == m.group(2), f"tournament {t['id']}: seed_sha256 {t['seed_sha256']}, printed {m.group(2)}")
    check(f"seed {t['seed']}, its SHA-256 is the seed_sha256 shown" in done.stderr,
          f"skat tournament --server did not report the seed {t['seed']}: {done.stderr}")
    check(report == t["report"], "the printed report is not the server's")
    check_tournament(t, "account:heuristic", 1)
    print(f"C: tournament {t['id']} started by skat tournament --server --token-file finished", flush=True)

    # D: the operator's tournament of a player's bot from the command line, without --seed: the
    # server draws the seed, and nobody is its starter.
    admin_file = os.path.join(WORK, "admin-token")
    done = subprocess.run([SKAT, "tournament", "--server", BASE, "--admin-token-file", admin_file, "--a",
                           "account:random-ws", "--b", "rule", "--deals", "1", "--quiet"],
                          capture_output=True, text=True, timeout=DEADLINE_S)
    check(done.returncode == 0, f"skat tournament --server --admin-token-file: exit {done.returncode}\n"
                                f"stdout: {done.stdout}\nstderr: {done.stderr}")
    check("A = account:random-ws, B = rule" in done.stdout, f"the printed report: {done.stdout[:1000]}")
    m = re.search(r"tournament ([0-9]+) started on \S+, seed_sha256 ([0-9a-f]{64})", done.stderr)
    check(m, f"skat tournament --server: no id and seed_sha256 on stderr: {done.stderr}")
    t = finished(int(m.group(1)))
    check(t["status"] == "finished" and t["deals_done"] == 1, f"tournament {t['id']}: {json.dumps(t)[:2000]}")
    check(t["started_by"] is None and t["owners"]["a"] is not None, f"tournament {t['id']}: {t['started_by']}")
    check(t["seed"] != 1 and hashlib.sha256(str(t["seed"]).encode()).hexdigest() == t["seed_sha256"] == m.group(2),
          f"tournament {t['id']}: seed {t['seed']}, seed_sha256 {t['seed_sha256']}")
    print(f"D: tournament {t['id']} started by skat tournament --server --admin-token-file finished", flush=True)

    # D2: a gauntlet through the server: the pairings one after another as server tournaments, each
    # with the sequential test, then the crosstable of their stored reports.
    done = subprocess.run([SKAT, "tournament", "--server", BASE, "--admin-token-file", admin_file, "--bots", "rule",
                           "account:random-ws", "account:heuristic", "--format", "gauntlet", "--deals", "1",
                           "--seating", "2:1", "--sprt", "0,5", "--json", "--quiet"],
                          capture_output=True, text=True, timeout=DEADLINE_S)
    check(done.returncode == 0, f"skat tournament --server --bots: exit {done.returncode}\n"
                                f"stdout: {done.stdout}\nstderr: {done.stderr}")
    group = json.loads(done.stdout)
    check(group["format"] == "gauntlet" and len(group["pairings"]) == 2, f"the gauntlet: {done.stdout[:1000]}")
    check(group["pairings"][1]["report"]["b"] == "account:heuristic", f"the second pairing: {done.stdout[:1000]}")
    check(all(p["report"]["sprt"]["verdict"] == "inconclusive" for p in group["pairings"]),
          f"one deal decides no test: {done.stdout[:1000]}")
    rows = group["crosstable"]["rows"]
    check(len(rows) == 3 and rows[1]["cells"][2] is None and rows[0]["cells"][1] is not None,
          f"the crosstable: {json.dumps(group['crosstable'])}")
    print("D2: a gauntlet of three through the server, with its crosstable", flush=True)

    # E: heuristic_bot.py uploaded, played by the server in its sandbox: a rated tournament.
    uploaded = new_bot(session, "heuristic-up")
    with open(f"{SOURCE}/examples/bots/heuristic_bot.py") as f:
        source = f.read()
    put = expect(200, "PUT", f"/api/bots/{uploaded['player_id']}/program", {"language": "python3", "source": source},
                 session)
    check(put["program"] == "sandbox:heuristic-up", f"PUT /api/bots/ID/program: {put}")
    started = expect(201, "POST", "/api/tournaments", {"a": "sandbox:heuristic-up", "b": "rule", "deals": 2}, session)
    check_tournament(finished(started["id"]), "sandbox:heuristic-up", 2)
    print(f"E: tournament {started['id']} of the uploaded heuristic_bot.py in the sandbox finished", flush=True)

    # F: the bridge's bot re-keyed: the server refuses its old token and the bridge exits with code 3,
    # saying why, instead of waiting for nothing.
    bridge = next(p for name, p, _ in PROCESSES if name == "bridge")
    PROCESSES[:] = [entry for entry in PROCESSES if entry[0] != "bridge"]
    expect(200, "POST", f"/api/bots/{heuristic['player_id']}/token", None, session)
    try:
        code = bridge.wait(timeout=60)
    except subprocess.TimeoutExpired:
        bridge.kill()
        raise Failure("the bridge of a re-keyed bot did not exit")
    check(code == 3, f"the bridge of a re-keyed bot exited with {code}, not 3")
    check("refused the token of heuristic" in slurp(os.path.join(WORK, "bridge.log")),
          "the bridge did not say its token was refused")
    print("F: the bridge of the re-keyed bot exited with code 3", flush=True)


def terminated(signum, _frame):
    raise Failure(f"signal {signum}: stopping")


def main():
    started = time.monotonic()
    signal.signal(signal.SIGTERM, terminated)
    ok = False
    try:
        run()
        ok = True
    except BaseException:  # noqa: BLE001  (any failure, an interrupt too: report it with the logs)
        traceback.print_exc()
    codes = stop_all()
    if ok:
        bridge = slurp(os.path.join(WORK, "bridge.log"))
        if "the program's faults: 0 timeouts, 0 crashes, 0 garbage answers" not in bridge:
            print("the bridge did not end with 0 faults counted", file=sys.stderr)
            ok = False
        if codes.get("serve") != 0:
            print(f"skat serve exited with {codes.get('serve')} after SIGTERM", file=sys.stderr)
            ok = False
    if not ok:
        show_logs()
        print(f"FAILED after {time.monotonic() - started:.1f} s; files in {WORK}", file=sys.stderr)
        return 1
    subprocess.run(["rm", "-rf", WORK], check=False)
    print(f"passed in {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
