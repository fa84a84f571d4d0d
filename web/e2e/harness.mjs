// Starts a real `skat serve` on a free port with a temporary database, house-bot accounts and one
// real `skat bot` process, and launches Debian's chromium through playwright-core.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, existsSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const webDir = resolve(here, '..');
export const skatBin = resolve(webDir, process.env.SKAT_BIN ?? '../build/bin/skat');
export const chromiumPath = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';

export function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

export async function waitHttp(url, ms = 15000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer at ${url}`);
}

export async function startServer({ bots = 4, humanMoveMs = 120000 } = {}) {
  if (!existsSync(skatBin)) throw new Error(`skat binary not found: ${skatBin} (set SKAT_BIN)`);
  if (!existsSync(join(webDir, 'dist', 'index.html'))) throw new Error('web/dist missing: run npm run build first');
  const dir = mkdtempSync(join(tmpdir(), 'skat-e2e-'));
  const db = join(dir, 'skat.db');
  const tokens = join(dir, 'bot-tokens');
  let lines = '';
  for (let i = 1; i <= bots; i++) {
    const secret = execFileSync(skatBin, [
      '--log-level',
      'warn',
      'admin',
      'create-bot',
      '--db',
      db,
      '--name',
      `house-${i}`,
      '--kind',
      'simple',
    ])
      .toString()
      .trim();
    lines += `house-${i} ${secret}\n`;
  }
  writeFileSync(tokens, lines);
  chmodSync(tokens, 0o600);
  const port = await freePort();
  const procs = [];
  const serve = spawn(
    skatBin,
    [
      '--log-level',
      'warn',
      'serve',
      '--port',
      String(port),
      '--db',
      db,
      '--web',
      join(webDir, 'dist'),
      '--human-move-ms',
      String(humanMoveMs),
      '--bot-move-ms',
      '5000',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  procs.push(serve);
  const base = `http://127.0.0.1:${port}`;
  await waitHttp(`${base}/healthz`);
  const bot = spawn(
    skatBin,
    [
      '--log-level',
      'warn',
      'bot',
      '--url',
      `ws://127.0.0.1:${port}/ws`,
      '--name',
      'house',
      '--count',
      String(bots),
      '--token-file',
      tokens,
    ],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  procs.push(bot);
  // wait until the bots are online
  const end = Date.now() + 15000;
  for (;;) {
    const lobby = await (await fetch(`${base}/api/tables`)).json();
    if (lobby.online.filter((p) => p.bot).length >= bots) break;
    if (Date.now() > end) throw new Error('bots did not come online');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    port,
    dir,
    db,
    async stop() {
      for (const p of procs.reverse()) await stopProcess(p);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// SIGTERM, and SIGKILL if the process has not exited 5 s later.
export async function stopProcess(p) {
  if (p.exitCode !== null || p.signalCode !== null) return;
  p.kill('SIGTERM');
  await new Promise((r) => {
    const t = setTimeout(() => {
      p.kill('SIGKILL');
      r();
    }, 5000);
    p.once('exit', () => {
      clearTimeout(t);
      r();
    });
  });
}

export async function launchBrowser() {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox'] });
}

export const shotDir = resolve(webDir, '..', 'docs', 'screenshots');

// A screenshot for the README (docs/screenshots/NAME.png), taken only by `npm run screenshots`.
export async function shot(page, name) {
  if (process.env.SKAT_SCREENSHOTS !== '1') return;
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: join(shotDir, `${name}.png`) });
}

// A browser context whose table shows every event at once (the display's pace, lib/pacing.ts, is the
// subject of its own test; the other tests play through as fast as the bots answer).
// What the pages of every fastContext logged about the server's Content-Security-Policy refusing
// something (a script, a style, the WebSocket): none is expected (play.test.mjs checks).
export const cspViolations = [];

export async function fastContext(browser, options) {
  const ctx = await browser.newContext(options);
  ctx.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });
  await ctx.addInitScript(() =>
    localStorage.setItem('skat.pace', JSON.stringify({ cardMs: 0, trickMs: 0, resultMs: 0 })),
  );
  return ctx;
}
