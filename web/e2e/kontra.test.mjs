// End to end: a table with Kontra and Re. A player creates it (the lobby marks it), passes in every
// auction, and says Kontra as a defender before his first card when the page offers it; the table
// says who said Kontra, and the game's result and the list count it doubled. On a desktop in
// English and on a phone in German.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fastContext, shot } from './harness.mjs';
import { serverAndBrowser } from './fixture.mjs';
import { leaveSeries, playUntil, setDeals, signIn, snap, step } from './driver.mjs';

const env = serverAndBrowser({ bots: 6 });

const visible = (page, id) =>
  page
    .getByTestId(id)
    .isVisible()
    .catch(() => false);

// Passes in every auction and plays its cards until the page offers Kontra, then says it; null
// when the series ends first (its games thrown in, or the bot partner said Kontra before her).
async function defendUntilKontra(page, timeoutMs = 120000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await visible(page, 'kontra')) {
      const s = await snap(page);
      assert.notEqual(s.declarer, s.mySeat, 'only a defender is offered Kontra');
      await page.getByTestId('kontra').click();
      return s;
    }
    if ((await snap(page))?.finished) return null;
    if (await visible(page, 'auction-panel')) {
      await page
        .getByTestId('pass')
        .click({ timeout: 1500 })
        .catch(() => {});
    } else {
      await step(page);
    }
    await page.waitForTimeout(40);
  }
  throw new Error(`no Kontra offered; last state ${JSON.stringify(await snap(page))}`);
}

// Creates a table with Kontra and Re for a series of six deals; the lobby marks it.
async function createKontraTable(page) {
  await setDeals(page, 6);
  await page.getByTestId('kontra-table').check();
  await page.getByTestId('create-table').click();
  await page.getByTestId('hand').waitFor({ timeout: 30000 });
  const listed = await page.evaluate(async () => {
    const id = window.skatSession.snap.table.table;
    window.skatSession.requestLobby();
    await new Promise((r) => setTimeout(r, 500));
    return window.skatSession.snap.lobby.tables.find((t) => t.table === id) ?? null;
  });
  assert.equal(listed?.kontra, true, JSON.stringify(listed));
}

async function kontraSeries(context, { said, screenshot }) {
  const page = await context.newPage();
  await signIn(page, env.server.base, said.name);
  // the deals are random: a series may pass without an offer to her, then she opens another
  let before = null;
  for (let series = 0; !before; series++) {
    assert.ok(series < 3, 'no Kontra offered in three series');
    if (series > 0) await leaveSeries(page);
    await createKontraTable(page);
    before = await defendUntilKontra(page);
  }
  const line = page.getByTestId('doubled');
  await line.waitFor({ timeout: 10000 });
  assert.match(await line.innerText(), said.text);
  // a second Kontra is not offered
  assert.equal(await visible(page, 'kontra'), false);
  if (screenshot) await shot(page, screenshot);

  // the game ends (the list grows by it): counted twice, or four times after the declarer's Re
  const after = await playUntil(page, (s) => s.list > before.list, { timeoutMs: 120000 });
  const factor = await page.evaluate((i) => window.skatSession.snap.table.doublings[i], after.list - 1);
  assert.ok(factor === 2 || factor === 4, `doubling ${factor}`);
  assert.ok((await page.getByTestId('doubled-mark').count()) > 0);
  await leaveSeries(page);
}

test('Kontra on a desktop in English', async () => {
  const desk = await fastContext(env.browser, { viewport: { width: 1280, height: 860 } });
  try {
    await kontraSeries(desk, { said: { name: 'Anna', text: /Kontra by Anna/ }, screenshot: 'kontra' });
  } finally {
    await desk.close();
  }
});

test('Kontra on a phone in German', async () => {
  const phone = await fastContext(env.browser, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'de-DE',
  });
  try {
    await kontraSeries(phone, { said: { name: 'Ben', text: /Kontra von Ben/ } });
  } finally {
    await phone.close();
  }
});
