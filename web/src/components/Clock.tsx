import { useEffect, useState } from 'preact/hooks';
import { t } from '../lib/i18n';

// The move clock counting down to the act request's deadline (server milliseconds since the epoch).
export function Clock({ deadline, total }: { deadline: number; total: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [deadline]);
  // capped at the full clock, so that a client clock behind the server's cannot show more time
  const left = Math.max(0, Math.min(total > 0 ? total : Infinity, deadline - now));
  const secs = Math.ceil(left / 1000);
  const frac = total > 0 ? Math.min(1, left / total) : 0;
  const urgent = left < 10000;
  return (
    <div
      class={`clock${urgent ? ' urgent' : ''}`}
      role="timer"
      aria-label={t('clock.left', { n: secs })}
      data-testid="clock"
    >
      <span class="clock-text">
        {Math.floor(secs / 60)}:{String(secs % 60).padStart(2, '0')}
      </span>
      <span class="clock-bar">
        <span style={{ width: `${frac * 100}%` }} />
      </span>
    </div>
  );
}
