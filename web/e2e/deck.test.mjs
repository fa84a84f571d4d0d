// End to end: the header's choice of decks. A player who had the old four-colour switch on finds the
// four-colour deck chosen; the German-suited deck draws the hand, the trick and a replay with the
// German suits, names the cards and the game in German words, and stays chosen after a reload; on a
// phone the header stays compact and the hand readable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fastContext, shot } from './harness.mjs';
import { serverAndBrowser } from './fixture.mjs';
import { createTable, playUntil, signIn, snap } from './driver.mjs';

const env = serverAndBrowser({ bots: 4 });

const EN_NAME = /^(Ace|Ten|King|Ober|Unter|Nine|Eight|Seven) of (Acorns|Leaves|Hearts|Bells)$/;
const DE_NAME = /^(Eichel|Grün|Herz|Schellen)-(Ass|Zehn|König|Ober|Unter|Neun|Acht|Sieben)$/;
const GERMAN_SUIT = { C: 'Eichel', S: 'Grün', H: 'Herz', D: 'Schellen' };

const handCards = (page) => page.locator('[data-testid=hand] .card');
const labels = (page, selector) =>
  page.locator(selector).evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));

test('the German-suited deck: chosen in the header, drawn in the hand, the trick and the replay, remembered', async () => {
  const ctx = await fastContext(env.browser, { viewport: { width: 1280, height: 860 } });
  try {
    const anna = await ctx.newPage();
    anna.on('pageerror', (e) => console.error('page error:', e));
    // the old switch, on: the choice shows the four-colour deck
    await anna.goto(`${env.server.base}/#/play`);
    await anna.evaluate(() => localStorage.setItem('skat.fourColour', '1'));
    await anna.reload();
    await signIn(anna, env.server.base, 'Anna');
    const choice = anna.getByTestId('deck');
    assert.equal(await choice.inputValue(), 'four');
    assert.deepEqual(await choice.locator('option').allInnerTexts(), [
      'French deck',
      'four-colour deck',
      'German-suited deck',
    ]);
    assert.ok(await anna.evaluate(() => document.documentElement.classList.contains('four-colour')));

    await createTable(anna, 1);
    await anna.getByTestId('hand').waitFor({ timeout: 20000 });
    await choice.selectOption('german');
    assert.deepEqual(
      await anna.evaluate(() => [localStorage.getItem('skat.deck'), localStorage.getItem('skat.fourColour')]),
      ['german', null],
    );
    // the hand: German suits drawn, the German letters in the corner, names for screen readers
    await anna.locator('[data-testid=hand] .card.german svg.suit-icon').first().waitFor();
    assert.equal(await anna.locator('[data-testid=hand] .card:not(.german)').count(), 0);
    assert.equal(
      await anna
        .locator('[data-testid=hand] .card')
        .filter({ hasText: /[♣♠♥♦]/ })
        .count(),
      0,
    );
    for (const name of await labels(anna, '[data-testid=hand] .card')) assert.match(name, EN_NAME);
    const letters = await anna.locator('[data-testid=hand] .card .corner:not(.bottom) .rank').allInnerTexts();
    for (const l of letters) assert.match(l, /^(A|10|K|O|U|9|8|7)$/);
    assert.ok(!(await anna.evaluate(() => document.documentElement.classList.contains('four-colour'))));

    // in the play: the cards on the felt are German-suited too, the game line says the German suit.
    // A completed trick stays on the felt while the display pauses on it (a declarer who leads and
    // takes every trick never sees a card of another on the felt at her turn).
    await anna.evaluate(() =>
      localStorage.setItem('skat.pace', JSON.stringify({ cardMs: 0, trickMs: 5000, resultMs: 0 })),
    );
    await playUntil(anna, (s) => s.phase === 'playing' && s.dwell === 'trick');
    await anna.locator('.trick-area .card.german').first().waitFor();
    await shot(anna, 'german-deck');

    // a reload keeps the choice; in German the cards are called Eichel-Unter, Grün-Ass ...
    await anna.reload();
    await anna.getByTestId('hand').waitFor({ timeout: 20000 });
    assert.equal(await anna.getByTestId('deck').inputValue(), 'german');
    await anna.locator('[data-testid=hand] .card.german svg.suit-icon').first().waitFor();
    await anna.getByTestId('lang-de').click();
    assert.deepEqual(await anna.getByTestId('deck').locator('option').allInnerTexts(), [
      'französisches Blatt',
      'vierfarbiges Blatt',
      'deutsches Blatt',
    ]);
    for (const name of await labels(anna, '[data-testid=hand] .card')) assert.match(name, DE_NAME);
    const game = await anna.evaluate(() => window.skatSession.snap.table.declaration.game);
    const line = await anna.getByTestId('game-line').innerText();
    if (GERMAN_SUIT[game]) assert.ok(line.includes(GERMAN_SUIT[game]), line);
    assert.doesNotMatch(line, /Kreuz|Pik|Karo/);

    // the replay of the game, once played through, draws the German suits as well
    await playUntil(anna, (s) => s.finished, { timeoutMs: 120000 });
    await anna.goto(`${env.server.base}/#/series`);
    await anna.getByTestId('series-rows').locator('tbody tr a').first().click();
    await anna.getByTestId('replay-0').click();
    await anna.locator('[data-testid=replay] .card.german svg.suit-icon').first().waitFor();
    assert.equal(await anna.locator('[data-testid=replay] .card:not(.german):not(.back)').count(), 0);
    for (const name of await labels(anna, '[data-testid=replay] .card:not(.back)')) assert.match(name, DE_NAME);
    // and back to the French deck: the symbols return
    await anna.getByTestId('deck').selectOption('french');
    assert.equal(await anna.locator('[data-testid=replay] .card.german').count(), 0);
    assert.ok(
      (await anna
        .locator('[data-testid=replay] .card')
        .filter({ hasText: /[♣♠♥♦]/ })
        .count()) > 0,
    );
  } finally {
    await ctx.close();
  }
});

