// @vitest-environment jsdom
// German pages speak German: the tournament list and page with its report, the start forms, the
// leaderboard, the lobby, the My bots page, the rules, the declarer's panel and the pace choice,
// rendered in German with sample data (the server's English verdicts, end reasons and event names
// among it), show no word that only the English dictionary has; their numbers carry the decimal
// comma and their dates read TT.MM.JJJJ.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { ActionPanel } from '../src/components/ActionPanel';
import { PaceControl } from '../src/components/PaceControl';
import { TournamentReport } from '../src/components/TournamentReport';
import type { Leaderboard, TournamentDetail, TournamentOptions, TournamentReport as Report } from '../src/lib/api';
import type { LegalAction } from '../src/lib/bidding';
import { formatDateTime, formatDayOf } from '../src/lib/dates';
import { eventName } from '../src/lib/events';
import { DICTIONARIES, setLang, type Entry } from '../src/lib/i18n';
import { formatNumber, formatPercent, formatSeconds } from '../src/lib/numbers';
import { BotsView } from '../src/views/BotsView';
import { LeaderboardView } from '../src/views/LeaderboardView';
import { PlayView } from '../src/views/PlayView';
import { RulesView } from '../src/views/RulesView';
import { TournamentListView } from '../src/views/TournamentListView';
import { TournamentView } from '../src/views/TournamentView';
import { fakeSession, MemStore } from './fakeSession';

// The words of a dictionary's texts, lower case, without the {parameters}.
const words = (text: string) => (text.match(/\p{L}+/gu) ?? []).map((w) => w.toLowerCase());
const dictionaryWords = (d: Record<string, Entry>) =>
  new Set(
    Object.values(d)
      .flatMap((e) => (typeof e === 'string' ? [e] : [e.one, e.other]))
      .flatMap((s) => words(s.replace(/\{\w+\}/g, ' '))),
  );
const GERMAN = dictionaryWords(DICTIONARIES.de);
// Words both languages use even where one dictionary happens not to (game names, calls).
const SHARED = new Set(['skat', 'grand', 'null', 'ouvert', 'hand', 'kontra', 're', 'elo', 'sf', 'bot', 'bots']);
// One letter is a card (B, D, K, A), a side (A, B) or a mark (P, V): no word.
const ENGLISH_ONLY = new Set(
  [...dictionaryWords(DICTIONARIES.en)].filter((w) => w.length > 1 && !GERMAN.has(w) && !SHARED.has(w)),
);

// What the data brings, not the dictionaries: names, programs, hashes (taken out before the search).
const FULL = 'full:worlds=32,budget=2000,threads=2,nodes=2000,stop=1,infer=learned';
const CLUB = 'full:worlds=4,nodes=200,stop=1';
const HASH = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const DATA = [FULL, CLUB, HASH, 'account:anna-bot', 'sandbox:anna-bot', 'anna-bot', 'bert-bot', 'house-9', 'sha256sum'];
const DATA_WORDS = ['anna', 'bert', 'gustav', 'cleo'];

// Every text a person sees or hears on the page: the text nodes one by one (so that neighbours do
// not run together), titles, labels and placeholders.
function shownTexts(root: Element): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n.textContent ?? '');
  for (const el of root.querySelectorAll('*'))
    for (const a of ['title', 'aria-label', 'label', 'placeholder', 'alt']) {
      const v = el.getAttribute(a);
      if (v) texts.push(v);
    }
  return texts;
}

// The English words among them, each with the text it stands in.
function englishIn(root: Element): string[] {
  const found: string[] = [];
  for (const text of shownTexts(root)) {
    const rest = DATA.reduce((s, d) => s.split(d).join(' '), text);
    for (const w of words(rest)) if (ENGLISH_ONLY.has(w) && !DATA_WORDS.includes(w)) found.push(`${w} in “${text}”`);
  }
  return found;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setLang('en');
  document.body.innerHTML = '';
});

function mount(node: preact.ComponentChild) {
  const root = document.createElement('div');
  document.body.appendChild(root);
  act(() => render(node, root));
  return root;
}
const byTestId = (root: Element, id: string) => root.querySelector<HTMLElement>(`[data-testid="${id}"]`);

