// Drives the play page like a person: bids/holds until it wins the auction, picks up, puts two
// cards, declares a legal game and plays legal cards, clicking what the page offers.
export const snap = (page) =>
  page.evaluate(() => {
    const s = window.skatSession.snap;
    const t = s.table;
    return t
      ? {
          status: s.status,
          version: t.version,
          game: t.game,
          phase: t.phase,
          running: t.running,
          tricks: t.tricks.length,
          trick: t.trick.length,
          hand: t.hand.slice().sort(),
          list: t.list.length,
          finished: !!t.seriesResult,
          mySeat: t.mySeat,
          declarer: t.declarer,
          act: !!s.act && s.act.table === t.table && s.act.version <= t.version,
          dwell: s.dwell?.kind ?? null,
        }
      : null;
  });

async function tryClick(locator, opts = {}) {
  try {
    if (!(await locator.isVisible())) return false;
    if (!(await locator.isEnabled({ timeout: 1500 }))) return false; // it may be gone by now
    await locator.click({ timeout: 1500, ...opts });
    return true;
  } catch {
    return false;
  }
}

// One action if the page offers one; returns its name or null.
export async function step(page, { useKeyboard = false, onAuction, onDeclare } = {}) {
  const visible = async (id) =>
    page
      .getByTestId(id)
      .isVisible()
      .catch(() => false);
  if (await visible('auction-panel')) {
    if (onAuction) await onAuction();
    if (await tryClick(page.getByTestId('hold'))) return 'hold';
    if (await tryClick(page.getByTestId('bid-next'))) return 'bid';
    return null;
  }
  if (await visible('skat-panel')) return (await tryClick(page.getByTestId('pickup'))) ? 'pickup' : null;
  if (await visible('discard-panel')) {
    const selected = page.locator('[data-testid=hand] button.card[aria-pressed=true]');
    const n = await selected.count();
    if (n < 2) {
      const free = page.locator('[data-testid=hand] button.card[aria-pressed=false]');
      return (await tryClick(free.last())) ? 'select' : null; // the lowest cards
    }
    return (await tryClick(page.getByTestId('discard'))) ? 'discard' : null;
  }
  if (await visible('declare-panel')) {
    if (onDeclare) await onDeclare();
    if (await tryClick(page.getByTestId('declare-overbid'))) return 'declare';
    if (await tryClick(page.getByTestId('declare'))) return 'declare';
    const games = page.locator('[data-testid=declare-panel] [data-testid^=game-]');
    return (await tryClick(games.first())) ? 'choose-game' : null;
  }
  // playing: the legal cards are the highlighted buttons of the hand (the hint panel is hidden on phones)
  if ((await page.locator('[data-testid=hand] button.card.playable').count()) > 0) {
    const card = page.locator('[data-testid=hand] button.card.playable').first();
    if (useKeyboard) {
      try {
        await card.focus({ timeout: 1500 });
        await page.keyboard.press('Enter');
        return 'play-key';
      } catch {
        return null;
      }
    }
    return (await tryClick(card)) ? 'play' : null;
  }
  return null;
}

// Acts until `done(snapshot)` holds.
export async function playUntil(page, done, { timeoutMs = 90000, log = [], ...opts } = {}) {
  const end = Date.now() + timeoutMs;
  let plays = 0;
  for (;;) {
    const s = await snap(page);
    if (s && done(s)) return s;
    if (Date.now() > end)
      throw new Error(`timed out; last state ${JSON.stringify(s)}; actions ${log.slice(-20).join(',')}`);
    const did = await step(page, { ...opts, useKeyboard: opts.useKeyboard ?? plays % 2 === 1 });
    if (did) {
      log.push(did);
      if (did.startsWith('play')) plays++;
      await page.waitForTimeout(30);
    } else {
      await page.waitForTimeout(60);
    }
  }
}

// Leaves the running series of the page's table (a bot plays on), so that the pool bots come back
// once the bots have finished it instead of waiting for a replacement after a closed page's grace.
// A series that has ended meanwhile (its last game was the one just played) is left by leaving the
// table.
export async function leaveSeries(page) {
  if (!(await page.evaluate(() => location.hash.startsWith('#/play'))))
    await page.evaluate(() => (location.hash = '#/play'));
  const running = page.getByTestId('leave-series');
  const ended = page.getByTestId('leave');
  await running.or(ended).first().waitFor();
  if (await running.isVisible()) {
    await running.click();
    await page.getByTestId('leave-series-confirm').click();
  } else {
    await ended.click();
  }
  await page.getByTestId('create-table').waitFor();
}

// Opens the play page and signs in as `name` (a guest).
export async function signIn(page, base, name) {
  await page.goto(`${base}/#/play`);
  await page.getByTestId('name').fill(name);
  await page.getByTestId('login').click();
}

// Sets the number of deals of the series to create and waits until the table can be created.
export async function setDeals(page, deals) {
  await page.getByTestId('deals').fill(String(deals));
  await page.waitForFunction(() => document.querySelector('[data-testid=create-table]')?.disabled === false);
}

// Creates a table for a series of `deals` deals with bots in the free seats.
export async function createTable(page, deals) {
  await setDeals(page, deals);
  await page.getByTestId('create-table').click();
}
