import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ActionPanel } from '../components/ActionPanel';
import { AuctionHistory } from '../components/AuctionHistory';
import { CardBack, CardView } from '../components/Card';
import { Clock } from '../components/Clock';
import { GameEnd } from '../components/GameEnd';
import { PaceControl } from '../components/PaceControl';
import { ResultBox } from '../components/ResultBox';
import { SeriesTable } from '../components/SeriesTable';
import type { LegalAction } from '../lib/bidding';
import { cardLabel, sortHand, type GameType } from '../lib/cards';
import { concessionText } from '../lib/declareHelp';
import { declarationText, explainResult } from '../lib/explain';
import type { Session, SessionSnapshot } from '../lib/session';
import { usingKeyboard } from '../lib/inputMode';
import type { Dwell } from '../lib/pacing';
import { pointsBySeat, toAct, type TableState, type TrickCard } from '../lib/tableState';
import { isCurrentTurn } from '../lib/turn';

const POSITION = ['Forehand', 'Middlehand', 'Rearhand'];

function auctionWord(t: TableState, seat: number): string | null {
  for (let i = t.auction.length - 1; i >= 0; i--) {
    const e = t.auction[i];
    if (e.seat !== seat) continue;
    return e.type === 'bid' ? String(e.value) : e.type === 'hold' ? 'yes' : 'pass';
  }
  return null;
}

function cardsLeft(t: TableState, seat: number): number {
  if (t.phase === 'waiting' || t.game < 0) return 0;
  let played = t.trick.filter((c) => c.seat === seat).length;
  for (const tr of t.tricks) played += tr.cards.filter((c) => c.seat === seat).length;
  return Math.max(0, 10 - played);
}

function SeatBox({ t, seat, turn, where }: { t: TableState; seat: number; turn: number; where: string }) {
  const s = t.seats[seat];
  const pos = t.game >= 0 && t.phase !== 'waiting' ? (seat - t.forehand + 3) % 3 : -1;
  const word = t.phase === 'bidding' || t.phase === 'skat' ? auctionWord(t, seat) : null;
  const declarer = t.declarer === seat && t.phase !== 'bidding';
  const n = cardsLeft(t, seat);
  const showOuvert = declarer && t.ouvertCards.length > 0 && seat !== t.mySeat;
  return (
    <div
      class={`seat seat-${where}${turn === seat ? ' turn' : ''}${declarer ? ' declarer' : ''}`}
      data-testid={`seat-${where}`}
    >
      <div class="seat-name">
        <span class="name">{s.player?.name ?? '(free)'}</span>
        {s.player?.bot && <span class="badge">bot</span>}
        {s.player && !s.connected && <span class="badge warn">offline</span>}
        {s.replacing && <span class="badge warn">bot coming</span>}
      </div>
      <div class="seat-info">
        {pos >= 0 && <span>{POSITION[pos]}</span>}
        {declarer && <span class="badge decl">Declarer</span>}
        {t.conceded[seat] && <span class="badge warn">conceded</span>}
        {turn === seat && seat !== t.mySeat && <span class="thinking">to play…</span>}
      </div>
      {word && <div class={`bubble ${word === 'pass' ? 'pass' : ''}`}>{word}</div>}
      {where !== 'bottom' && n > 0 && !showOuvert && <div class="count">{n} cards</div>}
      {where !== 'bottom' && n > 0 && !showOuvert && (
        <div class="backs" aria-label={`${n} cards`}>
          {Array.from({ length: n }, () => (
            <CardBack small />
          ))}
        </div>
      )}
      {showOuvert && (
        <div class="ouvert-cards" aria-label="open cards of the declarer">
          {sortHand(t.ouvertCards, t.declaration?.game).map((c) => (
            <CardView card={c} small />
          ))}
        </div>
      )}
    </div>
  );
}

