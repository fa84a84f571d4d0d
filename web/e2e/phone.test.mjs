// End to end on a phone (390×844, German): the header stays compact and keeps the language switch on
// screen with a long name, the row of pages shows that it scrolls, the "takes the trick" line leaves the side seats' cards free, the hand-game
// options leave the hand in view, and the leaderboard says that it scrolls sideways.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser } from './fixture.mjs';
import { createTable, playUntil, step } from './driver.mjs';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, locale: 'de-DE' };
const LONG_NAME = 'Maximiliane-Augusta-Hohenlohe';

const env = serverAndBrowser({ bots: 4 });

const overlaps = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (box, w, h) => box.x >= 0 && box.y >= 0 && box.x + box.width <= w && box.y + box.height <= h;

// a phone whose table pauses on every finished trick, so that the "takes the trick" line is shown
async function phonePage(name) {
  const ctx = await env.browser.newContext(phone);
  await ctx.addInitScript(() =>
    localStorage.setItem('skat.pace', JSON.stringify({ cardMs: 0, trickMs: 5000, resultMs: 0 })),
  );
  const p = await ctx.newPage();
  p.on('pageerror', (e) => console.error('page error:', e));
  await p.goto(`${env.server.base}/#/play`);
  await p.getByTestId('name').fill(name);
  await p.getByTestId('login').click();
  return { ctx, p };
}

test('a compact header keeps the language switch on screen with a long name', async () => {
  const { ctx, p } = await phonePage(LONG_NAME);
  await p.getByTestId('create-table').waitFor();
  for (const where of ['#/play', '#/leaderboard']) {
    await p.evaluate((h) => (location.hash = h), where);
    await p.waitForTimeout(200);
    const header = await p.locator('header.top').boundingBox();
    assert.ok(header.height <= 100, `${where}: the header is ${header.height} px high`);
    for (const l of ['de', 'en']) {
      const box = await p.getByTestId(`lang-${l}`).boundingBox();
      assert.ok(inside(box, 390, 844), `${where}: lang-${l} at ${JSON.stringify(box)}`);
    }
    // the name takes a line of its own (cut with an ellipsis only beyond the screen's width) rather
    // than pushing the switch away
    if (process.env.PHONE_SHOTS) await p.screenshot({ path: `/tmp/phone-header-${where.slice(2)}.png` });
    const who = await p.locator('header .who').boundingBox();
    assert.ok(who.x + who.width <= 390, `${where}: the name at ${JSON.stringify(who)}`);
    const name = await p.locator('header .who-name').boundingBox();
    assert.ok(name.width >= 40, `${where}: only ${name.width} px of the name are shown`);
    // and the way to change the name stays on screen too
    const change = await p.locator('header .who button').boundingBox();
    assert.ok(inside(change, 390, 844), `${where}: "ändern" at ${JSON.stringify(change)}`);
    // the row of pages is wider than the phone and scrolls: a light right edge says so until the
    // last page is in view (a scroll-attached glow under a content-attached cover)
    const nav = await p.evaluate(() => {
      const n = document.querySelector('header nav');
      const css = getComputedStyle(n);
      return {
        overflows: n.scrollWidth > n.clientWidth,
        gradients: (css.backgroundImage.match(/linear-gradient/g) ?? []).length,
        attachment: css.backgroundAttachment,
      };
    });
    assert.ok(nav.overflows, `${where}: the pages fit the row: ${JSON.stringify(nav)}`);
    assert.equal(nav.gradients, 2, `${where}: no edge on the row of pages: ${JSON.stringify(nav)}`);
    assert.equal(nav.attachment, 'local, scroll');
  }
  await ctx.close();
});

test('the trick line leaves the side cards free; the hand-game options leave the hand in view', async () => {
  const { ctx, p } = await phonePage('Ida');
  await createTable(p, 6);
  await p.getByTestId('hand').waitFor({ timeout: 20000 });

  // a finished trick of three, shown with its winner
  const end = Date.now() + 120000;
  let checked = false;
  while (!checked && Date.now() < end) {
    const winner = p.getByTestId('trick-winner');
    if (await winner.isVisible().catch(() => false)) {
      const line = await winner.boundingBox();
      const sides = await p.locator('.trick-card.at-left .card, .trick-card.at-right .card').all();
      if (line && sides.length === 2) {
        for (const side of sides) {
          const card = await side.boundingBox();
          assert.ok(!overlaps(line, card), `the line ${JSON.stringify(line)} covers ${JSON.stringify(card)}`);
        }
        checked = true;
      }
    } else if (!(await step(p))) await p.waitForTimeout(60);
  }
  assert.ok(checked, 'no finished trick was shown');

  // declaring a hand game: the options open in the skat panel and the hand stays on screen
  // (the driver holds and bids, so it wins an auction in a few games; it stops before the pickup)
  await playUntil(p, (s) => s.phase === 'skat' && s.declarer === s.mySeat && s.act, { timeoutMs: 240000 });
  await p.getByTestId('play-hand').click();
  await p.locator('.declare-picker').waitFor();
  await p.evaluate(() => window.scrollTo(0, 0));
  const hand = await p.getByTestId('hand').boundingBox();
  const picker = await p.locator('.declare-picker').boundingBox();
  assert.ok(picker.height <= 844 * 0.4, `the options take ${picker.height} px`);
  // the whole declaring area (panel and hand) fits a phone's screen when scrolled to the panel
  const panel = await p.getByTestId('skat-panel').boundingBox();
  assert.ok(
    hand.y + hand.height - panel.y <= 844,
    `panel at ${panel.y}, hand ends at ${hand.y + hand.height}: the hand is pushed off screen`,
  );
  // scrolled to the hand, the panel's options are on screen with it
  await p.getByTestId('hand').scrollIntoViewIfNeeded();
  const handNow = await p.getByTestId('hand').boundingBox();
  const panelNow = await p.getByTestId('skat-panel').boundingBox();
  assert.ok(
    handNow.y + handNow.height <= 845, // (a pixel for the rounding of the scroll)
    `the hand ends at ${handNow.y + handNow.height}`,
  );
  assert.ok(panelNow.y >= 0, `the panel starts at ${panelNow.y}, above the screen`);
  if (process.env.PHONE_SHOTS) await p.screenshot({ path: '/tmp/phone-declare.png' });
  await ctx.close();
});

test('the leaderboard says that more columns are to the right', async () => {
  const { ctx, p } = await phonePage('Ole');
  await p.getByTestId('create-table').waitFor();
  await p.evaluate(() => (location.hash = '#/leaderboard?kind=all'));
  const board = p.getByTestId('leaderboard');
  await board.waitFor();
  const hint = p.getByTestId('scroll-hint');
  await hint.waitFor();
  assert.match(await hint.innerText(), /Weitere Spalten/);
  assert.ok(inside(await hint.boundingBox(), 390, 844));
  const cut = await p.evaluate(() => {
    const el = document.querySelector('.scroll-x');
    return el.scrollWidth > el.clientWidth;
  });
  assert.ok(cut, 'the hint is shown though every column fits');
  await ctx.close();
});
