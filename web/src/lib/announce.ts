// What a screen reader hears at the table: the changes between the table as the page showed it and
// as it shows it now (events reach the shown table one at a time, at the display's pace, or several
// at once while it catches up), each as a short sentence: a new game, each call of the auction, the
// pickup and the declaration, each card played (by its spoken name), who took a trick (with its card
// points but in a Null game), the result.
import { cardName } from './cards';
import { declarationText, explainResult } from './explain';
import { t } from './i18n';
import type { TableState, TrickCard } from './tableState';

export type CueKind = 'game' | 'call' | 'pickup' | 'declare' | 'card' | 'trick' | 'result';
export interface Cue {
  kind: CueKind;
  text: string;
}

// A longer burst (the table read again after a reconnect) is not read out in full: its last ones.
export const MAX_CUES = 8;

// Every card of the game so far in play order: the finished tricks, then the trick on the table.
export function playedCards(table: Pick<TableState, 'tricks' | 'trick'>): TrickCard[] {
  return [...table.tricks.flatMap((tr) => tr.cards), ...table.trick];
}

export function tableCues(prev: TableState | null, next: TableState, names: readonly string[]): Cue[] {
  if (!prev || prev.table !== next.table || next.version <= prev.version) return [];
  const name = (seat: number) => names[seat] ?? t('seat.n', { n: seat + 1 });
  const cues: Cue[] = [];
  const say = (kind: CueKind, text: string) => cues.push({ kind, text });
  // what the shown table had of this game before (nothing when a new game began)
  const before = prev.game === next.game ? prev : null;
  if (!before && next.game >= 0 && next.phase !== 'waiting')
    say('game', t('say.game', { n: next.game + 1, deals: next.deals, name: name(next.forehand) }));

  for (const e of next.auction.slice(before?.auction.length ?? 0)) {
    if (e.type === 'bid') say('call', t('say.bid', { name: name(e.seat), value: e.value ?? 0 }));
    else say('call', t(e.type === 'hold' ? 'say.hold' : 'say.pass', { name: name(e.seat) }));
  }
  if (next.pickedUp && !before?.pickedUp && next.declarer >= 0)
    say('pickup', t('say.pickup', { name: name(next.declarer) }));
  if (next.declaration && !before?.declaration)
    say('declare', t('say.declare', { name: name(next.declarer), game: declarationText(next.declaration) }));

  const cards = playedCards(next);
  for (let i = before ? playedCards(before).length : 0; i < cards.length; i++) {
    say('card', t('say.card', { name: name(cards[i].seat), card: cardName(cards[i].card) }));
    const done = next.tricks[(i + 1) / 3 - 1]; // the trick this card completed, if it did
    if ((i + 1) % 3 === 0 && done)
      say(
        'trick',
        // card points count for nothing in a Null game
        next.declaration?.game === 'N'
          ? t('table.takesTrickNull', { name: name(done.winner) })
          : t('say.trick', { name: name(done.winner), n: done.points }),
      );
  }

  const r = next.lastResult;
  const old = prev.lastResult;
  if (r && (!old || old.game !== r.game || old.result !== r.result)) {
    const resultNames = r.seats.map((p, i) => p?.name ?? name(i));
    const headline = explainResult(r.result, resultNames, r.points).headline;
    say('result', t('explain.gameHeadline', { n: r.game + 1, headline }));
  }
  return cues.slice(-MAX_CUES);
}
