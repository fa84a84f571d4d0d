// The table as the player or spectator sees it: the bar (title, ⚙ options, leaving), the game line,
// the felt with the seats and the trick, the player's own seat, turn panel and hand, the end of a game
// or series, and beside it the auction, the last result, the game list and the chat.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ActionPanel } from '../components/ActionPanel';
import { Announcer } from '../components/Announcer';
import { AuctionHistory, positionName } from '../components/AuctionHistory';
import { CardBack, CardView } from '../components/Card';
import { Clock } from '../components/Clock';
import { GameEnd } from '../components/GameEnd';
import { PaceControl } from '../components/PaceControl';
import { ResultBox } from '../components/ResultBox';
import { TableOptionsBody, TableOptionsButton, useTableOptions } from '../components/TableOptions';
import { SeriesEnd } from '../components/SeriesEnd';
import { SeriesTable } from '../components/SeriesTable';
import type { LegalAction } from '../lib/bidding';
import { cardLabel, sortHand, type GameType } from '../lib/cards';
import { concessionText } from '../lib/declareHelp';
import { declarationText, explainResult } from '../lib/explain';
import { LevelBadge } from '../components/LevelBadge';
import { levelLabel, offeredLevels } from '../lib/bots';
import { t } from '../lib/i18n';
import type { Session, SessionSnapshot } from '../lib/session';
import { touchScreen, usingKeyboard } from '../lib/inputMode';
import type { Dwell } from '../lib/pacing';
import { tableAddress } from '../lib/route';
import {
  doublingOffer,
  resultCurrent,
  seriesNames,
  sidePoints,
  toAct,
  type TableState,
  type TrickCard,
} from '../lib/tableState';
import { currentAct } from '../lib/turn';
import { eventName } from '../lib/events';

// The seat's last call of the auction, as its speech bubble shows it.
function auctionWord(table: TableState, seat: number): { text: string; pass: boolean } | null {
  for (let i = table.auction.length - 1; i >= 0; i--) {
    const e = table.auction[i];
    if (e.seat !== seat) continue;
    const text = e.type === 'bid' ? String(e.value) : e.type === 'hold' ? t('call.yes') : t('call.pass');
    return { text, pass: e.type === 'pass' };
  }
  return null;
}

function cardsLeft(table: TableState, seat: number): number {
  if (table.phase === 'waiting' || table.game < 0) return 0;
  let played = table.trick.filter((c) => c.seat === seat).length;
  for (const tr of table.tricks) played += tr.cards.filter((c) => c.seat === seat).length;
  return Math.max(0, 10 - played);
}

// The strength level of a seated house bot, as the lobby last told it.
function seatLevel(snap: SessionSnapshot, player: { id: number; bot: boolean } | null): string | undefined {
  return player?.bot ? snap.lobby?.online.find((p) => p.id === player.id)?.level : undefined;
}