test('the German-suited deck on a phone: a compact header and a readable hand', async () => {
  const ctx = await fastContext(env.browser, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'de-DE',
  });
  try {
    const ben = await ctx.newPage();
    ben.on('pageerror', (e) => console.error('page error:', e));
    await signIn(ben, env.server.base, 'Ben');
    const choice = ben.getByTestId('deck');
    // the phone names the decks shorter
    assert.deepEqual(await choice.locator('option').allInnerTexts(), ['frz. Blatt', '4 Farben', 'dt. Blatt']);
    await choice.selectOption('german');
    await createTable(ben, 1);
    await ben.getByTestId('hand').waitFor({ timeout: 20000 });
    const header = await ben.locator('header.top').boundingBox();
    assert.ok(header.height <= 100, `the header is ${header.height} px high`);
    const box = await choice.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `the choice at ${JSON.stringify(box)}`);
    // at a turn of hers in the play (a declarer who takes every trick leads to an empty felt)
    await playUntil(ben, (s) => s.phase === 'playing' && s.act && (s.trick >= 1 || s.tricks >= 1));
    // every card of the hand shows its letter and its suit in the corner, inside the screen
    const corners = await ben
      .locator('[data-testid=hand] .card .corner:not(.bottom)')
      .evaluateAll((cs) => cs.map((c) => c.getBoundingClientRect()).map((r) => [r.left, r.right, r.width]));
    assert.ok(corners.length > 0);
    for (const [left, right, width] of corners) assert.ok(left >= 0 && right <= 390 && width >= 8, `${left}..${right}`);
    for (const name of await labels(ben, '[data-testid=hand] .card')) assert.match(name, DE_NAME);
    assert.ok((await snap(ben)).running);
    await shot(ben, 'german-deck-phone');
  } finally {
    await ctx.close();
  }
});