function serve(routes: Record<string, object>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = routes[url.split('?')[0]];
      return new Response(JSON.stringify(body ?? { error: 'no route' }), { status: body ? 200 : 404 });
    }),
  );
}

const CREATED = 1795369347512;
const bot = (sf: number) => ({
  seat_games: 1200,
  declared_won: 300,
  declared_lost: 90,
  sf_total: sf * 1200,
  sf_per_game: sf,
  moves: 9000,
  move_mean_ms: 0.8,
  move_p99_ms: 28.14,
  timeouts: 0,
});
const report: Report = {
  a: 'rule',
  b: FULL,
  seed: 1234,
  deals: 12000,
  seconds: 812.5,
  seatings: (['2:1', 'total'] as const).map((seating) => ({
    seating,
    deals: 12000,
    games: 12,
    folded: 3,
    a: bot(-1.03),
    b: bot(16.62),
    difference: seating === 'total' ? 12.3 : 0.4,
    ci95: seating === 'total' ? [4.1, 20.5] : [-1.5, 2.25],
    verdict: seating === 'total' ? `B (${FULL}) stronger` : 'no significant difference at 12 games',
    classes: {
      suit: {
        games: 8,
        share: 0.64,
        declarer_won: 6,
        judged: 8,
        solver_agrees: 7,
        accuracy: 0.875,
        duplicate_deals: 4,
        difference: 3.44,
        ci95: [-1.02, 8.1],
      },
      grand: { games: 3, share: 0.25, declarer_won: 3, judged: 0, solver_agrees: 0, accuracy: 0 },
      null: { games: 1, share: 0.11, declarer_won: 0, judged: 1, solver_agrees: 1, accuracy: 1 },
    },
  })),
};
const finished: TournamentDetail = {
  id: 8,
  a: 'rule',
  b: FULL,
  seed: '1234',
  seed_sha256: HASH,
  started_by: null,
  owners: { a: null, b: null },
  sealed: false,
  rated: true,
  end_reason: null,
  deals: 12000,
  seatings: ['2:1', '1:2'],
  mode: 'server',
  status: 'finished',
  created_at: CREATED,
  finished_at: CREATED + 3_600_000,
  deals_done: 12000,
  difference: 12.3,
  ci95: [4.1, 20.5],
  verdict: `B (${FULL}) stronger`,
  report,
  curve: [],
  series: [{ id: 41, table: 12, seating: '2:1', rotation: 0 }],
};
const sealed: TournamentDetail = {
  ...finished,
  id: 9,
  a: 'account:anna-bot',
  b: CLUB,
  seed: null,
  started_by: { id: 7, name: 'anna' },
  owners: { a: { id: 7, name: 'anna' }, b: null },
  sealed: true,
  rated: false,
  status: 'running',
  finished_at: null,
  deals_done: 12,
  difference: -0.04,
  ci95: [-3.5, 3.25],
  verdict: 'no significant difference at 12 games',
  report: null,
};
const waited: TournamentDetail = {
  ...finished,
  id: 10,
  status: 'aborted',
  verdict: 'A (rule) stronger',
  end_reason: 'table 12 waited 600 s for bots it could not get (2 × full:worlds=32); house programs online: none',
};
const cancelled: TournamentDetail = {
  ...finished,
  id: 11,
  status: 'cancelled',
  end_reason: 'cancelled by the player who started it',
};
const options: TournamentOptions = {
  house: [
    { program: 'rule', online: 3 },
    { program: FULL, online: 2 },
  ],
  bots: [
    {
      program: 'account:anna-bot',
      sandbox: 'sandbox:anna-bot',
      name: 'anna-bot',
      owner: null,
      mine: true,
      online: true,
    },
    { program: 'account:bert-bot', name: 'bert-bot', owner: { id: 9, name: 'bert' }, mine: false, online: false },
  ],
  limits: { max_deals: 1000, deals_per_day: 20000, deals_today: 120, tables_at_once: 12 },
};
const row = {
  series: 4,
  deals: 144,
  declared: 50,
  won: 40,
  lost: 10,
  score: 4046,
  score_per_36: 1011.5,
  rating: 882.4,
  uncertainty: 11.6,
  rated_series: 4,
  provisional: false,
};
const board: Leaderboard = {
  kind: 'all',
  provisional_below: 10,
  snapshot: {
    id: 3,
    created_at: CREATED,
    series: 120,
    table_version: 1,
    options: {
      k: 0.02,
      start: 800,
      start_series: 5,
      newcomer_k: 0.1,
      newcomer_series: 5,
      hand_luck: true,
      high_value: true,
      mean_value: 40.9666,
      mean_value_source: 'games',
      mean_value_games: 2712,
    },
  },
  players: [
    { ...row, player_id: 3, name: 'house-9', kind: 'bot', bot_kind: FULL, level: 'strongest', owner: null },
    {
      ...row,
      player_id: 31,
      name: 'anna-bot',
      kind: 'bot',
      bot_kind: 'account:anna-bot',
      owner: { id: 7, name: 'anna' },
      live: true,
      provisional: true,
    },
    { ...row, player_id: 5, name: 'Gustav', kind: 'human', bot_kind: '', owner: null, deals: 20, score: 562 },
  ],
};

