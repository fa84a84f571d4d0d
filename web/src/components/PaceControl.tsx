// The player's choice of the table's pace: how long a completed trick stays on the felt, and whether
// the end of a game waits for a click.
import { useState } from 'preact/hooks';
import { pace, setPace } from '../lib/prefs';

const TRICK_CHOICES: [number, string][] = [
  [0, 'no pause'],
  [800, '0.8 s'],
  [1500, '1.5 s'],
  [3000, '3 s'],
];
const RESULT_CHOICES: [number, string][] = [
  [-1, 'wait for my click'],
  [10000, '10 s'],
  [0, 'go on at once'],
];

export function PaceControl() {
  const [p, setP] = useState(pace());
  const update = (patch: Partial<typeof p>) => {
    const next = { ...p, ...patch };
    setP(next);
    setPace(next);
  };
  return (
    <span class="pace-control">
      <label>
        Trick stays{' '}
        <select
          value={String(p.trickMs)}
          onChange={(e) => {
            const ms = Number((e.target as HTMLSelectElement).value);
            update({ trickMs: ms, cardMs: ms === 0 ? 0 : Math.min(700, Math.round(ms / 2)) });
          }}
          data-testid="pace-trick"
        >
          {TRICK_CHOICES.map(([ms, label]) => (
            <option value={String(ms)}>{label}</option>
          ))}
        </select>
      </label>{' '}
      <label>
        After a game{' '}
        <select
          value={String(p.resultMs)}
          onChange={(e) => update({ resultMs: Number((e.target as HTMLSelectElement).value) })}
          data-testid="pace-result"
        >
          {RESULT_CHOICES.map(([ms, label]) => (
            <option value={String(ms)}>{label}</option>
          ))}
        </select>
      </label>
    </span>
  );
}
