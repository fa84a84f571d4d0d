// End to end, what a player sees of the page's layout and pace. On a desktop (English): the hand
// stays in the window while the hand-game options show, and the ⚙ options open as a strip that
// covers no seat and close on Escape, on a click outside and after a choice. On a phone (German, a
// touch screen): the player's name is shown in full, the row of pages marks that more follow, the
// turn's hint says to tap, and the tournaments' table says that it scrolls sideways, its last column
// in reach. A spectator of a table of bots sees their cards one after another, the trick staying on
// the felt, and the series' standing with the players' names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fastContext } from './harness.mjs';
import { serverAndBrowser } from './fixture.mjs';
import { connect, lobbyOf, until } from './cluster.mjs';
import { createTable, leaveSeries, playUntil, signIn } from './driver.mjs';

// each of the first three tests' tables holds three bots a while (after the person left, two
// opponents and the substitute play on with the result pause between games), the spectator's
// table three more: enough for all of them at once
const env = serverAndBrowser({ bots: 12 });

// LAYOUT_SHOTS=1: screenshots to look at, in /tmp (not the README's)
const look = (page, name) => process.env.LAYOUT_SHOTS && page.screenshot({ path: `/tmp/layout-${name}.png` });

const DESKTOP = { viewport: { width: 1280, height: 860 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'de-DE' };

const overlaps = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (box, w, h) => box.x >= 0 && box.y >= 0 && box.x + box.width <= w + 0.5 && box.y + box.height <= h + 0.5;

test('desktop: the hand stays in the window under the hand-game options; the ⚙ options cover no seat', async () => {
  const ctx = await fastContext(env.browser, DESKTOP);
  try {
    const p = await ctx.newPage();
    p.on('pageerror', (e) => console.error('page error:', e));
    await signIn(p, env.server.base, 'Desk');
    await createTable(p, 12);
    // the driver holds and bids, so it wins an auction in a few games; it stops before the pickup
    await playUntil(p, (s) => s.phase === 'skat' && s.declarer === s.mySeat && s.act, { timeoutMs: 240000 });

    // the ⚙ options: a strip under the table's bar that covers neither side seat
    const gear = p.getByTestId('table-options');
    const body = p.getByTestId('table-options-body');
    await gear.click();
    await body.waitFor();
    assert.equal(await gear.getAttribute('aria-expanded'), 'true');
    const strip = await body.boundingBox();
    for (const where of ['left', 'right']) {
      const seat = await p.getByTestId(`seat-${where}`).boundingBox();
      assert.ok(!overlaps(strip, seat), `the options ${JSON.stringify(strip)} cover seat-${where}`);
    }
    // Escape closes them, and the focus goes back to the ⚙ button
    await p.keyboard.press('Escape');
    await body.waitFor({ state: 'hidden' });
    assert.equal(await p.evaluate(() => document.activeElement?.dataset.testid), 'table-options');
    // a click outside closes them (a click inside does not)
    await gear.click();
    await body.waitFor();
    await body.click({ position: { x: 5, y: 5 } });
    assert.ok(await body.isVisible(), 'a click inside the options closed them');
    await p.locator('.table-bar > span').first().click();
    await body.waitFor({ state: 'hidden' });
    // and so does a choice
    await gear.click();
    await p.getByTestId('pace-trick').selectOption('0');
    await body.waitFor({ state: 'hidden' });

    // the hand-game options: every game and its announcements, the hand in the window below them
    await p.getByTestId('play-hand').click();
    await p.locator('.declare-picker').waitFor();
    const games = await p.locator('.declare-picker [data-testid^=game-]').all();
    assert.ok(games.length >= 5, `${games.length} games offered`);
    for (const game of games) {
      await game.click();
      const hand = await p.getByTestId('hand').boundingBox();
      const declare = await p.getByTestId('declare').boundingBox();
      const name = await game.innerText();
      assert.ok(hand.y + hand.height <= 860, `${name}: the hand ends at ${hand.y + hand.height}, below the window`);
      assert.ok(inside(declare, 1280, 860), `${name}: the declare button at ${JSON.stringify(declare)}`);
      assert.ok(declare.y < hand.y, `${name}: the declare button is not above the hand`);
    }
    // the window was not scrolled to show them
    assert.equal(await p.evaluate(() => window.scrollY), 0);
    await look(p, 'declare-hand');

    // on the turn to play, a mouse is told to click, or to use the keys
    await playUntil(p, (s) => s.phase === 'playing' && s.act, { timeoutMs: 60000 });
    const hint = await p.getByTestId('play-prompt').innerText();
    assert.match(hint, /click, or arrow keys/, hint);
    await leaveSeries(p);
  } finally {
    await ctx.close();
  }
});

test('phone: the name in full, the row of pages marks that it goes on, the hint says to tap', async () => {
  const ctx = await fastContext(env.browser, PHONE);
  try {
    const p = await ctx.newPage();
    p.on('pageerror', (e) => console.error('page error:', e));
    const name = 'PikDame-Kreuzass';
    await signIn(p, env.server.base, name);
    await p.getByTestId('create-table').waitFor();
    // the name, and the way to change it, in full on the screen
    const who = p.locator('header .who-name');
    assert.equal(await who.innerText(), name);
    const cut = await who.evaluate((el) => el.scrollWidth > el.clientWidth);
    assert.equal(cut, false, 'the name is cut short');
    assert.ok(inside(await who.boundingBox(), 390, 844), `the name at ${JSON.stringify(await who.boundingBox())}`);
    const change = p.locator('header .who button');
    assert.equal(await change.innerText(), '(ändern)');
    assert.ok(inside(await change.boundingBox(), 390, 844), 'the change link is off the screen');
    const header = await p.locator('header.top').boundingBox();
    assert.ok(header.height <= 100, `the header is ${header.height} px high`);

    // the row of pages is wider than the phone: a mark at its right edge says so, on the screen,
    // until the last page is in view; a tap on it scrolls on
    const more = p.getByTestId('nav-more');
    await more.waitFor();
    const mark = await more.boundingBox();
    assert.ok(inside(mark, 390, 844) && mark.width >= 16, `the mark at ${JSON.stringify(mark)}`);
    const scrolled = () => p.evaluate(() => document.querySelector('header nav').scrollLeft);
    await more.click();
    await p.waitForFunction(() => document.querySelector('header nav').scrollLeft > 0);
    assert.ok((await scrolled()) > 0);
    await p.evaluate(() => document.querySelector('header nav').scrollTo({ left: 10000 }));
    await more.waitFor({ state: 'detached' });
    const last = await p.locator('header nav a').last().boundingBox();
    assert.ok(inside(last, 390, 844), `the last page's link at ${JSON.stringify(last)}`);
    await p.evaluate(() => document.querySelector('header nav').scrollTo({ left: 0 }));
    await more.waitFor();

    // at the table: the turn's hint says to tap a card, and nothing of keys
    await createTable(p, 1);
    await playUntil(p, (s) => s.phase === 'playing' && s.act, { timeoutMs: 120000 });
    await look(p, 'phone-play');
    const hint = p.getByTestId('play-prompt');
    await hint.waitFor();
    const text = await hint.innerText();
    assert.match(text, /tippen/, text);
    assert.doesNotMatch(text, /klicken|Pfeiltasten/, text);
    assert.ok(inside(await hint.boundingBox(), 390, 844), 'the hint is off the screen');
    // the hand is still on the screen with it
    const hand = await p.getByTestId('hand').boundingBox();
    assert.ok(hand.y + hand.height <= 844, `the hand ends at ${hand.y + hand.height}`);
    await leaveSeries(p);
  } finally {
    await ctx.close();
  }
});

test("the tournaments' table scrolls sideways, says so, and every column can be reached", async () => {
  const desk = await fastContext(env.browser, DESKTOP);
  const phone = await fastContext(env.browser, PHONE);
  try {
    const p = await desk.newPage();
    await signIn(p, env.server.base, 'Turnierleiterin-Maximiliane');
    await p.getByTestId('create-table').waitFor();
    const started = await p.evaluate(async () => {
      const r = await fetch('/api/tournaments', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('skat.token')}` },
        body: JSON.stringify({ a: 'simple', b: 'simple', deals: 1, seating: '2:1' }),
      });
      return r.status;
    });
    assert.equal(started, 201);
    const q = await phone.newPage();
    await signIn(q, env.server.base, 'Zuschauer');
    await q.getByTestId('create-table').waitFor();
    for (const [page, width] of [
      [p, 1280],
      [q, 390],
    ]) {
      await page.evaluate(() => (location.hash = '#/tournaments'));
      await page.getByTestId('tournaments').locator('tbody tr a').first().waitFor({ timeout: 15000 });
      const frame = page.getByTestId('tournaments-frame');
      const scroller = frame.locator('.scroll-x');
      const wide = await scroller.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      if (width < 500) assert.ok(wide, 'the table fits a phone: nothing to check');
      if (wide) {
        // a line above the table and a shadow at its right edge say that more columns follow
        await page.getByTestId('scroll-hint').waitFor();
        assert.match(await frame.getAttribute('class'), /more-right/);
        await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
        await page.waitForFunction(
          () => !/more-right/.test(document.querySelector('[data-testid=tournaments-frame]').className),
        );
        assert.match(await frame.getAttribute('class'), /more-left/);
      }
      // the last column in view
      const lastHead = await page.getByTestId('tournaments').locator('thead th').last().boundingBox();
      assert.ok(
        lastHead.x >= 0 && lastHead.x + lastHead.width <= width + 1,
        `the last column at ${JSON.stringify(lastHead)}`,
      );
    }
  } finally {
    await desk.close();
    await phone.close();
  }
});

test('a spectator of bots sees their cards one after another, and the standing names the players', async () => {
  const director = await connect(`ws://127.0.0.1:${env.server.port}/ws`, { name: 'director' });
  const ctx = await env.browser.newContext(DESKTOP); // the default pace
  try {
    director.send({ type: 'create_table', deals: 3, event: 'Bots watched' });
    const { table } = await director.next('table_created');
    // the earlier tests' substitutes may still hold pool bots (a game per result pause): a seat
    // that found no free bot asks again
    let bots = [];
    let asked = 0;
    await until(
      async () => {
        const t = (await lobbyOf(env.server.base)).tables.find((x) => x.table === table);
        bots = t?.seats.map((s) => s?.name) ?? [];
        if (bots.length === 3 && bots.every(Boolean)) return true;
        if (Date.now() - asked > 2000) {
          asked = Date.now();
          for (const seat of [0, 1, 2]) if (!bots[seat]) director.send({ type: 'add_bot', table, seat, bot: '' });
        }
        return false;
      },
      180000,
      `three bots at table ${table}`,
    );

    // a visitor watches the table by its address, then the bots start
    const v = await ctx.newPage();
    v.on('pageerror', (e) => console.error('page error:', e));
    await v.goto(`${env.server.base}/#/table/${table}`);
    await v.getByTestId('waiting-panel').waitFor({ timeout: 15000 });
    await v.waitForFunction(
      () => window.skatSession.snap.watching && window.skatSession.snap.table.seats.every((s) => s.player),
    );
    await v.waitForTimeout(2000); // past the catch-up of a table just opened
    await v.evaluate(() => {
      // each card as the display shows it: when, in which game, the how-manieth
      window.cards = [];
      let seen = { game: -1, n: 0 };
      window.skatSession.subscribe((s) => {
        const t = s.table;
        if (!t || t.game < 0) return;
        const n = t.tricks.length * 3 + t.trick.length;
        if (t.game !== seen.game) seen = { game: t.game, n: 0 };
        for (let i = seen.n + 1; i <= n; i++) window.cards.push({ at: Date.now(), game: t.game, n: i });
        seen.n = Math.max(seen.n, n);
      });
    });
    director.send({ type: 'start_series', table });
    await v.getByTestId('series-final').waitFor({ timeout: 240000 });

    const cards = await v.evaluate(() => window.cards);
    const games = new Map();
    for (const c of cards) games.set(c.game, [...(games.get(c.game) ?? []), c]);
    let paced = 0;
    for (const [game, shown] of games) {
      const gaps = shown.slice(1).map((c, i) => ({ ms: c.at - shown[i].at, after: shown[i].n }));
      if (gaps.length === 0) continue;
      // a game the bots had finished long before the display reached it is shown at once, the
      // display going on to the latest game; the others card by card
      if (gaps.every((g) => g.ms < 100)) continue;
      paced++;
      for (const g of gaps) {
        const least = g.after % 3 === 0 ? 1200 : 500; // a completed trick stays on the felt
        assert.ok(g.ms >= least, `game ${game + 1}: card ${g.after + 1} came ${g.ms} ms after the one before`);
      }
    }
    if (process.env.LAYOUT_SHOTS)
      for (const [game, shown] of games)
        console.log(`game ${game + 1}:`, shown.map((c, i) => (i ? c.at - shown[i - 1].at : 0)).join(' '));
    assert.ok(paced >= 1, `no game was shown card by card: ${JSON.stringify([...games.keys()])}`);
    const first = games.get(0);
    if (first && first.length > 1) assert.ok(first[1].at - first[0].at >= 500, 'the first game was not paced');

    // the standing names the bots, not their seats
    const standing = await v.getByTestId('series-final').locator('li b').allInnerTexts();
    assert.deepEqual([...standing].sort(), [...bots].sort());
    for (const n of standing) assert.doesNotMatch(n, /^Seat \d$/);
    await look(v, 'watch-standing');
  } finally {
    director.close();
    await ctx.close();
  }
});
