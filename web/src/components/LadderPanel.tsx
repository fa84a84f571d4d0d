// The ladder on the leaderboard: whether the server plays matches among idle bots by itself and how
// often (GET /api/tournaments "ladder"), and its latest matches, each with its sides by name, the
// duplicate difference with its interval and the verdict, linked to the tournament.
import { useEffect, useState } from 'preact/hooks';
import { api, type LadderPace, type TournamentItem } from '../lib/api';
import { t, tOr } from '../lib/i18n';
import { formatNumber } from '../lib/numbers';
import { formatCi, sideName, verdictText } from '../lib/tournament';

const SHOWN = 8;

export function LadderPanel() {
  const [state, setState] = useState<{ pace: LadderPace | null; matches: TournamentItem[] } | null>(null);
  useEffect(() => {
    api.tournaments().then(
      (r) => setState({ pace: r.ladder, matches: r.tournaments.filter((x) => x.ladder).slice(0, SHOWN) }),
      () => setState(null),
    );
  }, []);
  if (!state || (!state.pace && state.matches.length === 0)) return null;
  const { pace, matches } = state;
  return (
    <div class="panel ladder" data-testid="ladder">
      <h3>{t('ladder.title')}</h3>
      <p class="muted small" data-testid="ladder-pace">
        {pace
          ? t('ladder.pace', { minutes: formatNumber(pace.every_s / 60, pace.every_s % 60 ? 1 : 0), deals: pace.deals })
          : t('ladder.off')}
      </p>
      {matches.length > 0 && (
        <ul>
          {matches.map((m) => (
            <li data-testid="ladder-match">
              <a href={`#/tournaments/${m.id}`}>
                {sideName(m.a)} – {sideName(m.b)}
              </a>{' '}
              <span class="muted small">
                {m.status === 'running'
                  ? tOr(`status.${m.status}`, m.status)
                  : `B − A ${formatCi(m.difference, m.ci95)}${m.verdict ? ` · ${verdictText(m.verdict, m.a, m.b)}` : ''}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
