// The set-up of several nodes for the end-to-end tests (docs/scaling.md): a throw-away PostgreSQL
// (scripts/pg-throwaway.sh), two `skat serve --node` processes on it, Debian's HAProxy in front with
// the deployment's own configuration (deploy/haproxy.cfg), and one `skat bot` process that connects
// through the balancer like any client. Also a small client of the browser's WebSocket protocol
// (the `ws` package: Node 18, Debian 12's, has no WebSocket of its own) for the tables the test
// sets up itself.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync, chmodSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import WebSocket from 'ws';
import { freePort, skatBin, stopProcess, waitHttp, webDir } from './harness.mjs';

const root = resolve(webDir, '..');
const pgScript = join(root, 'scripts', 'pg-throwaway.sh');
const haproxyConfig = join(root, 'deploy', 'haproxy.cfg');
// Debian installs it in /usr/sbin, which a user's PATH may lack.
const haproxyBin = existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';

// Why the set-up cannot run here (null when it can): PostgreSQL's server binaries and HAProxy.
export function clusterMissing() {
  if (spawnSync(haproxyBin, ['-v']).status !== 0) return 'HAProxy is not installed (apt-get install haproxy)';
  const pg = spawnSync('bash', ['-c', 'ls /usr/lib/postgresql/*/bin/pg_ctl || command -v pg_ctl']);
  if (pg.status !== 0) return "PostgreSQL's server is not installed (apt-get install postgresql)";
  return null;
}

function run(cmd, args, name, dir, env = {}) {
  const out = join(dir, `${name}.log`);
  const p = spawn('bash', ['-c', `exec "$0" "$@" >>"${out}" 2>&1`, cmd, ...args], {
    stdio: 'ignore',
    env: { ...process.env, ...env },
  });
  p.logFile = out;
  return p;
}

export async function startCluster({ bots = 12, humanMoveMs = 120000, silentMs = 3000 } = {}) {
  if (!existsSync(skatBin)) throw new Error(`skat binary not found: ${skatBin} (set SKAT_BIN)`);
  const dir = mkdtempSync(join(tmpdir(), 'skat-nodes-'));
  chmodSync(dir, 0o755); // PostgreSQL runs as its own user below
  const pgDir = join(dir, 'pg');
  const db = execFileSync(pgScript, ['start', pgDir]).toString().trim();
  const procs = [];
  const stop = async () => {
    for (const p of procs.reverse()) await stopProcess(p);
    execFileSync(pgScript, ['stop', pgDir]);
    if (process.env.SKAT_KEEP_LOGS !== '1') rmSync(dir, { recursive: true, force: true });
  };
  try {
    let tokens = '';
    for (let i = 1; i <= bots; i++) {
      const secret = execFileSync(skatBin, [
        ...['--log-level', 'warn', 'admin', 'create-bot', '--db', db],
        ...['--name', `house-${i}`, '--kind', 'simple'],
      ])
        .toString()
        .trim();
      tokens += `house-${i} ${secret}\n`;
    }
    writeFileSync(join(dir, 'bot-tokens'), tokens, { mode: 0o600 });

    const nodes = {};
    for (const name of ['a', 'b']) {
      const port = await freePort();
      const args = [
        ...['--log-level', 'info', 'serve', '--port', String(port), '--db', db, '--node', name],
        ...['--node-silent-ms', String(silentMs), '--web', join(webDir, 'dist')],
        ...['--admin-token-file', join(dir, 'admin-token'), '--human-move-ms', String(humanMoveMs)],
        ...['--bot-move-ms', '5000'],
      ];
      const p = run(skatBin, args, `node-${name}`, dir);
      procs.push(p);
      nodes[name] = { name, port, process: p, base: `http://127.0.0.1:${port}` };
      await waitHttp(`${nodes[name].base}/healthz`);
    }

    const port = await freePort();
    const balancer = run(haproxyBin, ['-db', '-f', haproxyConfig], 'haproxy', dir, {
      SKAT_BALANCER_BIND: `127.0.0.1:${port}`,
      SKAT_NODE_A: `127.0.0.1:${nodes.a.port}`,
      SKAT_NODE_B: `127.0.0.1:${nodes.b.port}`,
    });
    procs.push(balancer);
    const base = `http://127.0.0.1:${port}`;
    await waitHttp(`${base}/healthz`);
    // Both nodes in the balancer's pool (its health checks need two passes) before the bots connect,
    // so that its least-connections choice spreads them over both.
    for (const name of ['a', 'b']) {
      const probe = await connect(`${base.replace('http', 'ws')}/n/${name}/ws`, { name: `probe-${name}` });
      probe.close();
    }
    await new Promise((r) => setTimeout(r, 2500));
    const bot = run(
      skatBin,
      [
        ...['--log-level', 'warn', 'bot', '--url', `ws://127.0.0.1:${port}/ws`, '--name', 'house'],
        ...['--count', String(bots), '--token-file', join(dir, 'bot-tokens')],
      ],
      'bots',
      dir,
    );
    procs.push(bot);
    // Each node needs five of them: a table of three bots and a person's table with two.
    await until(async () => {
      const lobbies = await Promise.all(Object.values(nodes).map((n) => lobbyOf(n.base)));
      const online = lobbies.map((l) => l.online.filter((p) => p.bot).length);
      return online.every((n) => n >= 5) && online.reduce((a, b) => a + b) >= bots;
    }, 20000);
    return { base, ws: `ws://127.0.0.1:${port}/ws`, db, dir, nodes, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

export async function lobbyOf(base) {
  return (await fetch(`${base}/api/tables`)).json();
}

// Polls `check` until it holds (or throws after `ms`).
export async function until(check, ms, what = 'condition') {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// A signed-in WebSocket client: `send`, `next(type)` (the next message of that type), `close`.
export async function connect(url, { name }) {
  const ws = new WebSocket(url);
  const inbox = [];
  const waiting = [];
  ws.onmessage = (e) => {
    const m = JSON.parse(String(e.data));
    const i = waiting.findIndex((w) => w.type === m.type);
    if (i >= 0) waiting.splice(i, 1)[0].resolve(m);
    else inbox.push(m);
  };
  await new Promise((res, rej) => {
    ws.onopen = res;
    ws.onerror = () => rej(new Error(`cannot connect to ${url}`));
  });
  const client = {
    send: (m) => ws.send(JSON.stringify(m)),
    next: (type, ms = 20000) => {
      const i = inbox.findIndex((m) => m.type === type);
      if (i >= 0) return Promise.resolve(inbox.splice(i, 1)[0]);
      return new Promise((resolve, reject) => {
        const w = { type, resolve };
        waiting.push(w);
        setTimeout(() => {
          const k = waiting.indexOf(w);
          if (k >= 0) {
            waiting.splice(k, 1);
            reject(new Error(`no ${type} message within ${ms} ms`));
          }
        }, ms);
      });
    },
    close: () => ws.close(),
  };
  client.send({ type: 'hello', protocol: 1, name });
  client.welcome = await client.next('welcome');
  return client;
}
