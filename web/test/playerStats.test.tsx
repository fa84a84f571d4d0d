// @vitest-environment jsdom
// A player's statistics panel: the figures and the games by type, numbers in the page's language.
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { PlayerStats } from '../src/components/PlayerStats';
import type { PlayerStats as Stats } from '../src/lib/api';
import { setLang } from '../src/lib/i18n';

afterEach(() => {
  setLang('en');
  document.body.innerHTML = '';
});

function mount(node: preact.ComponentChild) {
  const root = document.createElement('div');
  document.body.appendChild(root);
  act(() => render(node, root));
  return root;
}

const none = { declared: 0, won: 0, won_share: null };
const STATS: Stats = {
  series: 3,
  games: 40,
  declared: 15,
  declared_share: 0.375,
  won: 12,
  won_share: 0.8,
  by_type: {
    C: { declared: 5, won: 5, won_share: 1 },
    S: none,
    H: { declared: 3, won: 2, won_share: 2 / 3 },
    D: none,
    G: { declared: 6, won: 5, won_share: 5 / 6 },
    N: { declared: 1, won: 0, won_share: 0 },
  },
  average_value: 41.25,
  score: 1234,
  score_per_36: 1110.6,
  best_series: { id: 7, score: 980, games: 12 },
};

const text = (root: HTMLElement, id: string) => root.querySelector(`[data-testid="${id}"]`)?.textContent;

describe('the statistics of a player', () => {
  it('show the shares, the average value, per 36 and the best series', () => {
    const root = mount(<PlayerStats stats={STATS} />);
    expect(text(root, 'stats-games')).toBe('40');
    expect(text(root, 'stats-declared')).toBe('15 (37.5 %)');
    expect(text(root, 'stats-won')).toBe('12 (80.0 %)');
    expect(text(root, 'stats-average')).toBe('41.3');
    expect(text(root, 'stats-per36')).toBe('1110.6');
    expect(text(root, 'stats-best')).toBe('series 7: 980 points in 12 games');
    const rows = [...root.querySelectorAll('[data-testid="stats-types"] tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(rows).toHaveLength(6);
    expect(rows[4]).toEqual(['Grand', '6', '5', '83.3 %']);
    expect(rows[1].slice(1)).toEqual(['0', '0', '—']);
  });

  it('speak German with decimal commas', () => {
    setLang('de');
    const root = mount(<PlayerStats stats={STATS} />);
    expect(text(root, 'stats-declared')).toBe('15 (37,5 %)');
    expect(text(root, 'stats-per36')).toBe('1110,6');
    expect(text(root, 'stats-best')).toBe('Serie 7: 980 Punkte in 12 Spielen');
    expect(root.querySelector('[data-type="C"] td')?.textContent).toBe('Kreuz');
  });

  it('give the average per game below 36 games', () => {
    const root = mount(<PlayerStats stats={{ ...STATS, games: 4, score: -94, score_per_36: -846 }} />);
    expect(text(root, 'stats-per36')).toBeUndefined();
    expect(text(root, 'stats-per-game')).toBe('-23.5');
  });

  it('say so when there is nothing to count yet', () => {
    const root = mount(<PlayerStats stats={{ ...STATS, games: 0 }} />);
    expect(root.textContent).toBe('No finished series yet.');
  });
});