// The cards on the felt: the trick being played; a completed trick while the display pauses on it
// (lib/pacing.ts) and at the end of the game.
export function shownTrick(t: TableState, dwell: Dwell | null): { cards: TrickCard[]; winner: number | null } {
  const last = t.tricks[t.tricks.length - 1];
  const pausedOnTrick = dwell?.kind === 'trick' || t.phase === 'finished';
  if (t.trick.length > 0 || !last || !pausedOnTrick) return { cards: t.trick, winner: null };
  return { cards: last.cards, winner: last.winner };
}

function TrickArea({
  t,
  bottom,
  names,
  dwell,
  onSkip,
}: {
  t: TableState;
  bottom: number;
  names: string[];
  dwell: Dwell | null;
  onSkip: () => void;
}) {
  const shown = shownTrick(t, dwell);
  const where = (seat: number) => (seat === bottom ? 'bottom' : seat === (bottom + 1) % 3 ? 'left' : 'right');
  if (t.phase === 'bidding' || t.phase === 'skat') {
    return (
      <div class="trick-area skat-area" aria-label="the skat">
        <CardBack />
        <CardBack />
        {t.currentBid > 0 && <div class="current-bid">Bid: {t.currentBid}</div>}
      </div>
    );
  }
  return (
    <div
      class="trick-area"
      data-testid="trick"
      aria-label="current trick"
      onClick={dwell?.kind === 'trick' ? onSkip : undefined}
      title={dwell?.kind === 'trick' ? 'click to go on' : undefined}
    >
      {shown.cards.map((tc) => (
        <div class={`trick-card at-${where(tc.seat)}${shown.winner === tc.seat ? ' won' : ''}`}>
          <CardView card={tc.card} />
        </div>
      ))}
      {shown.winner !== null && (
        <div class="trick-winner" data-testid="trick-winner">
          {names[shown.winner]} takes the trick (+{t.tricks[t.tricks.length - 1].points})
        </div>
      )}
    </div>
  );
}

export function HandView({
  cards,
  playable,
  selectable,
  selected,
  onCard,
}: {
  cards: string[];
  playable: Set<string> | null;
  selectable: boolean;
  selected: string[];
  onCard: ((c: string) => void) | null;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home' && e.key !== 'End') return;
    const buttons = Array.from(ref.current?.querySelectorAll<HTMLButtonElement>('button.card') ?? []);
    if (!buttons.length) return;
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    let j = i;
    if (e.key === 'ArrowLeft') j = i <= 0 ? buttons.length - 1 : i - 1;
    if (e.key === 'ArrowRight') j = i < 0 || i >= buttons.length - 1 ? 0 : i + 1;
    if (e.key === 'Home') j = 0;
    if (e.key === 'End') j = buttons.length - 1;
    buttons[j].focus();
    e.preventDefault();
  };
  const firstPlayable = cards.find((c) => !playable || playable.has(c));
  const playableKey = playable ? [...playable].join() : '';
  useEffect(() => {
    if (!playable || !firstPlayable || !usingKeyboard()) return;
    const active = document.activeElement;
    if (active && active !== document.body && !ref.current?.contains(active)) return;
    ref.current
      ?.querySelector<HTMLButtonElement>(`button[data-card="${firstPlayable}"]`)
      ?.focus({ preventScroll: true });
  }, [playableKey]);
  return (
    <div
      class="hand"
      style={{ '--n': Math.max(2, cards.length) }}
      ref={ref}
      onKeyDown={onKey}
      role="group"
      aria-label="your hand"
      data-testid="hand"
    >
      {cards.map((c) => {
        const canPlay = playable ? playable.has(c) : false;
        if (onCard && (selectable || canPlay || playable))
          return (
            <CardView
              card={c}
              playable={canPlay || selectable}
              dim={!!playable && !canPlay}
              selected={selectable ? selected.includes(c) : undefined}
              tabIndex={c === firstPlayable ? 0 : -1}
              onClick={() => (selectable || canPlay) && onCard(c)}
            />
          );
        return <CardView card={c} />;
      })}
    </div>
  );
}

