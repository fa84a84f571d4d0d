// End to end: leaving a running series and the end of a series. The way back to the seat stays
// while the series runs (a substitute does not rush through the remaining games), the games a
// substitute played in count for no one on the leaderboard, and the table's end of a series links
// to the recorded series, the leaderboard and a new series.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fastContext, launchBrowser, startServer } from './harness.mjs';
import { playUntil } from './driver.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ bots: 4 });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('the way back to the seat stays while the series runs; the substitute game counts for no one', async () => {
  const ctx = await fastContext(browser, { viewport: { width: 1280, height: 860 } });
  const p = await ctx.newPage();
  p.on('pageerror', (e) => console.error('page error:', e));
  await p.goto(`${server.base}/#/play`);
  await p.getByTestId('name').fill('Lena');
  await p.getByTestId('login').click();
  await p.getByTestId('deals').fill('3');
  await p.waitForFunction(() => document.querySelector('[data-testid=create-table]')?.disabled === false);
  await p.getByTestId('create-table').click();
  await playUntil(p, (s) => s.game === 0 && s.phase === 'playing');
  const table = await p.evaluate(() => window.skatSession.snap.table.table);

  // Lena leaves in the first game: a substitute finishes it at once, and the next game waits for
  // the result pause, so the way back is still there a while later (bots alone would have
  // played the two remaining games in moments)
  await p.getByTestId('leave-series').click();
  await p.getByTestId('leave-series-confirm').click();
  await p.getByTestId('back-to-seat').waitFor({ timeout: 15000 });
  assert.equal(await p.evaluate(() => location.hash), '#/play');
  await p.waitForTimeout(6000);
  assert.ok(await p.getByTestId('back-to-seat').isVisible(), 'the way back to the seat went away');
  await p.getByTestId('return-to-seat').click();
  await p.getByTestId('hand').waitFor({ timeout: 20000 });
  assert.equal(await p.evaluate(() => location.hash), `#/table/${table}`);
  const s = await playUntil(p, (x) => x.finished, { timeoutMs: 240000 });

  // the leaderboard counts Lena's games without a substitute: the second and the third
  const sheet = await p.evaluate(() => {
    const t = window.skatSession.snap.table;
    return { list: t.list, substitutes: t.substitutes, seat: t.mySeat };
  });
  assert.deepEqual(
    sheet.substitutes.map((row) => row.some(Boolean)),
    [true, false, false],
    JSON.stringify(sheet),
  );
  const total = sheet.list[1][sheet.seat] + sheet.list[2][sheet.seat];
  await p.goto(`${server.base}/#/leaderboard?kind=humans`);
  const row = p.getByTestId('leaderboard').locator('tbody tr', { hasText: 'Lena' });
  await row.waitFor();
  const cells = await row.locator('td').allInnerTexts();
  assert.equal(cells[5], '1', `series: ${cells}`);
  assert.equal(cells[6], '2', `deals: ${cells}`);
  assert.equal(cells[10], String(total), `total: ${cells}`);
  assert.ok(s.finished);
  await ctx.close();
});