function SeatBox({
  table,
  seat,
  turn,
  where,
  level,
}: {
  table: TableState;
  seat: number;
  turn: number;
  where: string;
  level?: string;
}) {
  const s = table.seats[seat];
  const inGame = table.game >= 0 && table.phase !== 'waiting';
  const word = table.phase === 'bidding' || table.phase === 'skat' ? auctionWord(table, seat) : null;
  const declarer = table.declarer === seat && table.phase !== 'bidding';
  const n = cardsLeft(table, seat);
  const showOuvert = declarer && table.ouvertCards.length > 0 && seat !== table.mySeat;
  return (
    <div
      class={`seat seat-${where}${turn === seat ? ' turn' : ''}${declarer ? ' declarer' : ''}`}
      data-testid={`seat-${where}`}
    >
      <div class="seat-name">
        <span class="name">{s.player?.name ?? t('table.free')}</span>
        {s.player?.bot && <span class="badge">{t('table.bot')}</span>}
        <LevelBadge level={level} />
        {s.player && !s.connected && <span class="badge warn">{t('table.offline')}</span>}
        {s.replacing && <span class="badge warn">{t('table.botComing')}</span>}
      </div>
      <div class="seat-info">
        {inGame && <span>{positionName(seat, table.forehand)}</span>}
        {declarer && <span class="badge decl">{t('table.declarer')}</span>}
        {table.conceded[seat] && <span class="badge warn">{t('table.conceded')}</span>}
        {turn === seat && seat !== table.mySeat && <span class="thinking">{t('table.toPlay')}</span>}
      </div>
      {word && <div class={`bubble ${word.pass ? 'pass' : ''}`}>{word.text}</div>}
      {seat !== table.mySeat && n > 0 && !showOuvert && <div class="count">{t('table.cards', { n })}</div>}
      {seat !== table.mySeat && n > 0 && !showOuvert && (
        <div class="backs" aria-label={t('table.cards', { n })}>
          {Array.from({ length: n }, () => (
            <CardBack small />
          ))}
        </div>
      )}
      {showOuvert && (
        <div class="ouvert-cards" aria-label={t('table.ouvertCards')}>
          {sortHand(table.ouvertCards, table.declaration?.game).map((c) => (
            <CardView card={c} small />
          ))}
        </div>
      )}
    </div>
  );
}

// The phases before the first card: the felt is only as high as the skat needs, leaving room for the
// turn's panel (the declaration's choices) above the hand.
const BEFORE_PLAY: readonly string[] = ['bidding', 'skat', 'discarding', 'declaring'];

// The cards on the felt: the trick being played; a completed trick while the display pauses on it
// (lib/pacing.ts) and at the end of the game.
export function shownTrick(table: TableState, dwell: Dwell | null): { cards: TrickCard[]; winner: number | null } {
  const last = table.tricks[table.tricks.length - 1];
  const pausedOnTrick = dwell?.kind === 'trick' || table.phase === 'finished';
  if (table.trick.length > 0 || !last || !pausedOnTrick) return { cards: table.trick, winner: null };
  return { cards: last.cards, winner: last.winner };
}

