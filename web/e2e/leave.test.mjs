// End to end: leaving a running series and the end of a series. The way back to the seat stays
// while the series runs (a substitute does not rush through the remaining games), the lobby no
// longer lists the person at the table, the games a substitute played in count for no one on the
// leaderboard and are credited to the substitute everywhere else (the score sheet's Σ, the series'
// end, the recorded series' games, the player's page), and the table's end of a series links to the
// recorded series, the leaderboard and a new series.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fastContext } from './harness.mjs';
import { serverAndBrowser } from './fixture.mjs';
import { createTable, playUntil, signIn } from './driver.mjs';

const env = serverAndBrowser({ bots: 4 });

test('the way back to the seat stays while the series runs; the substitute game counts for no one', async () => {
  const ctx = await fastContext(env.browser, { viewport: { width: 1280, height: 860 } });
  const p = await ctx.newPage();
  p.on('pageerror', (e) => console.error('page error:', e));
  await signIn(p, env.server.base, 'Lena');
  await createTable(p, 3);
  await playUntil(p, (s) => s.game === 0 && s.phase === 'playing');
  const table = await p.evaluate(() => window.skatSession.snap.table.table);

  // Lena leaves in the first game: a substitute finishes it at once, and the next game waits for
  // the result pause, so the way back is still there a while later (bots alone would have
  // played the two remaining games in moments)
  await p.getByTestId('leave-series').click();
  await p.getByTestId('leave-series-confirm').click();
  await p.getByTestId('back-to-seat').waitFor({ timeout: 15000 });
  assert.equal(await p.evaluate(() => location.hash), '#/play');
  // the lobby lists her at no table while the substitute plays for her
  await p.waitForFunction(async () => {
    window.skatSession.requestLobby();
    await new Promise((r) => setTimeout(r, 300));
    const me = window.skatSession.snap.lobby?.online.find((x) => x.name === 'Lena');
    return me !== undefined && me.table === null;
  });
  await p.waitForTimeout(6000);
  assert.ok(await p.getByTestId('back-to-seat').isVisible(), 'the way back to the seat went away');
  await p.getByTestId('return-to-seat').click();
  await p.getByTestId('hand').waitFor({ timeout: 20000 });
  assert.equal(await p.evaluate(() => location.hash), `#/table/${table}`);
  const s = await playUntil(p, (x) => x.finished, { timeoutMs: 240000 });

  // the end of the series: no "waiting for players" with bot buttons, but the links and a new series
  const end = p.getByTestId('series-end');
  await end.waitFor();
  assert.equal(await p.getByTestId('waiting-panel').count(), 0);
  assert.doesNotMatch(await end.innerText(), /Waiting for players|Add bot/);
  await p.getByTestId('end-series-link').waitFor({ timeout: 20000 });
  assert.match(await p.getByTestId('end-series-link').innerText(), /The recorded series/);
  assert.equal(await p.getByTestId('end-leaderboard').getAttribute('href'), '#/leaderboard?kind=humans');
  assert.match(await p.getByTestId('play-again').innerText(), /Play again/);
  // her standing counts her own games; the substitute's game is named apart
  assert.match(
    await p.getByTestId('final-substitute').innerText(),
    /not counted: 1 game house-\d+ played in this seat/,
  );

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
  const sfFoot = await p.locator('[data-testid="sf-list"] tfoot tr').first().locator('td').allInnerTexts();
  assert.equal(sfFoot[sheet.seat], String(total), `Σ: ${sfFoot}`);
  assert.equal(await p.locator('[data-testid="sf-list"] [data-testid="substitute-totals"]').count(), 1);
  // the recorded series names the substitute as the player of her seat in the first game
  const recorded = Number((await p.getByTestId('end-series-link').getAttribute('href')).split('/').pop());
  const games = await p.evaluate(async (id) => (await fetch(`/api/series/${id}/games`)).json(), recorded);
  assert.equal(games.games[0].substitutes[sheet.seat], true);
  assert.notEqual(games.games[0].players[sheet.seat]?.name ?? null, 'Lena', JSON.stringify(games.games[0].players));
  assert.equal(games.games[1].players[sheet.seat].name, 'Lena');
  await p.goto(`${env.server.base}/#/leaderboard?kind=humans`);
  const row = p.getByTestId('leaderboard').locator('tbody tr', { hasText: 'Lena' });
  await row.waitFor();
  const cells = await row.locator('td').allInnerTexts();
  assert.equal(cells[5], '1', `series: ${cells}`);
  assert.equal(cells[6], '2', `deals: ${cells}`);
  assert.equal(cells[10], String(total), `total: ${cells}`);
  // one rated series: a rating without a made-up "± 0", and the marks explained in visible text
  assert.doesNotMatch(cells[2], /±/, `Elo cell: ${cells[2]}`);
  assert.match(cells[2], /^\d+live/);
  const legend = p.getByTestId('rating-legend');
  assert.ok(await legend.isVisible());
  assert.match(await legend.innerText(), /P = provisional: fewer than 10 rated series/);
  assert.match(await legend.innerText(), /live = rated right after the latest series/);
  assert.match(await p.getByTestId('elo-explained').innerText(), /How the Elo works at a table of three/);
  // the player's page: one series is told in figures, not drawn as a single dot
  await row.getByRole('link', { name: 'Lena' }).click();
  await p.getByTestId('player-one-series').waitFor();
  // (her own games of the series: the substitute's first game is not hers)
  assert.match(await p.getByTestId('player-one-series').innerText(), new RegExp(`: ${total} Seeger-Fabian points`));
  await p.getByTestId('player-one-rating').waitFor();
  // her statistics count her own two games, not the substitute's
  assert.equal(await p.getByTestId('stats-games').innerText(), '2');
  assert.equal(await p.getByTestId('player-chart').count(), 0);
  assert.ok(s.finished);
  await ctx.close();
});