// The signed-in guest "anna" in the lobby, which lists a tournament's table and a table of people.
function lobby() {
  const store = new MemStore();
  store.setItem('skat.token', 'tok');
  store.setItem('skat.name', 'anna');
  const { s, sockets } = fakeSession(store);
  s.start();
  sockets[0].open();
  sockets[0].recv({ type: 'welcome', protocol: 1, player: { id: 7, name: 'anna', bot: false }, token: 'tok' });
  const seat = (player: number, name: string, isBot: boolean) => ({ player, name, bot: isBot, connected: true });
  sockets[0].recv({
    type: 'lobby',
    tables: [
      {
        table: 12,
        event: 'Tournament 8',
        deals: 40,
        running: true,
        game: 3,
        seats: [seat(3, 'house-9', true), seat(4, 'house-9', true), seat(5, 'house-9', true)],
        spectators: 2,
      },
      {
        table: 13,
        event: 'Training',
        deals: 36,
        running: false,
        game: 0,
        seats: [seat(6, 'cleo', false), null, null],
        spectators: 0,
      },
    ],
    online: [
      { id: 7, name: 'anna', bot: false, table: null },
      { id: 3, name: 'house-9', bot: true, table: null, level: 'strongest' },
    ],
  });
  return s;
}

const declare = (over: Partial<LegalAction & { type: 'declare' }>): LegalAction => ({
  type: 'declare',
  pos: 0,
  game: 'N',
  hand: false,
  schneider: false,
  schwarz: false,
  ouvert: false,
  ...over,
});

// Each page as a German player opens it, once its data came.
const PAGES: [string, () => Promise<Element>][] = [
  [
    'the tournament list with the start forms',
    async () => {
      serve({
        '/api/tournaments': { tournaments: [finished, sealed, waited, cancelled] },
        '/api/tournaments/options': options,
      });
      const root = mount(<TournamentListView token="tok" />);
      await vi.waitFor(() => expect(byTestId(root, 'tour-limits')).not.toBeNull());
      await vi.waitFor(() => expect(byTestId(root, 'tournaments')).not.toBeNull());
      return root;
    },
  ],
  ...[finished, sealed, waited, cancelled].map((d): [string, () => Promise<Element>] => [
    `tournament #${d.id} (${d.status})`,
    async () => {
      serve({ [`/api/tournaments/${d.id}`]: d });
      const root = mount(<TournamentView id={d.id} />);
      await vi.waitFor(() => expect(byTestId(root, 'tournament-sides')).not.toBeNull());
      return root;
    },
  ]),
  ['a tournament report', async () => mount(<TournamentReport report={report} />)],
  [
    'the leaderboard',
    async () => {
      serve({ '/api/leaderboard': board });
      const root = mount(<LeaderboardView kind="all" sort={null} />);
      await vi.waitFor(() => expect(byTestId(root, 'leaderboard')).not.toBeNull());
      return root;
    },
  ],
  [
    'the lobby',
    async () => {
      const s = lobby();
      return mount(<PlayView session={s} snap={s.snap} />);
    },
  ],
  [
    'the My bots page',
    async () => {
      serve({
        '/api/bots': {
          bots: [
            {
              player_id: 31,
              name: 'anna-bot',
              program: 'account:anna-bot',
              challenges: 'everyone',
              created_at: CREATED,
              online: true,
              disabled: false,
            },
          ],
          limit: 5,
        },
      });
      const s = lobby();
      const root = mount(<BotsView session={s} snap={s.snap} />);
      await vi.waitFor(() => expect(byTestId(root, 'bot-row')).not.toBeNull());
      return root;
    },
  ],
  ['the rules', async () => mount(<RulesView />)],
  [
    "the declarer's panel with one Null left",
    async () =>
      mount(
        <ActionPanel
          legal={[declare({ game: 'H' }), declare({ ouvert: true })]}
          phase="declaring"
          busy={false}
          currentBid={40}
          onAct={() => {}}
          onPreviewGame={() => {}}
          discardSel={[]}
        />,
      ),
  ],
  ['the pace choice', async () => mount(<PaceControl />)],
];

