// A card face or back as the hand, the trick, the skat and the replay show it, in the deck the player
// chose (lib/cards.ts): French suits as Unicode symbols, or German suits drawn here as small SVGs.
import { cardName, deck, rankLabel, rankOf, suitOf, SUIT_SYMBOL, type Suit } from '../lib/cards';
import { t } from '../lib/i18n';

interface CardProps {
  card: string;
  small?: boolean;
  dim?: boolean;
  playable?: boolean;
  selected?: boolean;
  onClick?: () => void;
  tabIndex?: number;
  label?: string;
  testId?: string;
}

// The German suits, each in a 24×24 box in its traditional colours: Eichel an acorn (brown nut in a
// dark cup), Grün a leaf, Herz a heart, Schellen a golden sleigh bell with a red band. Outlines keep
// them apart from the white card at the smallest sizes.
function GermanPip({ suit }: { suit: Suit }) {
  return (
    <svg class={`suit-icon german-${suit}`} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {suit === 'C' && (
        <>
          <path d="M12 22.8V19" stroke="#3b210d" stroke-width="1.8" stroke-linecap="round" fill="none" />
          <path
            d="M6.6 12.6C6.4 7.4 8.6 3.2 12 1.6c3.4 1.6 5.6 5.8 5.4 11z"
            fill="#a8652a"
            stroke="#4a2a10"
            stroke-width="0.9"
          />
          <path d="M9.2 4.9c-1 1.6-1.5 3.6-1.5 5.9" stroke="#f3d3a6" stroke-width="1.1" fill="none" opacity="0.7" />
          <path
            d="M4.6 12.2h14.8c0.2 4.5-3 7.6-7.4 7.6s-7.6-3.1-7.4-7.6z"
            fill="#4a2a10"
            stroke="#2b1707"
            stroke-width="0.8"
          />
          <path
            d="M6.4 14l3.6 4.6M9.8 13.2l4.8 6M13.8 13.2l3.6 4.6M17.6 14l-3.6 4.6M14.2 13.2l-4.8 6M10.2 13.2l-3.6 4.6"
            stroke="#8b5a2b"
            stroke-width="0.7"
            fill="none"
          />
        </>
      )}
      {suit === 'S' && (
        <>
          <path d="M12 18.2q0.2 3 1.8 4.6" stroke="#14501f" stroke-width="1.7" stroke-linecap="round" fill="none" />
          <path
            d="M12 1.4c3.8 3.4 8.4 7 8.4 12.2 0 4.2-3.6 6.2-8.4 5-4.8 1.2-8.4-0.8-8.4-5 0-5.2 4.6-8.8 8.4-12.2z"
            fill="#2e8b3a"
            stroke="#14501f"
            stroke-width="0.9"
          />
          <path
            d="M12 4.6v13.4M12 8.8l-2.8-1.6M12 8.8l2.8-1.6M12 12.4l-4-2.2M12 12.4l4-2.2M12 15.8l-4.2-1.8M12 15.8l4.2-1.8"
            stroke="#bfe6c2"
            stroke-width="0.8"
            stroke-linecap="round"
            fill="none"
          />
        </>
      )}
      {suit === 'H' && (
        <>
          <path
            d="M12 21.4C5.4 16.6 1.8 12.8 1.8 8.4 1.8 5.2 4.2 2.8 7.2 2.8c2 0 3.8 1.1 4.8 2.9 1-1.8 2.8-2.9 4.8-2.9 3 0 5.4 2.4 5.4 5.6 0 4.4-3.6 8.2-10.2 13z"
            fill="#d0142f"
            stroke="#7d0a1b"
            stroke-width="0.9"
          />
          <path d="M5 7.6c0.2-1.6 1.3-2.6 2.6-2.7" stroke="#ffd0d6" stroke-width="1.1" fill="none" opacity="0.8" />
        </>
      )}
      {suit === 'D' && (
        <>
          <circle cx="12" cy="3.4" r="1.7" fill="none" stroke="#7a4a00" stroke-width="1.1" />
          <circle cx="12" cy="13" r="8.6" fill="#f0a800" stroke="#7a4a00" stroke-width="0.9" />
          <path
            d="M3.6 10.9q8.4 2.6 16.8 0l0 2.8q-8.4 2.6-16.8 0z"
            fill="#c62f1c"
            stroke="#7a1a0c"
            stroke-width="0.5"
          />
          <path d="M12 17.2v3.9" stroke="#5a3600" stroke-width="1.2" stroke-linecap="round" />
          <circle cx="12" cy="17.2" r="1.2" fill="#5a3600" />
          <path d="M7 7.8c1-1.4 2.4-2.2 4-2.4" stroke="#fff3c4" stroke-width="1.1" fill="none" opacity="0.85" />
        </>
      )}
    </svg>
  );
}

// The suit as a mark beside text (a declaration, the rules' table of base values): the French symbol,
// or the German suit's picture.
export function SuitMark({ suit }: { suit: Suit }) {
  return deck() === 'german' ? <GermanPip suit={suit} /> : <>{SUIT_SYMBOL[suit]}</>;
}

// A card drawn with CSS: rank and suit in the corner (what stays visible when cards overlap on a
// phone), a large pip in the middle, the jack (the Unter) as a framed letter.
export function CardView(p: CardProps) {
  const suit = suitOf(p.card);
  const rank = rankLabel(rankOf(p.card));
  const german = deck() === 'german';
  const pip = german ? <GermanPip suit={suit} /> : SUIT_SYMBOL[suit];
  const cls = [
    'card',
    `suit-${suit}`,
    german ? 'german' : '',
    p.small ? 'small' : '',
    p.dim ? 'dim' : '',
    p.playable ? 'playable' : '',
    p.selected ? 'selected' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const face = (
    <>
      <span class="corner">
        <span class="rank">{rank}</span>
        <span class="pip">{pip}</span>
      </span>
      <span class="center">{rankOf(p.card) === 'J' ? <span class="jack">{rank}</span> : pip}</span>
      <span class="corner bottom">
        <span class="rank">{rank}</span>
        <span class="pip">{pip}</span>
      </span>
    </>
  );
  if (p.onClick)
    return (
      <button
        type="button"
        class={cls}
        data-card={p.card}
        data-testid={p.testId}
        aria-label={p.label ?? cardName(p.card)}
        aria-pressed={p.selected === undefined ? undefined : p.selected}
        aria-disabled={p.dim ? 'true' : undefined}
        tabIndex={p.tabIndex}
        onClick={p.onClick}
      >
        {face}
      </button>
    );
  return (
    <span class={cls} data-card={p.card} role="img" aria-label={p.label ?? cardName(p.card)}>
      {face}
    </span>
  );
}

export function CardBack({ small }: { small?: boolean }) {
  return <span class={`card back${small ? ' small' : ''}`} aria-label={t('card.faceDown')} role="img" />;
}
