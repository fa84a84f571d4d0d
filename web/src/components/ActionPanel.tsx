import { useEffect, useRef, useState } from 'preact/hooks';
import { bidChoices, jumpStep, type LegalAction } from '../lib/bidding';
import { cardLabel, GAME_NAME, type GameType } from '../lib/cards';
import { nullNote, overbidCharge, overbidRisk, rangeText, valueOf, type ActHints } from '../lib/declareHelp';
import { declarationText } from '../lib/explain';
import type { Declaration } from '../lib/tableState';

interface Props {
  legal: LegalAction[];
  phase: string;
  busy: boolean;
  currentBid: number;
  onAct: (a: LegalAction) => void;
  onPreviewGame: (g: GameType | null) => void;
  discardSel: string[];
  hints?: ActHints; // values of the declarations (docs/protocol.md §5)
}

function asDecl(a: LegalAction): Declaration {
  return {
    game: a.game as GameType,
    hand: !!a.hand,
    schneider: !!a.schneider,
    schwarz: !!a.schwarz,
    ouvert: !!a.ouvert,
  };
}

// The auction: the next bid is the default; a jump bid needs a choice and a confirmation.
export function AuctionPanel({
  legal,
  busy,
  currentBid,
  onAct,
}: Pick<Props, 'legal' | 'busy' | 'currentBid' | 'onAct'>) {
  const c = bidChoices(legal);
  const [armed, setArmed] = useState<number | null>(null);
  const [jump, setJump] = useState<number | null>(c.higher[0] ?? null);
  const firstRef = useRef<HTMLButtonElement>(null);
  const legalKey = JSON.stringify(legal);
  useEffect(() => {
    setArmed(null);
    setJump(c.higher[0] ?? null);
    firstRef.current?.focus();
  }, [legalKey]);
  const pass = legal.find((a) => a.type === 'pass');
  const hold = legal.find((a) => a.type === 'hold');
  const bid = (v: number) => {
    const step = jumpStep(c, armed, v);
    setArmed(step.armed);
    if (step.send !== null) onAct({ type: 'bid', value: step.send });
  };
  return (
    <div class="panel auction-panel" data-testid="auction-panel">
      <p class="prompt">{hold ? `Do you hold ${currentBid}?` : currentBid ? `Bid above ${currentBid}?` : 'Your bid'}</p>
      <div class="buttons">
        {hold && (
          <button ref={firstRef} class="primary" disabled={busy} onClick={() => onAct(hold)} data-testid="hold">
            Yes ({currentBid})
          </button>
        )}
        {c.next !== null && (
          <button
            ref={hold ? undefined : firstRef}
            class="primary"
            disabled={busy}
            onClick={() => bid(c.next!)}
            data-testid="bid-next"
          >
            Bid {c.next}
          </button>
        )}
        {pass && (
          <button class="pass" disabled={busy} onClick={() => onAct(pass)} data-testid="pass">
            Pass
          </button>
        )}
      </div>
      {c.higher.length > 0 && (
        <div class="jump">
          <label>
            Jump to{' '}
            <select
              value={jump ?? ''}
              onChange={(e) => {
                setJump(Number((e.target as HTMLSelectElement).value));
                setArmed(null);
              }}
              data-testid="jump-select"
            >
              {c.higher.map((v) => (
                <option value={v}>{v}</option>
              ))}
            </select>
          </label>
          {armed === null ? (
            <button disabled={busy || jump === null} onClick={() => jump !== null && bid(jump)} data-testid="jump">
              Jump bid…
            </button>
          ) : (
            <>
              {/* Cancel takes the place of the first step's button, so a double click cancels */}
              <button onClick={() => setArmed(null)}>Cancel</button>
              <button class="warn" disabled={busy} onClick={() => bid(armed)} data-testid="jump-confirm">
                Confirm jump to {armed}
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}

// Declaration choices: first the game (the hand is sorted for it), then the legal announcements,
// each with its value for this hand; an overbid game needs a second, deliberate click.
export function DeclarePicker({
  options,
  busy,
  onAct,
  onPreviewGame,
  hints,
  bid,
}: {
  options: LegalAction[];
  busy: boolean;
  onAct: (a: LegalAction) => void;
  onPreviewGame: (g: GameType | null) => void;
  hints?: ActHints;
  bid: number;
}) {
  const games = (['C', 'S', 'H', 'D', 'G', 'N'] as GameType[]).filter((g) => options.some((a) => a.game === g));
  const [game, setGame] = useState<GameType | null>(null);
  const [variant, setVariant] = useState<number>(0);
  const optionsKey = JSON.stringify(options);
  useEffect(() => {
    setGame(null);
    onPreviewGame(null);
  }, [optionsKey]);
  const variants = game ? options.filter((a) => a.game === game) : [];
  const chosen = variants[variant];
  const [armed, setArmed] = useState(false);
  useEffect(() => setArmed(false), [game, variant, optionsKey]);
  const value = chosen ? valueOf(hints, chosen) : null;
  const risk = value ? overbidRisk(value, bid) : 'no';
  const charged = chosen ? overbidCharge(chosen.game ?? '', bid) : null;
  const why = nullNote(options, bid);
  const shownValue = (a: LegalAction | undefined) => {
    const v = a ? valueOf(hints, a) : null;
    return v ? <small class="game-value"> {rangeText(v)}</small> : null;
  };
  return (
    <div class="declare-picker">
      <div class="buttons games" role="radiogroup" aria-label="Game">
        {games.map((g) => (
          <button
            role="radio"
            aria-checked={game === g}
            class={`game-choice${game === g ? ' chosen' : ''} game-${g}`}
            onClick={() => {
              setGame(g);
              setVariant(0);
              onPreviewGame(g);
            }}
            data-testid={`game-${g}`}
          >
            {GAME_NAME[g]}
            {shownValue(options.find((a) => a.game === g))}
          </button>
        ))}
      </div>
      {game && variants.length > 1 && (
        <div class="variants" role="radiogroup" aria-label="Announcements">
          {variants.map((v, i) => (
            <label class="variant">
              <input type="radio" name="variant" checked={i === variant} onChange={() => setVariant(i)} />{' '}
              {declarationText(asDecl(v))}
              {shownValue(v)}
            </label>
          ))}
        </div>
      )}
      {why && (
        <p class="muted small" data-testid="null-note">
          {why}
        </p>
      )}
      {chosen && value && (
        <p class={`declare-value${risk !== 'no' ? ' warn-text' : ''}`} data-testid="declare-value">
          {value.lowest === value.highest
            ? `Value ${value.lowest}`
            : `Value ${rangeText(value)}, depending on the skat`}
          {chosen.game !== 'N' && ' (more with schneider or schwarz reached)'}
          {risk === 'sure' &&
            ` · overbid: below your bid of ${bid}, the game is lost${charged ? ` and charged ${charged} (list −${2 * charged})` : ''}`}
          {risk === 'maybe' && ` · overbid unless the skat helps (your bid is ${bid})`}
        </p>
      )}
      {chosen &&
        (risk === 'sure' && !armed ? (
          <button class="warn" disabled={busy} onClick={() => setArmed(true)} data-testid="declare">
            Declare {declarationText(asDecl(chosen))}…
          </button>
        ) : (
          <button
            class={risk === 'sure' ? 'warn' : 'primary'}
            disabled={busy}
            onClick={() => onAct(chosen)}
            data-testid={risk === 'sure' ? 'declare-overbid' : 'declare'}
          >
            {risk === 'sure' ? 'Yes, declare it overbid: ' : 'Declare '}
            {declarationText(asDecl(chosen))}
          </button>
        ))}
    </div>
  );
}

export function ActionPanel(p: Props) {
  const [handOpen, setHandOpen] = useState(false);
  useEffect(() => setHandOpen(false), [p.phase]);
  switch (p.phase) {
    case 'bidding':
      return <AuctionPanel legal={p.legal} busy={p.busy} currentBid={p.currentBid} onAct={p.onAct} />;
    case 'skat': {
      const pickup = p.legal.find((a) => a.type === 'pickup');
      const hands = p.legal.filter((a) => a.type === 'declare');
      return (
        <div class="panel" data-testid="skat-panel">
          <p class="prompt">You won the auction at {p.currentBid}. Take the skat or play hand?</p>
          <div class="buttons">
            {pickup && (
              <button class="primary" disabled={p.busy} onClick={() => p.onAct(pickup)} data-testid="pickup" autoFocus>
                Take the skat
              </button>
            )}
            {hands.length > 0 && (
              <button aria-expanded={handOpen} onClick={() => setHandOpen(!handOpen)} data-testid="play-hand">
                Play hand…
              </button>
            )}
          </div>
          {handOpen && (
            <DeclarePicker
              options={hands}
              busy={p.busy}
              onAct={p.onAct}
              onPreviewGame={p.onPreviewGame}
              hints={p.hints}
              bid={p.currentBid}
            />
          )}
        </div>
      );
    }
    case 'discarding': {
      const ok =
        p.discardSel.length === 2 &&
        p.legal.some((a) => a.type === 'discard' && a.cards && p.discardSel.every((c) => a.cards!.includes(c)));
      return (
        <div class="panel" data-testid="discard-panel">
          <p class="prompt">Choose two cards to put away ({p.discardSel.length}/2 chosen).</p>
          <button
            class="primary"
            disabled={p.busy || !ok}
            onClick={() => p.onAct({ type: 'discard', cards: p.discardSel })}
            data-testid="discard"
          >
            Put away {p.discardSel.length === 2 ? p.discardSel.map(cardLabel).join(' + ') : 'two cards'}
          </button>
        </div>
      );
    }
    case 'declaring':
      return (
        <div class="panel" data-testid="declare-panel">
          <p class="prompt">Declare your game (bid {p.currentBid}).</p>
          <DeclarePicker
            options={p.legal.filter((a) => a.type === 'declare')}
            busy={p.busy}
            onAct={p.onAct}
            onPreviewGame={p.onPreviewGame}
            hints={p.hints}
            bid={p.currentBid}
          />
        </div>
      );
    case 'playing':
      return (
        <div class="panel play-panel" data-testid="play-panel">
          <p class="prompt">Your turn: play a highlighted card (click, or arrow keys and Enter).</p>
        </div>
      );
    default:
      return null;
  }
}