describe('a German page', () => {
  it.each(PAGES)('%s holds no English word of the dictionaries', async (_name, open) => {
    setLang('de');
    const root = await open();
    expect(root.textContent!.length).toBeGreaterThan(0);
    expect(englishIn(root)).toEqual([]);
  });

  it('would be caught speaking English (the check itself)', () => {
    setLang('de');
    const root = mount(
      <p title="Tournament 8">
        B (Stärkste Stufe) <b>stronger</b>
      </p>,
    );
    expect(englishIn(root)).toEqual(['stronger in “stronger”', 'tournament in “Tournament 8”']);
    expect(ENGLISH_ONLY.has('significant')).toBe(true);
    expect(ENGLISH_ONLY.has('skat')).toBe(false);
  });
});

describe('German tournament and leaderboard pages', () => {
  it('say the verdict, the end reason and the sides in German, with decimal commas and German dates', async () => {
    setLang('de');
    serve({
      '/api/tournaments': { tournaments: [finished, sealed, cancelled] },
      '/api/tournaments/options': options,
    });
    const list = mount(<TournamentListView token="tok" />);
    await vi.waitFor(() => expect(byTestId(list, 'tournaments')).not.toBeNull());
    const rows = [...byTestId(list, 'tournaments')!.querySelectorAll('tbody tr')];
    const cells = rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(cells[0].slice(1, 3)).toEqual(['Anfänger Regel-Bot', 'Stärkste Stufe Komplett-Bot']);
    expect(cells[0][4]).toBe('12.000/12.000');
    expect(cells[0][7]).toBe('+12,3 [+4,1, +20,5]');
    expect(cells[0][8]).toBe('B (Stärkste Stufe) ist stärker');
    expect(cells[0][9]).toMatch(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d$/);
    expect(cells[1].slice(1, 3)).toEqual(['anna-bot (anna)', 'Vereinsspieler Komplett-Bot']);
    expect(cells[1][7]).toBe('0,0 [-3,5, +3,3]');
    expect(cells[1][8]).toBe('kein deutlicher Unterschied nach 12 Spielen');
    expect(byTestId(list, 'tour-limits')!.textContent).toBe(
      'Deine Grenzen: 120 von 20.000 Verteilungen heute · 12 Tische gleichzeitig · höchstens 1000 Verteilungen pro Turnier.',
    );
    document.body.innerHTML = '';

    serve({ '/api/tournaments/11': cancelled });
    const page = mount(<TournamentView id={11} />);
    await vi.waitFor(() => expect(byTestId(page, 'tournament-report')).not.toBeNull());
    expect(byTestId(page, 'tournament-status')!.textContent).toMatch(
      /^abgebrochen \(vom Starter\) · 12\.000\/12\.000 Verteilungen · Server · angelegt \d\d\.\d\d\.\d{4}, \d\d:\d\d · beendet \d\d\.\d\d\.\d{4}, \d\d:\d\d · 813 s$/,
    );
    expect(byTestId(page, 'tournament-rated')!.textContent).toBe(
      'gewertet Vorzeitig beendet: abgebrochen von dem Spieler, der es gestartet hat',
    );
    expect(byTestId(page, 'difference-2:1')!.textContent).toContain('kein deutlicher Unterschied nach 12 Spielen');
    const bots = [...byTestId(page, 'bots-total')!.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(bots[1]).toEqual([
      'B Stärkste Stufe Komplett-Bot',
      '1200',
      '300',
      '90',
      '19.944',
      '16,62',
      '0,8',
      '28,1',
      '0',
    ]);
    const classes = [...byTestId(page, 'classes-total')!.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(classes[0]).toEqual(['Farbe', '8', '64,0 %', '75,0 %', '87,5 %', '+3,4 [-1,0, +8,1]']);
    document.body.innerHTML = '';

    serve({ '/api/leaderboard': board });
    const leader = mount(<LeaderboardView kind="all" sort="sf" />);
    await vi.waitFor(() => expect(byTestId(leader, 'leaderboard')).not.toBeNull());
    const first = [...byTestId(leader, 'leaderboard')!.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(first[0].slice(1, 5)).toEqual(['house-9Komplett-BotStärkste Stufe', '882 ± 12', '1012', '28,1']);
    expect(first[1][1]).toBe('anna-botSpieler-Bot von anna');
    expect(leader.querySelector('.muted.small')!.textContent).toMatch(
      /Elo-Wertungen berechnet am \d\d\.\d\d\.\d{4}, \d\d:\d\d über 120 Serien, bereinigt um Kartenglück und hohe Spielwerte \(mittlerer Spielwert 41 aus 2712 Alleinspielen\); .* das K eines neuen Spielers ist in der ersten Serie 0,1 und fällt über 5 Serien auf 0,02\./,
    );
    expect(byTestId(leader, 'elo-explained')!.textContent).toContain('K = 0,02');
  });

  it('name the server’s tournament events in German, other events as they are', async () => {
    expect(eventName('Tournament 8')).toBe('Tournament 8');
    setLang('de');
    expect(eventName('Tournament 8')).toBe('Turnier 8');
    expect(eventName('Tournament of the club')).toBe('Tournament of the club');
    expect(eventName('Training')).toBe('Training');
    const s = lobby();
    const root = mount(<PlayView session={s} snap={s.snap} />);
    const tables = [...byTestId(root, 'table-list')!.querySelectorAll('li')].map((li) => li.textContent);
    expect(tables[0]).toContain('Turnier 8 · Spiel 4/40');
  });
});

describe('numbers and dates in the page’s language', () => {
  it('use the decimal comma and TT.MM.JJJJ in German, the point and YYYY-MM-DD in English', () => {
    expect(formatNumber(28.14, 1, {}, 'de')).toBe('28,1');
    expect(formatNumber(28.14, 1, {}, 'en')).toBe('28.1');
    expect(formatNumber(19944, 0, {}, 'de')).toBe('19.944');
    expect(formatNumber(1236, 0, {}, 'de')).toBe('1236');
    expect(formatNumber(-0.04, 1, {}, 'de')).toBe('0,0');
    expect(formatNumber(0.02, 4, { upTo: true }, 'de')).toBe('0,02');
    expect(formatNumber(4.1, 1, { sign: true }, 'de')).toBe('+4,1');
    expect(formatNumber(0, 1, { sign: true }, 'en')).toBe('0.0');
    expect(formatSeconds(0.8, 1, 'de')).toBe('0,8 s');
    expect(formatSeconds(3, 1, 'de')).toBe('3 s');
    expect(formatPercent(1, 8, 'de')).toBe('12,5 %');
    expect(formatPercent(0, 0, 'de')).toBe('—');
    const at = new Date(2026, 10, 27, 9, 5).getTime(); // local time, as the page shows it
    expect(formatDateTime(at, 'de')).toBe('27.11.2026, 09:05');
    expect(formatDateTime(at, 'en')).toBe('2026-11-27 09:05');
    expect(formatDayOf(at, 'de')).toBe('27.11.2026');
    expect(formatDayOf(at, 'en')).toBe('2026-11-27');
    expect(formatDateTime(null, 'de')).toBe('');
  });

  it('the pace choice offers 0,8 s on a German page', () => {
    setLang('de');
    const root = mount(<PaceControl />);
    const trick = [...byTestId(root, 'pace-trick')!.querySelectorAll('option')].map((o) => o.textContent);
    expect(trick).toEqual(['keine Pause', '0,8 s', '1,5 s', '3 s']);
  });
});