function LastTrick({ t, names }: { t: TableState; names: string[] }) {
  const last = t.tricks[t.tricks.length - 1];
  if (!last) return null;
  return (
    <div class="last-trick" data-testid="last-trick">
      <div class="label">
        Last trick: {names[last.winner]} +{last.points}
      </div>
      <div class="cards">
        {last.cards.map((c) => (
          <CardView card={c.card} small label={`${names[c.seat]}: ${cardLabel(c.card)}`} />
        ))}
      </div>
    </div>
  );
}

function Chat({ t, session }: { t: TableState; session: Session }) {
  const [text, setText] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [t.notes.length]);
  return (
    <section class="chat" aria-label="chat">
      <h3>Chat</h3>
      <ul ref={listRef} data-testid="chat-log">
        {t.notes.map((n) => (
          <li class={n.system ? 'system' : ''}>
            <b>{n.name}</b> {n.text}
          </li>
        ))}
      </ul>
      {t.mySeat !== null && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            session.chat(text);
            setText('');
          }}
        >
          <input
            value={text}
            maxLength={300}
            onInput={(e) => setText((e.target as HTMLInputElement).value)}
            placeholder="Message"
            aria-label="chat message"
          />
          <button type="submit" disabled={!text.trim()}>
            Send
          </button>
        </form>
      )}
    </section>
  );
}

function Concede({ t, session, snap }: { t: TableState; session: Session; snap: SessionSnapshot }) {
  const [armed, setArmed] = useState(false);
  useEffect(() => setArmed(false), [t.game, t.phase]);
  const me = t.mySeat;
  if (me === null || t.phase !== 'playing' || t.conceded[me]) return null;
  const declarer = t.declarer === me;
  const label = declarer ? 'Concede the game' : 'Vote to concede';
  const cost = snap.concedeCost;
  const costText = declarer
    ? cost && cost.table === t.table && cost.game === t.game
      ? concessionText(cost)
      : 'You lose the game unless you already hold 61 card points.'
    : 'If both defenders concede, the declarer wins the game and you give up the 40 points a lost game would bring you.';
  return armed ? (
    <span class="concede">
      <span class="concede-cost" data-testid="concede-cost">
        {costText}
      </span>
      <button class="warn" onClick={() => session.concede()} data-testid="concede-confirm">
        {declarer ? 'Yes, concede' : 'Yes, vote to concede'}
      </button>
      <button onClick={() => setArmed(false)}>Cancel</button>
    </span>
  ) : (
    <button class="concede" onClick={() => setArmed(true)} data-testid="concede">
      {label}
    </button>
  );
}

function Lobbyish({ t, snap, session }: { t: TableState; snap: SessionSnapshot; session: Session }) {
  const freeBots = (snap.lobby?.online ?? []).filter((p) => p.bot && p.table === null);
  const [choice, setChoice] = useState('');
  useEffect(() => {
    const id = setInterval(() => session.requestLobby(), 3000);
    return () => clearInterval(id);
  }, []);
  const full = t.seats.every((s) => s.player);
  const seated = t.mySeat !== null;
  return (
    <div class="panel waiting" data-testid="waiting-panel">
      {t.seriesResult && <SeriesFinal t={t} names={t.seriesSeats.map((p, i) => p?.name ?? `Seat ${i + 1}`)} />}
      <ul class="seat-list" data-testid="seat-list">
        {t.seats.map((s, i) => (
          <li>
            Seat {i + 1}: {s.player ? <b>{s.player.name}</b> : <span class="muted">free</span>}
            {s.player?.bot && <span class="badge">bot</span>}
            {i === t.mySeat && <span class="badge">you</span>}
          </li>
        ))}
      </ul>
      <p class="prompt">{full ? 'All seats are taken.' : 'Waiting for players.'}</p>
      {!full && seated && (
        <div class="buttons">
          <label>
            Bot{' '}
            <select value={choice} onChange={(e) => setChoice((e.target as HTMLSelectElement).value)}>
              <option value="">any free bot</option>
              {freeBots.map((b) => (
                <option value={b.name}>{b.name}</option>
              ))}
            </select>
          </label>
          {[0, 1, 2]
            .filter((s) => !t.seats[s].player)
            .map((s) => (
              <button onClick={() => session.addBot(s, choice)}>Add bot to seat {s + 1}</button>
            ))}
        </div>
      )}
      <div class="buttons">
        {seated && full && (
          <button class="primary" onClick={() => session.startSeries()} data-testid="start-series">
            {t.seriesResult ? 'Start a new series' : 'Start the series'}
          </button>
        )}
        {seated && !full && t.seriesResult && (
          <button class="primary" onClick={() => session.playAgain(['', ''])} data-testid="play-again">
            Play another series with bots
          </button>
        )}
      </div>
    </div>
  );
}

