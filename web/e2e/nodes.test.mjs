// End to end on several nodes (docs/scaling.md): PostgreSQL, two `skat serve` nodes and HAProxy in
// front (deploy/haproxy.cfg). Bots and browser-protocol clients play series on both nodes; each
// node's lobby shows every table; a person in the browser watches a table of the other node and
// plays a series whose node is killed with SIGKILL in the middle: the other node takes the series
// over, the page follows it there, and the series ends with every game stored once; the nightly job
// rates every series. Skipped, saying why, where PostgreSQL or HAProxy is not installed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fastContext, launchBrowser, skatBin, webDir } from './harness.mjs';
import { clusterMissing, connect, lobbyOf, startCluster, until } from './cluster.mjs';
import { playUntil, snap } from './driver.mjs';

const missing = clusterMissing();
let cluster;
let browser;

before(async () => {
  if (missing) return;
  cluster = await startCluster({ bots: 12, silentMs: 3000 });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await cluster?.stop();
});

// A table of three bots on `node`, set up and started by a client that talks to that node only.
async function botTable(node, deals) {
  const director = await connect(`${cluster.ws.replace(/\/ws$/, '')}/n/${node}/ws`, { name: `director-${node}` });
  assert.equal(director.welcome.node, node);
  director.send({ type: 'create_table', deals, event: `bots on ${node}` });
  const { table } = await director.next('table_created');
  for (const seat of [0, 1, 2]) director.send({ type: 'add_bot', table, seat, bot: 'simple' });
  await until(
    async () => {
      const t = (await lobbyOf(cluster.nodes[node].base)).tables.find((x) => x.table === table);
      return t && t.seats.every((s) => s);
    },
    20000,
    `three bots at table ${table}`,
  );
  director.send({ type: 'start_series', table });
  return { table, director };
}

const nodeOf = (lobby, table) => lobby.tables.find((t) => t.table === table)?.node;

async function login(name) {
  const ctx = await fastContext(browser, { viewport: { width: 1280, height: 860 } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error('page error:', e));
  const sockets = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await page.goto(`${cluster.base}/#/play`);
  await page.getByTestId('name').fill(name);
  await page.getByTestId('login').click();
  await page.getByTestId('create-table').waitFor();
  return { page, sockets };
}

test(
  'two nodes behind HAProxy: series on both, one lobby, a killed node’s series go on at the other',
  { skip: missing ?? false },
  async () => {
    const a = await botTable('a', 30);
    const b = await botTable('b', 30);

    // The person creates a table of two series games against two bots, on whichever node the
    // balancer chose for the page.
    const player = await login('Tester');
    await player.page.getByTestId('deals').fill('2');
    await player.page.waitForFunction(() => document.querySelector('[data-testid=create-table]')?.disabled === false);
    await player.page.getByTestId('create-table').click();
    await player.page.getByTestId('hand').waitFor({ timeout: 20000 });
    const mine = await player.page.evaluate(() => window.skatSession.snap.table.table);

    // Each node's lobby lists the tables of both, each with its node.
    for (const node of Object.values(cluster.nodes)) {
      await until(
        async () => {
          const lobby = await lobbyOf(node.base);
          return nodeOf(lobby, a.table) === 'a' && nodeOf(lobby, b.table) === 'b' && nodeOf(lobby, mine);
        },
        15000,
        `every table in node ${node.name}'s lobby`,
      );
    }
    const home = nodeOf(await lobbyOf(cluster.nodes.a.base), mine);
    const other = home === 'a' ? 'b' : 'a';

    // A second person watches, through its address, the bot table of the node its page did not
    // reach: the page goes to that node's route and shows the table's play.
    const watcher = await login('Watcher');
    const watcherNode = await watcher.page.evaluate(() => window.skatSession.snap.node);
    assert.ok(watcherNode === 'a' || watcherNode === 'b', `the welcome names the node: ${watcherNode}`);
    const watchedHome = watcherNode === 'a' ? 'b' : 'a';
    const watched = watchedHome === 'a' ? a.table : b.table;
    await watcher.page.evaluate((id) => (location.hash = `#/table/${id}`), watched);
    await watcher.page.waitForFunction(
      (id) => window.skatSession.snap.table?.table === id && window.skatSession.snap.table.version > 0,
      watched,
      { timeout: 20000 },
    );
    assert.ok(
      watcher.sockets.some((u) => u.endsWith(`/n/${watchedHome}/ws`)),
      `the watcher reached node ${watchedHome}: ${watcher.sockets.join(' ')}`,
    );

    // The person plays the first game on its node; then that node is killed.
    await playUntil(player.page, (s) => s.list >= 1, { timeoutMs: 120000 });
    cluster.nodes[home].process.kill('SIGKILL');

    // The other node takes the series over after 3 s of silence; the page finds it there and the
    // person plays the second game to the end of the series.
    const last = await playUntil(player.page, (s) => s.finished, { timeoutMs: 120000 });
    assert.equal(last.list, 2);
    // It tried the killed node's own route, then asked any node (/ws), which holds the table now.
    assert.equal(await player.page.evaluate(() => window.skatSession.snap.node), other);
    assert.ok(
      player.sockets.some((u) => u.endsWith(`/n/${home}/ws`)),
      player.sockets.join(' '),
    );

    // Every series ends, each game stored once: the bots' series of the killed node were taken over too.
    const survivor = cluster.nodes[other].base;
    let series = [];
    await until(
      async () => {
        series = (await (await fetch(`${survivor}/api/series?limit=100`)).json()).series;
        return series.length === 3 && series.every((s) => s.status === 'finished');
      },
      180000,
      'all three series finished',
    );
    for (const s of series) {
      assert.equal(s.games_played, s.deals, `series ${s.id}`);
      const games = (await (await fetch(`${survivor}/api/series/${s.id}/games`)).json()).games;
      assert.equal(games.length, s.deals, `games stored for series ${s.id}`);
      assert.deepEqual(
        games.map((g) => g.index),
        [...Array(s.deals).keys()],
        `series ${s.id}: each game once, in order`,
      );
    }
    assert.equal(
      execFileSync(skatBin, ['--log-level', 'warn', 'admin', 'check', '--db', cluster.db]).toString().trim(),
      'ok',
    );

    // The nightly job rates every series of both nodes.
    execFileSync(skatBin, [
      ...['--log-level', 'warn', 'nightly', '--db', cluster.db],
      ...['--tables-dir', join(cluster.dir, 'tables'), '--base-tables', resolve(webDir, '..', 'tables', 't0.wtab')],
    ]);
    const board = await (await fetch(`${survivor}/api/leaderboard?kind=all`)).json();
    assert.equal(board.snapshot.series, 3);
    const seated = new Map();
    for (const s of series) for (const seat of s.seats) seated.set(seat.name, (seated.get(seat.name) ?? 0) + 1);
    for (const [name, count] of seated) {
      const row = board.players.find((r) => r.name === name);
      assert.ok(row, `${name} is rated`);
      assert.equal(row.series, count, `${name}'s series`);
    }
    a.director.close();
    b.director.close();
  },
);
