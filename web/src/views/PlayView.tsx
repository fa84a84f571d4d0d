// The Play page: the login as a guest, the lobby (a new table against bots or friends, the open
// tables with their event in the page's language), and the table once the player sits or watches.
import { useEffect, useRef, useState } from 'preact/hooks';
import { eventName } from '../lib/events';
import { t } from '../lib/i18n';
import type { Session, SessionSnapshot } from '../lib/session';
import { TableView } from './TableView';

export function Login({ session }: { session: Session }) {
  const [name, setName] = useState(session.storedName ?? '');
  const valid = name.trim().length > 0 && new TextEncoder().encode(name.trim()).length <= 32;
  return (
    <form
      class="panel login"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) session.login(name.trim());
      }}
    >
      <h2>{t('login.title')}</h2>
      <p>{t('login.intro')}</p>
      <label>
        {t('login.name')}{' '}
        <input
          autoFocus
          value={name}
          maxLength={32}
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
          data-testid="name"
        />
      </label>
      <button class="primary" type="submit" disabled={!valid} data-testid="login">
        {t('login.play')}
      </button>
    </form>
  );
}

// The opponent choice that leaves the seat free for a friend (who comes by the table's link).
const FRIEND = '-friend-';

function Lobby({ session, snap }: { session: Session; snap: SessionSnapshot }) {
  const [dealsText, setDealsText] = useState('36');
  const deals = /^\d+$/.test(dealsText.trim()) ? Number(dealsText.trim()) : NaN;
  const dealsOk = Number.isInteger(deals) && deals >= 1 && deals <= 360;
  const [bots, setBots] = useState<[string | null, string | null]>(['', '']);
  const [privateTable, setPrivateTable] = useState(false);
  const [kontra, setKontra] = useState(false);
  useEffect(() => {
    session.requestLobby();
    const id = setInterval(() => session.requestLobby(), 3000);
    return () => clearInterval(id);
  }, []);
  const online = snap.lobby?.online ?? [];
  const freeBots = online.filter((p) => p.bot && p.table === null);
  // A table nobody sits at and without a series is closing: not listed.
  const tables = (snap.lobby?.tables ?? []).filter((tb) => tb.running || tb.seats.some((s) => s));
  const left = session.leftSeriesTable;
  const leftTable = left !== null ? tables.find((tb) => tb.table === left && tb.running) : undefined;
  // (shown only while that table's series runs; a series that ended leaves nothing to come back to)
  const botsNeeded = bots.filter((b) => b !== null).length;
  const botSelect = (i: 0 | 1) => (
    <select
      value={bots[i] ?? FRIEND}
      onChange={(e) => {
        const b: [string | null, string | null] = [...bots];
        const v = (e.target as HTMLSelectElement).value;
        b[i] = v === FRIEND ? null : v;
        setBots(b);
      }}
      data-testid={`bot-${i}`}
    >
      <option value="">{t('lobby.anyBot')}</option>
      <option value={FRIEND}>{t('lobby.friend')}</option>
      {freeBots.map((b) => (
        <option value={b.name}>{b.name}</option>
      ))}
    </select>
  );
  return (
    <div class="lobby">
      <form
        class="panel new-table"
        onSubmit={(e) => {
          e.preventDefault();
          if (dealsOk) session.createTable({ deals, bots, private: privateTable, kontra });
        }}
      >
        <h2>{t('lobby.newTable')}</h2>
        <div class="form-row">
          <label>
            {t('lobby.deals')}{' '}
            <input
              type="number"
              min={1}
              max={360}
              value={dealsText}
              onInput={(e) => setDealsText((e.target as HTMLInputElement).value)}
              aria-invalid={!dealsOk}
              data-testid="deals"
            />
          </label>
          <label>
            {t('lobby.left')} {botSelect(0)}
          </label>
          <label>
            {t('lobby.right')} {botSelect(1)}
          </label>
        </div>
        <p class="muted small">
          {t('lobby.botsFree', { n: freeBots.length })} ·{' '}
          {t('lobby.peopleOnline', { n: online.filter((p) => !p.bot).length })}
        </p>
        <label class="check" title={t('lobby.privateTitle')}>
          <input
            type="checkbox"
            checked={privateTable}
            onChange={(e) => setPrivateTable((e.target as HTMLInputElement).checked)}
            data-testid="private-table"
          />{' '}
          {t('lobby.privateTable')}
        </label>
        <label class="check" title={t('lobby.kontraHelp')}>
          <input
            type="checkbox"
            checked={kontra}
            onChange={(e) => setKontra((e.target as HTMLInputElement).checked)}
            data-testid="kontra-table"
          />{' '}
          {t('lobby.kontra')}
        </label>
        <button
          class="primary"
          type="submit"
          disabled={freeBots.length < botsNeeded || !dealsOk}
          data-testid="create-table"
        >
          {dealsOk ? t('lobby.playDeals', { n: deals }) : t('lobby.dealsRange')}
        </button>
        {freeBots.length < botsNeeded && <p class="warn-text">{t('lobby.notEnoughBots')}</p>}
      </form>
      {leftTable && (
        <section class="panel back-to-seat" data-testid="back-to-seat">
          <p>{t('leave.backPrompt', { n: leftTable.table, game: leftTable.game + 1, deals: leftTable.deals })}</p>
          <button class="primary" onClick={() => session.returnToSeries(leftTable.table)} data-testid="return-to-seat">
            {t('leave.back')}
          </button>
        </section>
      )}
      <section class="panel">
        <h2>{t('lobby.tables')}</h2>
        {tables.length === 0 && <p class="muted">{t('lobby.noTables')}</p>}
        <ul class="table-list" data-testid="table-list">
          {tables.map((tb) => {
            const free = tb.seats.findIndex((s) => !s);
            return (
              <li>
                <span>
                  <b>{t('table.title', { n: tb.table })}</b>
                  {tb.private && (
                    <span class="badge" data-testid="private-mark">
                      {' '}
                      {t('lobby.private')}
                    </span>
                  )}
                  {tb.kontra && (
                    <span class="badge" data-testid="kontra-mark">
                      {' '}
                      {t('lobby.kontra')}
                    </span>
                  )}{' '}
                  {eventName(tb.event)} ·{' '}
                  {tb.running
                    ? t('lobby.gameOf', { n: tb.game + 1, deals: tb.deals })
                    : t('lobby.notStarted', { n: tb.deals })}{' '}
                  ·{' '}
                  {tb.seats
                    .map((s) => (s ? s.name + (s.bot ? ` ${t('lobby.botMark')}` : '') : t('lobby.free')))
                    .join(', ')}
                  {tb.spectators ? ` · ${t('lobby.watchers', { n: tb.spectators })}` : ''}
                </span>
                <span class="buttons">
                  {!tb.running && free >= 0 && (
                    <button onClick={() => session.joinTable(tb.table, free)}>{t('lobby.join')}</button>
                  )}
                  <button onClick={() => session.watchTable(tb.table)}>{t('lobby.watch')}</button>
                </span>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

export function PlayView({
  session,
  snap,
  openTable,
  openKey,
}: {
  session: Session;
  snap: SessionSnapshot;
  openTable?: number; // #/table/ID: go to that table (back to the seat, or watch)
  openKey?: string; // #/table/ID/KEY: a private table's link (sit down on a free seat)
}) {
  const opened = useRef<number | null>(null);
  useEffect(() => {
    // a table's address opened without a name: watch it as a visitor
    if (openTable !== undefined && !snap.player && !session.storedName) session.visit();
  }, [openTable, snap.player]);
  useEffect(() => {
    // (left for another address: the table's address opens it again when it comes back)
    if (openTable === undefined) opened.current = null;
    if (openTable === undefined || !snap.player || !snap.lobby || opened.current === openTable) return;
    opened.current = openTable;
    if (snap.table?.table !== openTable) session.openTable(openTable, openKey);
  }, [openTable, snap.player, snap.lobby]);
  if (!snap.player) {
    if (snap.status === 'connecting' && (session.storedName || snap.visitor))
      return <p class="status">{t('status.connecting')}</p>;
    return <Login session={session} />;
  }
  if (snap.table) return <TableView session={session} snap={snap} />;
  if (snap.visitor && openTable !== undefined) return <p class="status">{t('status.connecting')}</p>;
  // a visitor who stops watching is asked for a name to play
  if (snap.visitor) return <Login session={session} />;
  return <Lobby session={session} snap={snap} />;
}
