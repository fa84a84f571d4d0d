// End to end: watching a table and the table's address. A visitor opens a table's address without a
// name and watches, the spectator's view follows the series from game to game by itself, and the
// address bar names the table while a person plays or watches.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fastContext } from './harness.mjs';
import { serverAndBrowser } from './fixture.mjs';
import { createTable, playUntil, signIn } from './driver.mjs';

const env = serverAndBrowser({ bots: 4 });

const hash = (p) => p.evaluate(() => location.hash);

test('a visitor watches a table by its address without a name and follows the series by itself', async () => {
  const ctx = await fastContext(env.browser, { viewport: { width: 1280, height: 860 } });
  const anna = await ctx.newPage();
  await signIn(anna, env.server.base, 'Anna');
  await createTable(anna, 2);
  await playUntil(anna, (s) => s.game === 0 && s.phase !== 'waiting');
  // the address bar names the table the person plays at
  const table = await anna.evaluate(() => window.skatSession.snap.table.table);
  assert.equal(await hash(anna), `#/table/${table}`);

  // a visitor (the default pace, no name) and a German phone open the table's address
  const visitors = [];
  for (const [viewport, locale, watching] of [
    [{ width: 1280, height: 860 }, 'en-US', 'You are watching.'],
    [{ width: 390, height: 844 }, 'de-DE', 'Du schaust zu.'],
  ]) {
    const vctx = await env.browser.newContext({ viewport, locale, isMobile: viewport.width < 500 });
    const v = await vctx.newPage();
    v.on('pageerror', (e) => console.error('page error:', e));
    await v.goto(`${env.server.base}/#/table/${table}`);
    await v.getByText(watching).waitFor({ timeout: 15000 });
    assert.equal(await v.getByTestId('name').count(), 0, 'the visitor was asked for a name');
    assert.equal(await v.locator('header .who').count(), 0, "a visitor's guest name is not shown as the player");
    assert.equal(await v.evaluate(() => window.skatSession.snap.watching), true);
    assert.deepEqual(await v.evaluate(() => window.skatSession.snap.table.hand), []);
    assert.equal(await hash(v), `#/table/${table}`);
    // the games the view shows from here on
    await v.evaluate(() => {
      window.gamesShown = [];
      window.skatSession.subscribe((s) => {
        const g = s.table?.game;
        if (typeof g === 'number' && g >= 0 && !window.gamesShown.includes(g)) window.gamesShown.push(g);
      });
    });
    visitors.push({ ctx: vctx, page: v });
  }

  // Anna plays both games; the watchers, who click nothing, follow into the second game (at the
  // default pace, card by card like a player: they end up a game behind Anna, who plays at once)
  await playUntil(anna, (s) => s.finished, { timeoutMs: 240000 });
  for (const { page: v } of visitors) {
    await v.waitForFunction(() => !!window.skatSession.snap.table?.seriesResult, null, { timeout: 180000 });
    assert.ok((await v.evaluate(() => window.gamesShown)).includes(1), 'the watcher did not see the second game');
    // the series' end names the players who sat, not their seats
    const final = v.getByTestId('series-final');
    await final.waitFor();
    const standing = await final.innerText();
    assert.match(standing, /Anna/, standing);
    assert.match(standing, /house-\d/, standing);
    assert.doesNotMatch(standing, /Platz \d|Seat \d/, standing);
  }

  // the visitor stops watching: the lobby's address, and a name is asked for to play
  const v = visitors[0].page;
  await v.getByTestId('leave').click();
  await v.getByTestId('name').waitFor();
  assert.equal(await hash(v), '#/play');
  await v.getByTestId('name').fill('Vera');
  await v.getByTestId('login').click();
  await v.getByTestId('create-table').waitFor();
  assert.match(await v.locator('header .who').innerText(), /Vera/);
  for (const { ctx: c } of visitors) await c.close();
  await ctx.close();
});
