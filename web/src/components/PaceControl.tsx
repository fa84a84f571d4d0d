// The player's choice of the table's pace: how long a completed trick stays on the felt, and whether
// the end of a game waits for a click.
import { useState } from 'preact/hooks';
import { t, type MessageKey } from '../lib/i18n';
import { pace, setPace } from '../lib/prefs';

// A choice's label: a text of the dictionary, or seconds as they are.
type Choice = [number, MessageKey | string];
const TRICK_CHOICES: Choice[] = [
  [0, 'pace.noPause'],
  [800, '0.8 s'],
  [1500, '1.5 s'],
  [3000, '3 s'],
];
const RESULT_CHOICES: Choice[] = [
  [-1, 'pace.waitClick'],
  [10000, '10 s'],
  [0, 'pace.atOnce'],
];
const label = (l: string) => (l.startsWith('pace.') ? t(l as MessageKey) : l);

// `onChange`: after the choice is stored (the table tells the server how the seat's clock waits).
export function PaceControl({ onChange }: { onChange?: () => void }) {
  const [p, setP] = useState(pace());
  const update = (patch: Partial<typeof p>) => {
    const next = { ...p, ...patch };
    setP(next);
    setPace(next);
    onChange?.();
  };
  return (
    <span class="pace-control">
      <label>
        {t('pace.trickStays')}{' '}
        <select
          value={String(p.trickMs)}
          onChange={(e) => {
            const ms = Number((e.target as HTMLSelectElement).value);
            update({ trickMs: ms, cardMs: ms === 0 ? 0 : Math.min(700, Math.round(ms / 2)) });
          }}
          data-testid="pace-trick"
        >
          {TRICK_CHOICES.map(([ms, text]) => (
            <option value={String(ms)}>{label(text)}</option>
          ))}
        </select>
      </label>{' '}
      <label title={t('pace.afterGameTitle')}>
        {t('pace.afterGame')}{' '}
        <select
          value={String(p.resultMs)}
          onChange={(e) => update({ resultMs: Number((e.target as HTMLSelectElement).value) })}
          data-testid="pace-result"
        >
          {RESULT_CHOICES.map(([ms, text]) => (
            <option value={String(ms)}>{label(text)}</option>
          ))}
        </select>
      </label>
    </span>
  );
}
