// End to end: a guest's own bot through the page against a real server. The guest signs in on the
// My bots page, creates a bot and reads the secret shown once; the hello shown beside it logs the bot
// in over the WebSocket; the bot is listed (online while connected) and offered as a side in the
// tournament form, where the guest starts a tournament and gets its link and the seed's SHA-256;
// finally the bot is deleted after the confirmation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { shot } from './harness.mjs';
import { serverAndBrowser } from './fixture.mjs';

let page;

const env = serverAndBrowser({ bots: 3 }, async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await ctx.newPage();
  page.on('pageerror', (e) => console.error('page error:', e));
});

// Sends `hello` (the text the page shows) on a new WebSocket and resolves with the first answer.
function helloOnSocket(url, hello) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const timer = setTimeout(() => reject(new Error('no answer to the hello')), 15000);
    ws.onopen = () => ws.send(hello);
    ws.onerror = () => reject(new Error(`cannot connect to ${url}`));
    ws.onmessage = (e) => {
      clearTimeout(timer);
      resolve({ ws, answer: JSON.parse(String(e.data)) });
    };
  });
}

const rowOf = (name) => page.locator(`[data-testid=bot-row][data-bot="${name}"]`);

test('a guest creates a bot, runs it with the secret shown once and finds it among the tournament sides', async () => {
  await page.goto(`${env.server.base}/#/bots`);
  // without a session the page asks to sign in, as the Play page does
  await page.getByTestId('name').fill('Botmaker');
  await page.getByTestId('login').click();
  await page.getByTestId('bots-count').waitFor({ timeout: 15000 });
  assert.equal(await page.getByTestId('bots-count').innerText(), 'Bots: 0 of 5');

  await page.getByTestId('new-bot-name').fill('e2e-bot');
  await page.getByTestId('create-bot').click();
  await page.getByTestId('bot-secret').waitFor();
  const secret = (await page.getByTestId('bot-secret-token').innerText()).trim();
  assert.match(secret, /^\S{16,}$/, `the secret shown: ${secret}`);
  const ws = `ws://127.0.0.1:${env.server.port}/ws`;
  assert.equal(
    await page.getByTestId('bot-command').innerText(),
    `skat bot --program "python3 my_bot.py" --name e2e-bot --token ${secret} --url ${ws}`,
  );
  const hello = await page.getByTestId('bot-hello').innerText();
  await shot(page, 'my-bots');

  // the bot is listed with its program, and the server lists it for the page's session
  await rowOf('e2e-bot').waitFor();
  assert.equal(await page.getByTestId('bots-count').innerText(), 'Bots: 1 of 5');
  assert.equal(await rowOf('e2e-bot').getByTestId('bot-program').innerText(), 'account:e2e-bot');
  const token = await page.evaluate(() => localStorage.getItem('skat.token'));
  const listed = await (
    await fetch(`${env.server.base}/api/bots`, { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  assert.deepEqual(
    listed.bots.map((b) => [b.name, b.program]),
    [['e2e-bot', 'account:e2e-bot']],
  );

  // the secret is real: the hello shown logs the bot in
  const { ws: botSocket, answer } = await helloOnSocket(ws, hello);
  try {
    assert.equal(answer.type, 'welcome', JSON.stringify(answer));
    assert.equal(answer.player.name, 'e2e-bot');
    assert.equal(answer.player.bot, true);
    // the secret goes once saved; the list shows the bot online while it is connected
    await page.getByTestId('secret-done').click();
    assert.equal(await page.getByTestId('bot-secret').count(), 0);
    for (let i = 0; ; i++) {
      await page.reload();
      await rowOf('e2e-bot').waitFor();
      if ((await rowOf('e2e-bot').getByTestId('bot-online').innerText()) === 'online') break;
      assert.ok(i < 20, 'the connected bot is not shown online');
      await page.waitForTimeout(250);
    }

    // the tournament form offers the bot among the player's own bots, on both sides
    await page.getByRole('link', { name: 'Tournaments', exact: true }).click();
    await page.getByTestId('tour-limits').waitFor({ timeout: 15000 });
    for (const side of ['side-a', 'side-b']) {
      const mine = await page
        .getByTestId(side)
        .locator('optgroup[label="My bots"] option')
        .evaluateAll((os) => os.map((o) => o.value));
      assert.deepEqual(mine, ['account:e2e-bot'], side);
    }
    assert.equal(await page.getByTestId('side-b').inputValue(), 'account:e2e-bot');
    const house = await page
      .getByTestId('side-a')
      .locator('optgroup[label="House programs"] option')
      .evaluateAll((os) => os.map((o) => o.value));
    assert.ok(house.includes('simple'), `house programs: ${house}`);

    // a tournament of two house programs: its link and the SHA-256 of the seed the server drew
    await page.getByTestId('side-a').selectOption('simple');
    await page.getByTestId('side-b').selectOption('simple');
    await page.getByTestId('tour-deals').fill('1');
    await page.getByTestId('tour-seating').selectOption('2:1');
    await page.getByTestId('tour-start').click();
    await page.getByTestId('tour-started').waitFor({ timeout: 15000 });
    assert.match(await page.getByTestId('tour-started').innerText(), /[0-9a-f]{64}/);
    await shot(page, 'tournament-start');
    await page.getByTestId('tour-started-link').click();
    await page.getByTestId('tournament-started-by').waitFor();
    assert.equal(await page.getByTestId('tournament-started-by').innerText(), 'Started by Botmaker');
  } finally {
    botSocket.close();
  }

  // deleting asks first
  await page.getByRole('link', { name: 'My bots', exact: true }).click();
  await rowOf('e2e-bot').waitFor();
  await rowOf('e2e-bot').getByTestId('delete').click();
  await rowOf('e2e-bot').getByTestId('delete-confirm').click();
  await page.waitForFunction(() => !document.querySelector('[data-testid=bot-row]'));
  assert.equal(await page.getByTestId('bots-count').innerText(), 'Bots: 0 of 5');
});