function TrickArea({
  table,
  bottom,
  names,
  dwell,
  onSkip,
}: {
  table: TableState;
  bottom: number;
  names: string[];
  dwell: Dwell | null;
  onSkip: () => void;
}) {
  const shown = shownTrick(table, dwell);
  const where = (seat: number) => (seat === bottom ? 'bottom' : seat === (bottom + 1) % 3 ? 'left' : 'right');
  if (table.phase === 'bidding' || table.phase === 'skat') {
    return (
      <div class="trick-area skat-area" aria-label={t('table.skat')}>
        <CardBack />
        <CardBack />
        {table.currentBid > 0 && <div class="current-bid">{t('table.currentBid', { bid: table.currentBid })}</div>}
      </div>
    );
  }
  return (
    <div
      class="trick-area"
      data-testid="trick"
      aria-label={t('table.currentTrick')}
      onClick={dwell?.kind === 'trick' ? onSkip : undefined}
      title={dwell?.kind === 'trick' ? t(touchScreen() ? 'table.tapToGoOn' : 'table.clickToGoOn') : undefined}
    >
      {shown.cards.map((tc) => (
        <div class={`trick-card at-${where(tc.seat)}${shown.winner === tc.seat ? ' won' : ''}`}>
          <CardView card={tc.card} />
        </div>
      ))}
      {shown.winner !== null && (
        <div class="trick-winner" data-testid="trick-winner">
          {table.declaration?.game === 'N'
            ? t('table.takesTrickNull', { name: names[shown.winner] })
            : t('table.takesTrick', {
                name: names[shown.winner],
                points: table.tricks[table.tricks.length - 1].points,
              })}
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
      aria-label={t('table.yourHand')}
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

function LastTrick({ table, names }: { table: TableState; names: string[] }) {
  const last = table.tricks[table.tricks.length - 1];
  if (!last) return null;
  return (
    <div class="last-trick" data-testid="last-trick">
      <div class="label">
        {table.declaration?.game === 'N'
          ? t('table.lastTrickNull', { name: names[last.winner] })
          : t('table.lastTrick', { name: names[last.winner], points: last.points })}
      </div>
      <div class="cards">
        {last.cards.map((c) => (
          <CardView card={c.card} small label={`${names[c.seat]}: ${cardLabel(c.card)}`} />
        ))}
      </div>
    </div>
  );
}

function Chat({ table, session }: { table: TableState; session: Session }) {
  const [text, setText] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [table.notes.length]);
  return (
    <section class="chat" aria-label={t('chat.label')}>
      <h3>{t('chat.title')}</h3>
      <ul ref={listRef} data-testid="chat-log">
        {table.notes.map((n) => (
          <li class={n.system ? 'system' : ''}>
            <b>{n.name}</b> {n.key ? t(n.key, n.params) : n.text}
          </li>
        ))}
      </ul>
      {table.mySeat !== null && (
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
            placeholder={t('chat.placeholder')}
            aria-label={t('chat.input')}
          />
          <button type="submit" disabled={!text.trim()}>
            {t('chat.send')}
          </button>
        </form>
      )}
    </section>
  );
}

// The table's shareable address (#/table/ID, a private table's with its key), copied with one click
// where the browser allows it.
function ShareLink({ id, secret }: { id: number; secret?: string }) {
  const [copied, setCopied] = useState(false);
  const href = tableAddress(id, secret);
  const url = `${location.origin}${location.pathname}${href}`;
  return (
    <span class="share">
      <a href={href} data-testid="table-link" title={url}>
        {t('table.link')}
      </a>
      {navigator.clipboard && (
        <button
          class="link"
          onClick={() =>
            navigator.clipboard.writeText(url).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
          data-testid="copy-link"
        >
          {copied ? t('table.copied') : t('table.copy')}
        </button>
      )}
    </span>
  );
}

// Leaving a running series: a bot plays the seat for the remaining games; the player may come back
// to it from the lobby. Asked once more before it is done.
function LeaveSeries({ session }: { session: Session }) {
  const [armed, setArmed] = useState(false);
  return armed ? (
    <span class="leave-series" role="group">
      <span class="muted small">{t('leave.explain')}</span>
      <button class="warn" onClick={() => session.leaveSeries()} data-testid="leave-series-confirm">
        {t('leave.confirm')}
      </button>
      <button onClick={() => setArmed(false)}>{t('common.cancel')}</button>
    </span>
  ) : (
    <button onClick={() => setArmed(true)} data-testid="leave-series">
      {t('leave.button')}
    </button>
  );
}

// Kontra for a defender before his first card, Re for the declarer after it (docs/rules.md §8).
function Doubling({ table, session }: { table: TableState; session: Session }) {
  const offer = doublingOffer(table);
  if (!offer) return null;
  return (
    <button class="doubling" onClick={() => session.double(offer)} data-testid={offer}>
      {t(offer === 'kontra' ? 'kontra.say' : 're.say')}
    </button>
  );
}

// "Kontra" or "Kontra · Re" on the table, with who said it.
export function doublingText(table: Pick<TableState, 'kontra'>, names: string[]): string | null {
  const k = table.kontra;
  if (!k) return null;
  return k.re ? t('kontra.withRe', { name: names[k.seat] ?? '' }) : t('kontra.said', { name: names[k.seat] ?? '' });
}

function Concede({ table, session, snap }: { table: TableState; session: Session; snap: SessionSnapshot }) {
  const [armed, setArmed] = useState(false);
  useEffect(() => setArmed(false), [table.game, table.phase]);
  const me = table.mySeat;
  if (me === null || table.phase !== 'playing' || table.conceded[me]) return null;
  const declarer = table.declarer === me;
  const label = declarer ? t('concede.declarer') : t('concede.vote');
  const cost = snap.concedeCost;
  const costText = declarer
    ? cost && cost.table === table.table && cost.game === table.game
      ? concessionText(cost)
      : t('concede.unknownCost')
    : t('concede.defenderCost');
  return armed ? (
    <span class="concede">
      <span class="concede-cost" data-testid="concede-cost">
        {costText}
      </span>
      <button class="warn" onClick={() => session.concede()} data-testid="concede-confirm">
        {declarer ? t('concede.confirmDeclarer') : t('concede.confirmVote')}
      </button>
      <button onClick={() => setArmed(false)}>{t('common.cancel')}</button>
    </span>
  ) : (
    <button class="concede" onClick={() => setArmed(true)} data-testid="concede">
      {label}
    </button>
  );
}

function Lobbyish({ table, snap, session }: { table: TableState; snap: SessionSnapshot; session: Session }) {
  const freeBots = (snap.lobby?.online ?? []).filter((p) => p.bot && p.table === null);
  const [choice, setChoice] = useState('');
  useEffect(() => {
    const id = setInterval(() => session.requestLobby(), 3000);
    return () => clearInterval(id);
  }, []);
  const full = table.seats.every((s) => s.player);
  const seated = table.mySeat !== null;
  const secret = session.tableKey(table.table);
  // a series just ended: its end, not a table waiting for players (the bots have left)
  if (table.seriesResult) return <SeriesEnd table={table} names={seriesNames(table)} session={session} />;
  return (
    <div class="panel waiting" data-testid="waiting-panel">
      <ul class="seat-list" data-testid="seat-list">
        {table.seats.map((s, i) => (
          <li>
            {t('waiting.seat', { n: i + 1 })}{' '}
            {s.player ? <b>{s.player.name}</b> : <span class="muted">{t('waiting.free')}</span>}
            {s.player?.bot && <span class="badge">{t('table.bot')}</span>}
            <LevelBadge level={seatLevel(snap, s.player)} />
            {i === table.mySeat && <span class="badge">{t('waiting.you')}</span>}
          </li>
        ))}
      </ul>
      <p class="prompt">{full ? t('waiting.full') : t('waiting.waiting')}</p>
      {!full && secret && (
        <p data-testid="invite-friends">
          {t('table.invite')} <ShareLink id={table.table} secret={secret} />
        </p>
      )}
      {!full && seated && (
        <div class="buttons">
          <label>
            {t('waiting.bot')}{' '}
            <select value={choice} onChange={(e) => setChoice((e.target as HTMLSelectElement).value)}>
              <option value="">{t('waiting.anyBot')}</option>
              {offeredLevels(freeBots).map((l) => (
                <option value={`level:${l}`}>{t('waiting.level', { level: levelLabel(l) })}</option>
              ))}
              {freeBots.map((b) => (
                <option value={b.name}>{b.name}</option>
              ))}
            </select>
          </label>
          {[0, 1, 2]
            .filter((s) => !table.seats[s].player)
            .map((s) => (
              <button onClick={() => session.addBot(s, choice)}>{t('waiting.addBot', { n: s + 1 })}</button>
            ))}
        </div>
      )}
      <div class="buttons">
        {seated && full && (
          <button class="primary" onClick={() => session.startSeries()} data-testid="start-series">
            {t('waiting.start')}
          </button>
        )}
      </div>
    </div>
  );
}

// The game line's figures after the declaration: the bid and both sides' card points; in a Null game,
// where card points count for nothing, the declarer's tricks (he must take none).
export function gameLineFigures(
  table: Pick<TableState, 'declaration' | 'currentBid' | 'tricks' | 'declarer' | 'discard' | 'lastResult' | 'game'>,
): string {
  if (table.declaration?.game === 'N')
    return t('table.gameLineNull', {
      bid: table.currentBid,
      n: table.tricks.filter((tr) => tr.winner === table.declarer).length,
    });
  const sides = sidePoints(table);
  return t(sides.withSkat ? 'table.gameLineWithSkat' : 'table.gameLineNoSkat', {
    bid: table.currentBid,
    declarer: sides.declarer,
    defenders: sides.defenders,
  });
}

function ResultBanner({ table, names }: { table: TableState; names: string[] }) {
  const [closed, setClosed] = useState<number | null>(null);
  const r = table.lastResult;
  if (!r || closed === r.game || !table.running) return null;
  const fresh =
    r.game === table.game ? table.phase === 'finished' : r.game === table.game - 1 && table.phase === 'bidding';
  if (!fresh) return null;
  const ex = explainResult(r.result, names, r.points);
  return (
    <div class={`result-banner ${r.result.folded ? 'folded' : r.result.won ? 'won' : 'lost'}`}>
      <span>{t('explain.gameHeadline', { n: r.game + 1, headline: ex.headline })}</span>
      <button class="link" onClick={() => setClosed(r.game)} aria-label={t('banner.close')}>
        ✕
      </button>
    </div>
  );
}

export function TableView({ session, snap }: { session: Session; snap: SessionSnapshot }) {
  const table = snap.table!;
  const me = table.mySeat;
  const bottom = me ?? 0;
  const left = (bottom + 1) % 3;
  const right = (bottom + 2) % 3;
  const seatN = (i: number) => t('seat.n', { n: i + 1 });
  const names = table.seats.map((s, i) => s.player?.name ?? seatN(i));
  const listNames = seriesNames(table);
  const act = currentAct(snap.act, table);
  const legal: LegalAction[] = act?.view.legal ?? [];
  const turn = act ? (me ?? -1) : toAct(table);
  const [preview, setPreview] = useState<GameType | null>(null);
  const options = useTableOptions();
  const [sel, setSel] = useState<string[]>([]);
  useEffect(() => setSel([]), [table.phase, table.game]);
  useEffect(() => setPreview(null), [table.game, table.phase === 'playing']);
  const game = table.declaration?.game ?? preview;
  const hand = useMemo(() => sortHand(table.hand, game), [table.hand, game]);

  const phase = act?.view.phase ?? table.phase;
  const playable =
    act && phase === 'playing' ? new Set(legal.flatMap((a) => (a.type === 'play' ? [a.card] : []))) : null;
  const selectable = !!act && phase === 'discarding';
  const onCard = playable
    ? (c: string) => !snap.busy && session.act({ type: 'play', card: c })
    : selectable
      ? (c: string) => setSel((s) => (s.includes(c) ? s.filter((x) => x !== c) : s.length >= 2 ? [s[1], c] : [...s, c]))
      : null;

  const running = table.running && table.game >= 0;
  const gameNo = table.game >= 0 ? table.game + 1 : table.list.length;

  return (
    <div class="table-layout">
      <Announcer table={table} names={names} myTurn={!!act} />
      <div class="felt-col">
        <div class="table-bar">
          <span>
            {t('table.title', { n: table.table })}
            {table.event ? ` · ${eventName(table.event)}` : ''} ·{' '}
            {running
              ? t('table.gameOf', { n: gameNo, deals: table.deals })
              : table.running
                ? t('table.seriesRunning')
                : t('table.noSeries')}
            {snap.watching && ` · ${t('table.watching')}`}
          </span>
          <span class="bar-right">
            <TableOptionsButton options={options} />
            {snap.status !== 'open' && <span class="badge warn">{t('table.reconnecting')}</span>}
            {(!table.running || snap.watching || me === null) && (
              <button onClick={() => session.leaveTable()} data-testid="leave">
                {t('table.leave')}
              </button>
            )}
            {table.running && !snap.watching && me !== null && <LeaveSeries session={session} />}
          </span>
        </div>
        <TableOptionsBody options={options}>
          <ShareLink id={table.table} secret={session.tableKey(table.table)} />
          <PaceControl
            onChange={() => {
              session.paceChanged();
              options.setOpen(false);
            }}
          />
        </TableOptionsBody>
        {!table.running && <Lobbyish table={table} snap={snap} session={session} />}
        {table.running && table.goneAfterTimeouts > 0 && (
          <div class="result-banner lost" role="alert" data-testid="gone-banner">
            <span>{t('gone.timeouts', { n: table.goneAfterTimeouts })}</span>
            <button class="primary" onClick={() => session.returnToSeries(table.table)} data-testid="gone-back">
              {t('leave.back')}
            </button>
          </div>
        )}
        {snap.dwell?.kind !== 'result' && (
          <ResultBanner
            table={table}
            names={table.lastResult ? table.lastResult.seats.map((p, i) => p?.name ?? listNames[i]) : listNames}
          />
        )}
        {table.running && table.declaration && table.phase !== 'bidding' && (
          <div class="game-line" data-testid="game-line">
            <b>{names[table.declarer]}</b> {t('table.plays')} <b>{declarationText(table.declaration)}</b> ·{' '}
            {gameLineFigures(table)}
            {table.kontra && (
              <>
                {' · '}
                <b class="doubled" data-testid="doubled">
                  {doublingText(table, names)}
                </b>
              </>
            )}
          </div>
        )}
        {table.running && (
          <>
            <div class={`felt${BEFORE_PLAY.includes(table.phase) ? ' before-play' : ''}`}>
              <SeatBox
                table={table}
                seat={left}
                turn={turn}
                where="left"
                level={seatLevel(snap, table.seats[left].player)}
              />
              <TrickArea
                table={table}
                bottom={bottom}
                names={names}
                dwell={snap.dwell}
                onSkip={() => session.skipPause()}
              />
              <SeatBox
                table={table}
                seat={right}
                turn={turn}
                where="right"
                level={seatLevel(snap, table.seats[right].player)}
              />
              {table.running && <LastTrick table={table} names={names} />}
            </div>
            <div class={`me-bar${turn === me && me !== null ? ' turn' : ''}`}>
              <SeatBox
                table={table}
                seat={bottom}
                turn={turn}
                where="bottom"
                level={seatLevel(snap, table.seats[bottom].player)}
              />
              {me === null && <span class="muted">{t('table.youWatch')}</span>}
              {act && <Clock deadline={act.deadline} total={act.clock_ms} />}
              <Doubling table={table} session={session} />
              <Concede table={table} session={session} snap={snap} />
            </div>
          </>
        )}
        {snap.dwell?.kind === 'result' && table.phase === 'finished' && table.lastResult?.game === table.game && (
          <GameEnd
            t={table}
            names={table.lastResult.seats.map((p, i) => p?.name ?? listNames[i])}
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
        {!act && running && table.phase !== 'finished' && me !== null && turn >= 0 && turn !== me && (
          <p class="status" data-testid="status">
            {t('table.waitingFor', { name: names[turn] })}
          </p>
        )}
        {me !== null && table.running && hand.length > 0 && (
          <HandView cards={hand} playable={playable} selectable={selectable} selected={sel} onCard={onCard} />
        )}
        {table.running && table.skat.length > 0 && me === table.declarer && table.phase !== 'bidding' && (
          <p class="muted small">
            {t('table.skatWas', { cards: table.skat.map(cardLabel).join(' ') })}
            {table.discard.length ? ` · ${t('table.putAway', { cards: table.discard.map(cardLabel).join(' ') })}` : ''}
          </p>
        )}
      </div>
      <aside class="side-col">
        {running && <AuctionHistory forehand={table.forehand} entries={table.auction} names={names} />}
        {table.lastResult && resultCurrent(table) && (
          <ResultBox game={table.lastResult} names={table.lastResult.seats.map((p, i) => p?.name ?? listNames[i])} />
        )}
        <SeriesTable
          names={listNames}
          list={table.list}
          deals={table.deals}
          mySeat={me}
          substitutes={table.substitutes}
          substituteNames={table.substituteNames}
          doublings={table.doublings}
        />
        <Chat table={table} session={session} />
      </aside>
    </div>
  );
}
