// The player's choice of the table's pace: how long a completed trick stays on the felt, and whether
// the end of a game waits for a click.
import { useState } from 'preact/hooks';
import { t, type MessageKey } from '../lib/i18n';
import { formatSeconds } from '../lib/numbers';
import { pace, setPace } from '../lib/prefs';

// A choice's label: a text of the dictionary, else (null) its milliseconds as seconds in the page's
// language ("0,8 s" in German).
type Choice = [number, MessageKey | null];
const TRICK_CHOICES: Choice[] = [
  [0, 'pace.noPause'],
  [800, null],
  [1500, null],
  [3000, null],
];
const RESULT_CHOICES: Choice[] = [
  [-1, 'pace.waitClick'],
  [10000, null],
  [0, 'pace.atOnce'],
];
const label = ([ms, key]: Choice) => (key ? t(key) : formatSeconds(ms / 1000));

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
          {TRICK_CHOICES.map((c) => (
            <option value={String(c[0])}>{label(c)}</option>
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
          {RESULT_CHOICES.map((c) => (
            <option value={String(c[0])}>{label(c)}</option>
          ))}
        </select>
      </label>
    </span>
  );
}
