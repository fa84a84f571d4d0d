// End to end: a private table with a friend. Anna creates it with one seat left for a friend and a
// bot in the other, and sends the link the waiting panel shows; Ben opens the link on a phone in
// German and is seated, the series starts; a stranger's lobby does not list the table, and its
// address without the key lets the stranger neither sit down nor watch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fastContext, shot } from './harness.mjs';
import { serverAndBrowser } from './fixture.mjs';
import { leaveSeries, playUntil, setDeals, signIn, snap } from './driver.mjs';

const env = serverAndBrowser({ bots: 2 });

test('a private table: the link seats a friend, strangers neither see it nor get in', async () => {
  const desk = await fastContext(env.browser, { viewport: { width: 1280, height: 860 } });
  const phone = await fastContext(env.browser, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'de-DE',
  });
  const stranger = await fastContext(env.browser, { viewport: { width: 1280, height: 860 } });
  try {
    const anna = await desk.newPage();
    await signIn(anna, env.server.base, 'Anna');
    await setDeals(anna, 2);
    await anna.getByTestId('bot-0').selectOption({ label: 'a friend (by the link)' });
    await anna.getByTestId('private-table').check();
    await anna.getByTestId('create-table').click();
    // the waiting panel offers the link; the address bar says it too
    const invite = anna.getByTestId('invite-friends');
    await invite.waitFor();
    const href = await invite.getByTestId('table-link').getAttribute('href');
    assert.match(href, /^#\/table\/\d+\/[0-9a-f]{64}$/);
    assert.equal(await anna.evaluate(() => location.hash), href);
    const table = Number(href.split('/')[2]);
    await shot(anna, 'private-table');

    // a stranger: not in the lobby, and the address without the key lets nobody in
    const eve = await stranger.newPage();
    await signIn(eve, env.server.base, 'Eve');
    await eve.waitForFunction(() => window.skatSession.snap.lobby !== null);
    assert.equal(
      await eve.evaluate((id) => window.skatSession.snap.lobby.tables.some((t) => t.table === id), table),
      false,
    );
    await eve.goto(`${env.server.base}/#/table/${table}`);
    await eve.waitForFunction(() => !!window.skatSession.snap.error);
    assert.equal(await eve.evaluate(() => window.skatSession.snap.table?.seats.some((s) => s.player) ?? false), false);

    // the friend opens the link (German, on a phone): seated in the free seat, the series starts
    const ben = await phone.newPage();
    await signIn(ben, env.server.base, 'Ben');
    await ben.goto(`${env.server.base}/${href}`);
    await playUntil(ben, (s) => s.running && s.mySeat === 1, { timeoutMs: 30000 });
    assert.equal(await ben.evaluate(() => window.skatSession.snap.watching), false);
    await anna.getByTestId('hand').waitFor({ timeout: 20000 });
    const names = await anna.evaluate(() => window.skatSession.snap.table.seats.map((s) => s.player?.name));
    assert.deepEqual(names.slice(0, 2), ['Anna', 'Ben']);
    // the table is in both players' lobbies, marked private
    const listed = await ben.evaluate(async (id) => {
      window.skatSession.requestLobby();
      await new Promise((r) => setTimeout(r, 500));
      return window.skatSession.snap.lobby.tables.find((t) => t.table === id) ?? null;
    }, table);
    assert.equal(listed?.private, true, JSON.stringify(listed));
    assert.ok((await snap(ben)).running);
    await leaveSeries(ben);
    await leaveSeries(anna);
  } finally {
    await desk.close();
    await phone.close();
    await stranger.close();
  }
});
