import { cardName, rankLabel, rankOf, suitOf, SUIT_SYMBOL } from '../lib/cards';
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

// A French-suited card drawn with CSS and Unicode suit symbols: rank and suit in the corner (what
// stays visible when cards overlap on a phone), a large pip in the middle.
export function CardView(p: CardProps) {
  const suit = suitOf(p.card);
  const rank = rankLabel(rankOf(p.card));
  const cls = [
    'card',
    `suit-${suit}`,
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
        <span class="pip">{SUIT_SYMBOL[suit]}</span>
      </span>
      <span class="center">{rankOf(p.card) === 'J' ? <span class="jack">{rank}</span> : SUIT_SYMBOL[suit]}</span>
      <span class="corner bottom">
        <span class="rank">{rank}</span>
        <span class="pip">{SUIT_SYMBOL[suit]}</span>
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