function ResultBanner({ t, names }: { t: TableState; names: string[] }) {
  const [closed, setClosed] = useState<number | null>(null);
  const r = t.lastResult;
  if (!r || closed === r.game || !t.running) return null;
  const fresh = r.game === t.game ? t.phase === 'finished' : r.game === t.game - 1 && t.phase === 'bidding';
  if (!fresh) return null;
  const ex = explainResult(r.result, names, r.points);
  return (
    <div class={`result-banner ${r.result.folded ? 'folded' : r.result.won ? 'won' : 'lost'}`} role="status">
      <span>
        Game {r.game + 1}: {ex.headline}
      </span>
      <button class="link" onClick={() => setClosed(r.game)} aria-label="close">
        ✕
      </button>
    </div>
  );
}

function SeriesFinal({ t, names }: { t: TableState; names: string[] }) {
  const r = t.seriesResult!;
  const order = [0, 1, 2].sort((a, b) => r[b].score - r[a].score || r[b].won - r[a].won || r[a].lost - r[b].lost);
  return (
    <section class="series-final" data-testid="series-final">
      <h3>Series finished</h3>
      <ol>
        {order.map((s) => (
          <li>
            <b>{names[s]}</b> {r[s].score} points ({r[s].won} won, {r[s].lost} lost)
          </li>
        ))}
      </ol>
    </section>
  );
}

