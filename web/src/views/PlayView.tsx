import { useEffect, useState } from 'preact/hooks';
import type { Session, SessionSnapshot } from '../lib/session';
import { TableView } from './TableView';

function Login({ session }: { session: Session }) {
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
      <h2>Play Skat</h2>
      <p>Enter a name to play as a guest. This browser remembers you.</p>
      <label>
        Name{' '}
        <input
          autoFocus
          value={name}
          maxLength={32}
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
          data-testid="name"
        />
      </label>
      <button class="primary" type="submit" disabled={!valid} data-testid="login">
        Play
      </button>
    </form>
  );
}

function Lobby({ session, snap }: { session: Session; snap: SessionSnapshot }) {
  const [dealsText, setDealsText] = useState('36');
  const deals = /^\d+$/.test(dealsText.trim()) ? Number(dealsText.trim()) : NaN;
  const dealsOk = Number.isInteger(deals) && deals >= 1 && deals <= 360;
  const [bots, setBots] = useState<[string, string]>(['', '']);
  useEffect(() => {
    session.requestLobby();
    const id = setInterval(() => session.requestLobby(), 3000);
    return () => clearInterval(id);
  }, []);
  const online = snap.lobby?.online ?? [];
  const freeBots = online.filter((p) => p.bot && p.table === null);
  const tables = snap.lobby?.tables ?? [];
  const botSelect = (i: 0 | 1) => (
    <select
      value={bots[i]}
      onChange={(e) => {
        const b: [string, string] = [...bots];
        b[i] = (e.target as HTMLSelectElement).value;
        setBots(b);
      }}
      data-testid={`bot-${i}`}
    >
      <option value="">any free bot</option>
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
          if (dealsOk) session.createTable({ deals, bots });
        }}
      >
        <h2>New table against two bots</h2>
        <div class="form-row">
          <label>
            Deals{' '}
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
          <label>Left opponent {botSelect(0)}</label>
          <label>Right opponent {botSelect(1)}</label>
        </div>
        <p class="muted small">
          {freeBots.length} bot{freeBots.length === 1 ? '' : 's'} free · {online.filter((p) => !p.bot).length} people
          online
        </p>
        <button class="primary" type="submit" disabled={freeBots.length < 2 || !dealsOk} data-testid="create-table">
          {dealsOk ? `Play ${deals} deal${deals === 1 ? '' : 's'}` : 'Deals: 1 to 360'}
        </button>
        {freeBots.length < 2 && <p class="warn-text">Not enough free bots right now; try again shortly.</p>}
      </form>
      <section class="panel">
        <h2>Tables</h2>
        {tables.length === 0 && <p class="muted">No tables yet.</p>}
        <ul class="table-list" data-testid="table-list">
          {tables.map((t) => {
            const free = t.seats.findIndex((s) => !s);
            return (
              <li>
                <span>
                  <b>Table {t.table}</b> {t.event} ·{' '}
                  {t.running ? `game ${t.game + 1}/${t.deals}` : `${t.deals} deals, not started`} ·{' '}
                  {t.seats.map((s) => (s ? s.name + (s.bot ? ' (bot)' : '') : 'free')).join(', ')}
                  {t.spectators ? ` · ${t.spectators} watching` : ''}
                </span>
                <span class="buttons">
                  {!t.running && free >= 0 && <button onClick={() => session.joinTable(t.table, free)}>Join</button>}
                  <button onClick={() => session.watchTable(t.table)}>Watch</button>
                </span>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

export function PlayView({ session, snap }: { session: Session; snap: SessionSnapshot }) {
  if (!snap.player) {
    if (snap.status === 'connecting' && session.storedName) return <p class="status">Connecting…</p>;
    return <Login session={session} />;
  }
  if (snap.table) return <TableView session={session} snap={snap} />;
  return <Lobby session={session} snap={snap} />;
}
