// The panel of the player's turn: the auction's calls, taking the skat or playing hand, putting two
// cards away, declaring (compact, so that the hand stays in view under it) and the hint to play a
// card (tap on a touch screen; click or the keys otherwise).
import { useEffect, useRef, useState } from 'preact/hooks';
import { bidChoices, jumpStep, type LegalAction } from '../lib/bidding';
import type { DeclareAction, Move } from '../lib/protocol';
import { cardLabel, gameName, type GameType } from '../lib/cards';
import { nullNote, overbidCharge, overbidRisk, rangeText, valueOf, type ActHints } from '../lib/declareHelp';
import { announcementText, declarationText } from '../lib/explain';
import { t } from '../lib/i18n';
import { touchScreen } from '../lib/inputMode';
import type { Declaration } from '../lib/tableState';

interface Props {
  legal: LegalAction[];
  phase: string;
  busy: boolean;
  currentBid: number;
  onAct: (a: Move) => void;
  onPreviewGame: (g: GameType | null) => void;
  discardSel: string[];
  hints?: ActHints; // values of the declarations (docs/protocol.md §5)
}

function asDecl(a: DeclareAction): Declaration {
  return { game: a.game, hand: a.hand, schneider: a.schneider, schwarz: a.schwarz, ouvert: a.ouvert };
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
      <p class="prompt">
        {hold
          ? t('act.holdPrompt', { bid: currentBid })
          : currentBid
            ? t('act.bidAbove', { bid: currentBid })
            : t('act.yourBid')}
      </p>
      <div class="buttons">
        {hold && (
          <button ref={firstRef} class="primary" disabled={busy} onClick={() => onAct(hold)} data-testid="hold">
            {t('act.yes', { bid: currentBid })}
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
            {t('act.bid', { value: c.next })}
          </button>
        )}
        {pass && (
          <button class="pass" disabled={busy} onClick={() => onAct(pass)} data-testid="pass">
            {t('act.pass')}
          </button>
        )}
      </div>
      {c.higher.length > 0 && (
        <div class="jump">
          <label>
            {t('act.jumpTo')}{' '}
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
              {t('act.jump')}
            </button>
          ) : (
            <>
              {/* Cancel takes the place of the first step's button, so a double click cancels */}
              <button onClick={() => setArmed(null)}>{t('common.cancel')}</button>
              <button class="warn" disabled={busy} onClick={() => bid(armed)} data-testid="jump-confirm">
                {t('act.confirmJump', { value: armed })}
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
  options: DeclareAction[];
  busy: boolean;
  onAct: (a: Move) => void;
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
  const charged = chosen ? overbidCharge(chosen.game, bid) : null;
  const why = nullNote(options, bid);
  const shownValue = (a: DeclareAction | undefined) => {
    const v = a ? valueOf(hints, a) : null;
    return v ? <small class="game-value"> {rangeText(v)}</small> : null;
  };
  return (
    <div class="declare-picker">
      <div class="buttons games" role="radiogroup" aria-label={t('act.gameGroup')}>
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
            {gameName(g)}
            {shownValue(options.find((a) => a.game === g))}
          </button>
        ))}
      </div>
      {game && variants.length > 1 && (
        <div class="variants" role="radiogroup" aria-label={t('act.announcements')}>
          {variants.map((v, i) => (
            <label class="variant" title={declarationText(asDecl(v))}>
              <input type="radio" name="variant" checked={i === variant} onChange={() => setVariant(i)} />{' '}
              {announcementText(asDecl(v)) || gameName(v.game)}
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
      {chosen && (
        <div class="declare-go">
          {value && (
            <p class={`declare-value${risk !== 'no' ? ' warn-text' : ''}`} data-testid="declare-value">
              {value.lowest === value.highest
                ? t('declare.value', { value: value.lowest })
                : t('declare.valueRange', { value: rangeText(value) })}
              {chosen.game !== 'N' && t('declare.more')}
              {risk === 'sure' &&
                (charged
                  ? t('declare.overbidCharged', { bid, charged, list: 2 * charged })
                  : t('declare.overbid', { bid }))}
              {risk === 'maybe' && t('declare.overbidMaybe', { bid })}
            </p>
          )}
          {risk === 'sure' && !armed ? (
            <button class="warn" disabled={busy} onClick={() => setArmed(true)} data-testid="declare">
              {t('declare.armOverbid', { game: declarationText(asDecl(chosen)) })}
            </button>
          ) : (
            <button
              class={risk === 'sure' ? 'warn' : 'primary'}
              disabled={busy}
              onClick={() => onAct(chosen)}
              data-testid={risk === 'sure' ? 'declare-overbid' : 'declare'}
            >
              {t(risk === 'sure' ? 'declare.confirmOverbid' : 'act.declare', { game: declarationText(asDecl(chosen)) })}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

// The hint on the player's turn to play: a touch screen is tapped, and has no arrow keys.
export function playPrompt(touch = touchScreen()): string {
  return t(touch ? 'act.playPromptTouch' : 'act.playPrompt');
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
        <div class="panel skat-panel" data-testid="skat-panel">
          <div class="panel-head">
            <p class="prompt">{t('act.skatPrompt', { bid: p.currentBid })}</p>
            <div class="buttons">
              {pickup && (
                <button
                  class="primary"
                  disabled={p.busy}
                  onClick={() => p.onAct(pickup)}
                  data-testid="pickup"
                  autoFocus
                >
                  {t('act.pickup')}
                </button>
              )}
              {hands.length > 0 && (
                <button aria-expanded={handOpen} onClick={() => setHandOpen(!handOpen)} data-testid="play-hand">
                  {t('act.playHand')}
                </button>
              )}
            </div>
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
        p.legal.some((a) => a.type === 'discard' && p.discardSel.every((c) => a.cards.includes(c)));
      return (
        <div class="panel" data-testid="discard-panel">
          <p class="prompt">{t('act.discardPrompt', { n: p.discardSel.length })}</p>
          <button
            class="primary"
            disabled={p.busy || !ok}
            onClick={() => p.onAct({ type: 'discard', cards: p.discardSel })}
            data-testid="discard"
          >
            {t('act.discard', {
              cards: p.discardSel.length === 2 ? p.discardSel.map(cardLabel).join(' + ') : t('act.twoCards'),
            })}
          </button>
        </div>
      );
    }
    case 'declaring':
      return (
        <div class="panel" data-testid="declare-panel">
          <p class="prompt">{t('act.declarePrompt', { bid: p.currentBid })}</p>
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
          <p class="prompt" data-testid="play-prompt">
            {playPrompt()}
          </p>
        </div>
      );
    default:
      return null;
  }
}
