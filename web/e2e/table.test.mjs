// End to end, on a desktop and on a phone-sized screen: what a Skat player relies on at the table.
// The pace set in the table's options and a click that cuts a trick's pause short; the auction's calls
// listed (and announced to screen readers) while the auction runs; sounds; a jump bid far above the
// hand, after which plain Null is explained away and the overbid game needs a second click; conceding
// at its stated cost; the end of a game with the skat; and no hand left under the series result.
// Also: a name that is taken is said, not silently changed; a seated house bot's level is shown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from './harness.mjs';
import { serverAndBrowser } from './fixture.mjs';
import { createTable, signIn, snap, step } from './driver.mjs';

const env = serverAndBrowser({ bots: 4 });

const devices = {
  desktop: { viewport: { width: 1280, height: 860 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};

// Before the page's scripts: every text the screen-reader region says is kept in window.said, and
// every note the page's sounds start is counted in window.notes.
function recordCues() {
  window.said = [];
  window.notes = 0;
  const Ctx = window.AudioContext;
  if (Ctx) {
    const make = Ctx.prototype.createOscillator;
    Ctx.prototype.createOscillator = function (...args) {
      window.notes++;
      return make.apply(this, args);
    };
  }
  document.addEventListener('DOMContentLoaded', () => {
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid=announcer]')?.textContent?.trim();
      if (text && window.said[window.said.length - 1] !== text) window.said.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

const auctionLength = (p) => p.evaluate(() => window.skatSession.snap.table.auction.length);

for (const [device, options] of Object.entries(devices)) {
  test(`${device}: following the play, the auction as it runs, declaring above the hand, conceding`, async () => {
    const ctx = await env.browser.newContext(options);
    await ctx.addInitScript(recordCues);
    const p = await ctx.newPage();
    p.on('pageerror', (e) => console.error('page error:', e));
    try {
      await followAndDeclare(p, `Follow-${device}`, device);
    } finally {
      await ctx.close();
    }
  });
}

async function followAndDeclare(p, name, device) {
  await p.goto(`${env.server.base}/#/play`);
  await p.getByTestId('name').fill(name);
  await p.getByTestId('login').click();
  // sounds are off until switched on; the switch is remembered
  await p.getByTestId('sound').check();
  assert.equal(await p.evaluate(() => localStorage.getItem('skat.sound')), '1');
  await createTable(p, 2);
  // the house bots seated are named with their strength level (simple: beginner)
  const level = p.getByTestId('bot-level').first();
  await level.waitFor();
  assert.equal(await level.textContent(), 'beginner');

  // the pace, set in the table's options: a trick stays 3 s, the end of a game waits for a click
  // (the options close after each choice)
  await p.getByTestId('table-options').click();
  await p.getByTestId('pace-trick').selectOption('3000');
  await p.getByTestId('table-options-body').waitFor({ state: 'hidden' });
  await p.getByTestId('table-options').click();
  await p.getByTestId('pace-result').selectOption('-1');
  assert.deepEqual(JSON.parse(await p.evaluate(() => localStorage.getItem('skat.pace'))), {
    trickMs: 3000,
    cardMs: 700,
    resultMs: -1,
  });

  const seen = { auctionChecks: 0, liveCalls: 0, skips: [], ends: 0, skat: 0, jumped: false, declared: false };
  // While the auction runs: the list has a line for every call made so far, in the side column (on
  // the phone below the table), before the person answers.
  const onAuction = async () => {
    const s = await snap(p);
    // the first turn of the second game: the result pause kept its clock full until the panel
    // showed, and the first game's result, skat included, is still beside the table
    if (s.game === 1 && s.act && seen.secondClock === undefined) {
      const [m, sec] = (await p.getByTestId('clock').innerText()).split(':').map(Number);
      seen.secondClock = m * 60 + sec;
      assert.ok(seen.secondClock >= 115, `the clock read ${m}:${sec} when the panel appeared`);
      assert.match(await p.getByTestId('result').innerText(), /^Game 1:/);
      assert.match(await p.getByTestId('result-skat').innerText(), /^Skat: .+ \(\d+ points\)$/);
    }
    const calls = await auctionLength(p);
    const list = p.getByTestId('auction-history');
    if (calls > 0) {
      await list.waitFor();
      assert.equal(await list.locator('li').count(), calls, 'the auction list while the auction runs');
      seen.liveCalls++;
    }
    seen.auctionChecks++;
    // the second game: a jump bid far above any hand (bots do not hold it); the person declares
    if (s.game === 1 && !seen.jumped && (await p.getByTestId('jump-select').isVisible())) {
      const values = await p.getByTestId('jump-select').locator('option').allInnerTexts();
      const top = values[values.length - 1];
      assert.ok(Number(top) >= 120, `jump bids offered: ${values.join(' ')}`);
      await p.getByTestId('jump-select').selectOption(top);
      await p.getByTestId('jump').click();
      await p.getByTestId('jump-confirm').click();
      seen.jumped = Number(top);
      // the bid is in before the driver looks for another button of this auction turn
      await p.waitForFunction((v) => window.skatSession.snap.table.currentBid === v, seen.jumped);
      await shot(p, device === 'phone' ? 'phone-auction' : 'auction-list');
    }
  };
  // Declaring after that bid: plain Null is missing and the page says why; a suit game is overbid,
  // the value says so, and the first click only arms the declaration.
  const onDeclare = async () => {
    if (!seen.jumped || seen.declared) return;
    const note = await p.getByTestId('null-note').innerText();
    assert.match(note, new RegExp(`Null is worth 23, less than your bid of ${seen.jumped}`), note);
    await p.getByTestId('game-D').click();
    const value = await p.getByTestId('declare-value').innerText();
    assert.match(value, new RegExp(`overbid: below your bid of ${seen.jumped}`), value);
    const version = (await snap(p)).version;
    await p.getByTestId('declare').click(); // arms only
    await p.getByTestId('declare-overbid').waitFor();
    if (device === 'desktop') await shot(p, 'declare-overbid');
    await p.waitForTimeout(300);
    assert.equal((await snap(p)).version, version, 'the overbid game was declared on the first click');
    await p.getByTestId('declare-overbid').click();
    seen.declared = true;
  };

  const end = Date.now() + 240000;
  for (;;) {
    const s = await snap(p);
    if (s?.finished) break;
    assert.ok(Date.now() < end, `timed out: ${JSON.stringify(s)} ${JSON.stringify(seen)}`);
    if (s?.dwell === 'trick') {
      // a completed trick stays (3 s as set); a click on the felt goes on at once
      assert.equal(await p.locator('[data-testid=trick] .trick-card').count(), 3);
      const at = Date.now();
      await p.getByTestId('trick').click();
      await p.waitForFunction(() => window.skatSession.snap.dwell?.kind !== 'trick', null, { timeout: 2900 });
      seen.skips.push(Date.now() - at);
      continue;
    }
    if (s?.dwell === 'result') {
      // the end of a game waits for the click, with the skat shown when the game was played out
      seen.ends++;
      await p.getByTestId('game-end').waitFor();
      if (await p.getByTestId('game-end-skat').count()) {
        assert.match(await p.getByTestId('game-end-skat').innerText(), /Skat: .+ \(\d+\)|The skat counted \d+/);
        seen.skat++;
      }
      await p.waitForTimeout(400);
      assert.equal((await snap(p)).dwell, 'result', 'the end of the game did not wait for the click');
      await p.getByTestId('next-game').click();
      await p.waitForFunction(() => window.skatSession.snap.dwell?.kind !== 'result');
      continue;
    }
    // the overbid game is conceded at its first card: the dialog states what it costs first
    if (seen.declared && s.phase === 'playing' && s.declarer === s.mySeat && s.act && s.game === 1) {
      await p.getByTestId('concede').click();
      const cost = await p.getByTestId('concede-cost').innerText();
      assert.match(cost, /−\d+ on the list, −\d+ Seeger-Fabian/, cost);
      await p.getByTestId('concede-confirm').click();
      await p.waitForFunction(() => window.skatSession.snap.table.phase === 'finished', null, { timeout: 10000 });
      continue;
    }
    const did = await step(p, { onAuction, onDeclare });
    await p.waitForTimeout(did ? 30 : 60);
  }

  assert.ok(seen.liveCalls >= 1, `the auction list was never checked with a call in it: ${JSON.stringify(seen)}`);
  assert.ok(seen.jumped && seen.declared, `no jump bid and declaration: ${JSON.stringify(seen)}`);
  assert.ok(seen.skips.length >= 2, `tricks skipped: ${seen.skips}`);
  for (const ms of seen.skips) assert.ok(ms < 1500, `a click took ${ms} ms to go on (the pause is 3 s)`);
  assert.ok(seen.secondClock !== undefined, `the second game's first turn was not seen: ${JSON.stringify(seen)}`);
  assert.equal(seen.ends, 2, `game ends shown: ${JSON.stringify(seen)}`);
  assert.ok(seen.skat >= 1, 'the skat was never shown at the end of a game');

  // the series' end: the score sheet, and no hand left under it (the conceded game left cards)
  await p.getByTestId('series-final').waitFor();
  assert.equal(await p.locator('[data-testid=hand]').count(), 0, 'a hand stays under the series result');
  const result = await p.evaluate(() => window.skatSession.snap.table.list[1]);
  assert.ok(result, 'the second game is on the list');

  // the screen reader heard the calls and the cards; the sounds played
  const said = await p.evaluate(() => window.said);
  assert.ok(
    said.some((x) => /(bids \d+|holds|passes)/.test(x)),
    `no call announced: ${said.slice(0, 8).join(' | ')}`,
  );
  assert.ok(
    said.some((x) => / plays \w+ of (Clubs|Spades|Hearts|Diamonds)/.test(x)),
    `no card announced: ${said.slice(-8).join(' | ')}`,
  );
  assert.ok((await p.evaluate(() => window.notes)) > 0, 'sounds were on but none played');
}

test('a name that is taken is said, and the name given is shown', async () => {
  const first = await env.browser.newContext(devices.desktop);
  const second = await env.browser.newContext(devices.desktop);
  try {
    const a = await first.newPage();
    await signIn(a, env.server.base, 'Twin');
    await a.getByTestId('create-table').waitFor();
    const b = await second.newPage();
    await signIn(b, env.server.base, 'Twin');
    const toast = b.getByRole('alert');
    await toast.waitFor();
    const text = await toast.innerText();
    const given = await b.evaluate(() => window.skatSession.snap.player.name);
    assert.notEqual(given, 'Twin');
    assert.equal(text, `The name “Twin” is taken: you play as “${given}”.`);
  } finally {
    await first.close();
    await second.close();
  }
});