export function TableView({ session, snap }: { session: Session; snap: SessionSnapshot }) {
  const t = snap.table!;
  const me = t.mySeat;
  const bottom = me ?? 0;
  const left = (bottom + 1) % 3;
  const right = (bottom + 2) % 3;
  const names = t.seats.map((s, i) => s.player?.name ?? `Seat ${i + 1}`);
  const listNames = t.seats.map((s, i) => t.seriesSeats[i]?.name ?? s.player?.name ?? `Seat ${i + 1}`);
  const act = snap.act && isCurrentTurn(snap.act, t) ? snap.act : null;
  const legal: LegalAction[] = act?.view.legal ?? [];
  const turn = act ? (me ?? -1) : toAct(t);
  const [preview, setPreview] = useState<GameType | null>(null);
  const [sel, setSel] = useState<string[]>([]);
  useEffect(() => setSel([]), [t.phase, t.game]);
  useEffect(() => setPreview(null), [t.game, t.phase === 'playing']);
  const game = t.declaration?.game ?? preview;
  const hand = useMemo(() => sortHand(t.hand, game), [t.hand, game]);

  const phase = act?.view.phase ?? t.phase;
  const playable =
    act && phase === 'playing' ? new Set(legal.filter((a) => a.type === 'play').map((a) => a.card as string)) : null;
  const selectable = !!act && phase === 'discarding';
  const onCard = playable
    ? (c: string) => !snap.busy && session.act({ type: 'play', card: c })
    : selectable
      ? (c: string) => setSel((s) => (s.includes(c) ? s.filter((x) => x !== c) : s.length >= 2 ? [s[1], c] : [...s, c]))
      : null;

  const pts = pointsBySeat(t);
  const declPts = t.declarer >= 0 ? pts[t.declarer] : 0;
  const defPts = t.declarer >= 0 ? pts.reduce((a, b) => a + b, 0) - declPts : 0;
  const running = t.running && t.game >= 0;
  const gameNo = t.game >= 0 ? t.game + 1 : t.list.length;

  return (
    <div class="table-layout">
      <div class="felt-col">
        <div class="table-bar">
          <span>
            Table {t.table}
            {t.event ? ` · ${t.event}` : ''} ·{' '}
            {running ? `Game ${gameNo} of ${t.deals}` : t.running ? 'Series running' : 'No series running'}
            {snap.watching && ' · watching'}
          </span>
          <span class="bar-right">
            <PaceControl />
            {snap.status !== 'open' && <span class="badge warn">reconnecting…</span>}
            {(!t.running || snap.watching || me === null) && (
              <button onClick={() => session.leaveTable()} data-testid="leave">
                Leave table
              </button>
            )}
          </span>
        </div>
        {!t.running && <Lobbyish t={t} snap={snap} session={session} />}
        {snap.dwell?.kind !== 'result' && (
          <ResultBanner
            t={t}
            names={t.lastResult ? t.lastResult.seats.map((p, i) => p?.name ?? listNames[i]) : listNames}
          />
        )}
        {t.running && t.declaration && t.phase !== 'bidding' && (
          <div class="game-line" data-testid="game-line">
            <b>{names[t.declarer]}</b> plays <b>{declarationText(t.declaration)}</b> · bid {t.currentBid} · card points:
            declarer {declPts}, defenders {defPts}
          </div>
        )}
        {t.running && (
          <>
            <div class="felt">
              <SeatBox t={t} seat={left} turn={turn} where="left" />
              <TrickArea t={t} bottom={bottom} names={names} dwell={snap.dwell} onSkip={() => session.skipPause()} />
              <SeatBox t={t} seat={right} turn={turn} where="right" />
              {t.running && <LastTrick t={t} names={names} />}
            </div>
            <div class={`me-bar${turn === me && me !== null ? ' turn' : ''}`}>
              {me !== null ? (
                <SeatBox t={t} seat={me} turn={turn} where="bottom" />
              ) : (
                <span class="muted">You are watching.</span>
              )}
              {act && <Clock deadline={act.deadline} total={act.clock_ms} />}
              <Concede t={t} session={session} snap={snap} />
            </div>
          </>
        )}
        {snap.dwell?.kind === 'result' && t.phase === 'finished' && t.lastResult?.game === t.game && (
          <GameEnd
            t={t}
            names={t.lastResult.seats.map((p, i) => p?.name ?? listNames[i])}
            dwell={snap.dwell}
            onNext={() => session.skipPause()}
          />
        )}
        {act && (
          <ActionPanel
            legal={legal}
            phase={phase}
            busy={snap.busy}
            currentBid={act.view.current_bid}
            hints={act.hints}
            onAct={(a) => session.act(a)}
            onPreviewGame={setPreview}
            discardSel={sel}
          />
        )}
        {!act && running && t.phase !== 'finished' && me !== null && turn >= 0 && turn !== me && (
          <p class="status" data-testid="status">
            Waiting for {names[turn]}…
          </p>
        )}
        {me !== null && t.running && hand.length > 0 && (
          <HandView cards={hand} playable={playable} selectable={selectable} selected={sel} onCard={onCard} />
        )}
        {t.running && t.skat.length > 0 && me === t.declarer && t.phase !== 'bidding' && (
          <p class="muted small">
            Skat was {t.skat.map(cardLabel).join(' ')}
            {t.discard.length ? ` · put away ${t.discard.map(cardLabel).join(' ')}` : ''}
          </p>
        )}
      </div>
      <aside class="side-col">
        {running && <AuctionHistory forehand={t.forehand} entries={t.auction} names={names} />}
        {t.lastResult && (
          <ResultBox game={t.lastResult} names={t.lastResult.seats.map((p, i) => p?.name ?? listNames[i])} />
        )}
        <SeriesTable names={listNames} list={t.list} deals={t.deals} mySeat={me} />
        <Chat t={t} session={session} />
      </aside>
    </div>
  );
}