test('the end of a series on a phone in German: links to the record and the leaderboard, and play again', async () => {
  const ctx = await fastContext(env.browser, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    locale: 'de-DE',
  });
  const p = await ctx.newPage();
  p.on('pageerror', (e) => console.error('page error:', e));
  await signIn(p, env.server.base, 'Mia');
  await createTable(p, 1);
  await playUntil(p, (s) => s.finished, { timeoutMs: 150000 });
  const end = p.getByTestId('series-end');
  await end.waitFor();
  assert.match(await end.innerText(), /Serie beendet/);
  assert.doesNotMatch(await end.innerText(), /Warte auf Mitspieler|Bot auf Platz/);
  const link = p.getByTestId('end-series-link');
  await link.waitFor({ timeout: 20000 });
  assert.equal(await link.innerText(), 'Die Serie im Archiv');
  assert.equal(await p.getByTestId('end-leaderboard').innerText(), 'Rangliste');
  // every link and button of the end is on the phone's screen
  for (const id of ['end-series-link', 'end-leaderboard', 'play-again']) {
    const box = await p.getByTestId(id).boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 391, `${id} at ${JSON.stringify(box)}`);
  }
  // the link opens the recorded series with its one game
  const href = await link.getAttribute('href');
  assert.match(href, /^#\/series\/\d+$/);
  await link.click();
  await p.waitForFunction((h) => location.hash === h, href);
  await p.getByTestId('replay-0').waitFor();
  // back at the table: play again starts a new series with the bots invited again
  await p.goBack();
  await p.getByTestId('play-again').click();
  await playUntil(p, (s) => s.running && s.list === 0, { timeoutMs: 30000 });
  // the leaderboard explains its marks and the Elo in German, readable on the phone
  await p.goto(`${env.server.base}/#/leaderboard?kind=humans`);
  const legend = p.getByTestId('rating-legend');
  await legend.waitFor();
  assert.match(await legend.innerText(), /V = vorläufig: weniger als 10 gewertete Serien/);
  assert.match(await legend.innerText(), /So funktioniert Elo am Dreiertisch/);
  const box = await legend.boundingBox();
  assert.ok(box && box.x + box.width <= 391, `legend at ${JSON.stringify(box)}`);
  await ctx.close();
});
