// @vitest-environment jsdom
// A player's bots and tournaments on the page, against a fetch that plays the server: the My bots
// page (sign-in prompt, list, create with the secret shown once, rename, challenges, new token,
// delete, the session token), the player's tournament form, the tournament list and page with
// who started it, the owners, the seed's SHA-256 and the sealed note, and the bots' owners on the
// leaderboard and the player page.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { BotsView } from '../src/views/BotsView';
import { TournamentStart } from '../src/components/TournamentStart';
import { TournamentListView } from '../src/views/TournamentListView';
import { TournamentView } from '../src/views/TournamentView';
import { LeaderboardView } from '../src/views/LeaderboardView';
import { PlayerView } from '../src/views/PlayerView';
import {
  botCommand,
  botHello,
  levelLabel,
  offeredLevels,
  programLabel,
  shellWord,
  specLevel,
  validBotName,
  wsUrl,
} from '../src/lib/bots';
import { seedCheckCommand, shortHash, sideLabel } from '../src/lib/tournament';
import { setLang } from '../src/lib/i18n';
import type { OwnBot, TournamentOptions } from '../src/lib/api';
import { fakeSession, MemStore } from './fakeSession';

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
const allByTestId = (root: Element, id: string) => [...root.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];
const click = (el: Element | null) => act(() => (el as HTMLElement).click());
const type = (el: Element | null, value: string) =>
  act(() => {
    const input = el as HTMLInputElement;
    input.value = value;
    input.dispatchEvent(new Event('input'));
  });
const choose = (el: Element | null, value: string) =>
  act(() => {
    const select = el as HTMLSelectElement;
    select.value = value;
    select.dispatchEvent(new Event('change'));
  });

interface Call {
  method: string;
  url: string;
  auth: string | null;
  body: any;
}

// A fetch answered by `handler` (method, url, body) → [status, json]; every call is recorded.
function fakeFetch(handler: (method: string, url: string, body: any) => [number, object]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const headers = (init.headers ?? {}) as Record<string, string>;
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, auth: headers.Authorization ?? null, body });
      const [status, json] = handler(method, url, body);
      return new Response(JSON.stringify(json), { status });
    }),
  );
  return calls;
}

// The bot endpoints of the server, kept in memory for one player.
function botServer(limit = 5) {
  let next = 40;
  let secret = 0;
  const bots: OwnBot[] = [
    {
      player_id: 31,
      name: 'anna-bot',
      program: 'account:anna-bot',
      challenges: 'nobody',
      created_at: 1795369347512,
      online: true,
      disabled: false,
    },
  ];
  const handler = (method: string, url: string, body: any): [number, object] => {
    const id = Number(url.match(/^\/api\/bots\/(\d+)/)?.[1]);
    const bot = bots.find((b) => b.player_id === id);
    if (method === 'GET' && url === '/api/bots') return [200, { bots, limit }];
    if (method === 'POST' && url === '/api/bots') {
      if (bots.length >= limit) return [403, { error: `at most ${limit} bots per player` }];
      if (bots.some((b) => b.name === body.name)) return [409, { error: 'name taken' }];
      const b: OwnBot = {
        player_id: next++,
        name: body.name,
        program: `account:${body.name}`,
        challenges: body.challenges ?? 'nobody',
        created_at: 1795369400000,
        online: false,
        disabled: false,
      };
      bots.push(b);
      return [
        201,
        {
          player_id: b.player_id,
          name: b.name,
          token: `secret-${++secret}`,
          program: b.program,
          challenges: b.challenges,
        },
      ];
    }
    if (!bot) return [404, { error: 'no such bot' }];
    if (method === 'PATCH') {
      if (body.name && bots.some((b) => b !== bot && b.name === body.name)) return [409, { error: 'name taken' }];
      if (body.name) Object.assign(bot, { name: body.name, program: `account:${body.name}` });
      if (body.challenges) bot.challenges = body.challenges;
      return [200, bot];
    }
    if (method === 'DELETE') {
      bots.splice(bots.indexOf(bot), 1);
      return [200, { deleted: id }];
    }
    if (method === 'POST' && url.endsWith('/token'))
      return [200, { player_id: bot.player_id, name: bot.name, token: `secret-${++secret}` }];
    return [404, { error: 'no route' }];
  };
  return { bots, handler };
}

function signedIn(token: string | null = 'session-tok') {
  const store = new MemStore();
  if (token) {
    store.setItem('skat.token', token);
    store.setItem('skat.name', 'anna');
  }
  return fakeSession(store).s;
}

describe('the bot helpers', () => {
  it('check the name as far as the page can', () => {
    expect(validBotName('anna-bot')).toBe(true);
    expect(validBotName('')).toBe(false);
    expect(validBotName(' anna')).toBe(false);
    expect(validBotName('x'.repeat(32))).toBe(true);
    expect(validBotName('x'.repeat(33))).toBe(false);
    expect(validBotName('ä'.repeat(17))).toBe(false); // 34 bytes
  });

  it('build the command line and the hello that run a bot', () => {
    expect(wsUrl({ protocol: 'https:', host: 'skat.example:8443' })).toBe('wss://skat.example:8443/ws');
    expect(wsUrl({ protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/ws');
    expect(botCommand('anna-bot', 'abc123', 'ws://h/ws')).toBe(
      'skat bot --program "python3 my_bot.py" --name anna-bot --token abc123 --url ws://h/ws',
    );
    expect(shellWord("anna's bot")).toBe(`'anna'\\''s bot'`);
    expect(JSON.parse(botHello('anna-bot', 'abc123'))).toEqual({
      type: 'hello',
      protocol: 1,
      name: 'anna-bot',
      token: 'abc123',
      bot: true,
    });
  });

  it("name a program in words of the language, a player's bot and an outside program too; an unknown one as it is", () => {
    expect(programLabel('full:worlds=32,budget=2000,threads=2,nodes=2000,stop=1')).toBe('complete bot');
    expect(programLabel('rule')).toBe('rule bot');
    expect(programLabel('account:anna-bot')).toBe("player's bot");
    expect(programLabel('sandbox:anna-bot')).toBe('uploaded program');
    expect(programLabel('program:python3 bot.py')).toBe('outside program');
    expect(programLabel('mystery:x=1')).toBe('mystery:x=1');
    setLang('de');
    expect(programLabel('full')).toBe('Komplett-Bot');
    expect(programLabel('simple')).toBe('Einfach-Bot');
    expect(programLabel('account:anna-bot')).toBe('Spieler-Bot');
    setLang('en');
  });

  it("place a program on a level by the server's rule", () => {
    expect(['random', 'simple', 'rule:x=1'].map(specLevel)).toEqual(['beginner', 'beginner', 'beginner']);
    expect(specLevel('pimc:worlds=40')).toBe('club');
    expect(specLevel('full:worlds=4,nodes=200,stop=1')).toBe('club');
    expect(specLevel('full:budget=2000,worlds=15')).toBe('club');
    expect(specLevel('full:worlds=32,budget=2000,threads=2,nodes=2000,stop=1,infer=learned')).toBe('strongest');
    expect(specLevel('full')).toBe('strongest'); // 20 worlds when not given
    expect(specLevel('full:worlds=16')).toBe('strongest');
    expect(['account:full', 'sandbox:x', 'program:full', 'mystery'].map(specLevel)).toEqual([null, null, null, null]);
  });

  it('offer the levels the free bots play, weakest first, named in the language', () => {
    const free = [{ level: 'strongest' }, {}, { level: 'beginner' }, { level: 'strongest' }];
    expect(offeredLevels(free)).toEqual(['beginner', 'strongest']);
    expect(offeredLevels([{}])).toEqual([]);
    expect(levelLabel('club')).toBe('club player');
    expect(levelLabel('grandmaster')).toBe('grandmaster');
    setLang('de');
    expect(levelLabel('club')).toBe('Vereinsspieler');
    setLang('en');
  });

  it('name a side by its level or name and owner, and shorten and check a seed hash', () => {
    expect(sideLabel('account:anna-bot', { id: 3, name: 'anna' })).toBe('anna-bot (anna)');
    expect(sideLabel('sandbox:anna-bot', { id: 3, name: 'anna' })).toBe('anna-bot (anna)');
    expect(sideLabel('full:worlds=32,budget=2000,threads=2', null)).toBe('strongest');
    expect(sideLabel('program:python3 my_bot.py', null)).toBe('outside program');
    expect(sideLabel('mystery:with=a,long=list,of=settings', null)).toBe('mystery…');
    expect(sideLabel('account:a-very-long-bot-name-indeed', null)).toBe('a-very-long-bot-name-indeed');
    setLang('de');
    expect(sideLabel('full:worlds=4', null)).toBe('Vereinsspieler');
    setLang('en');
    expect(shortHash('0123456789abcdef0123')).toBe('0123456789ab…');
    expect(seedCheckCommand(42)).toBe('printf %s 42 | sha256sum');
  });
});

describe('the My bots page', () => {
  it("lists the challenges of the player's bots, a declined one in words", async () => {
    const bots: OwnBot[] = [
      {
        player_id: 31,
        name: 'anna-bot',
        program: 'account:anna-bot',
        challenges: 'everyone',
        created_at: 1795369347512,
        online: true,
        disabled: false,
        challenges_received: [
          {
            tournament: 12,
            by: { id: 4, name: 'bob' },
            side: 'b',
            deals: 50,
            status: 'cancelled',
            end_reason: 'declined by the bot anna-bot',
            created_at: 1795369400000,
          },
          {
            tournament: 9,
            by: { id: 5, name: 'carl' },
            side: 'a',
            deals: 1200,
            status: 'finished',
            end_reason: null,
            created_at: 1795369300000,
          },
        ],
      },
    ];
    fakeFetch((method, url) => (method === 'GET' && url === '/api/bots' ? [200, { bots, limit: 5 }] : [500, {}]));
    const s = signedIn();
    const root = mount(<BotsView session={s} snap={s.snap} />);
    await vi.waitFor(() => expect(byTestId(root, 'challenges-received')).not.toBeNull());
    const lines = [...byTestId(root, 'challenges-received')!.querySelectorAll('[data-testid="challenge"]')];
    expect(lines).toHaveLength(2);
    expect(lines[0].querySelector('a')!.getAttribute('href')).toBe('#/tournaments/12');
    expect(lines[0].textContent).toContain('by bob, 50 deals');
    expect(lines[0].textContent).toContain('declined by the bot anna-bot');
    expect(lines[1].textContent).toContain('by carl, 1200 deals');
    expect(lines[1].textContent).toContain('finished');
  });

  it('asks a visitor without a session to sign in as the Play page does', () => {
    const calls = fakeFetch(() => [500, {}]);
    const s = signedIn(null);
    const root = mount(<BotsView session={s} snap={s.snap} />);
    expect(root.textContent).toContain('Sign in as a guest to create bots of your own.');
    expect(byTestId(root, 'name')).not.toBeNull();
    expect(byTestId(root, 'login')).not.toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('lists the bots with the limit, creates one and shows its secret once with what runs it', async () => {
    const server = botServer();
    const calls = fakeFetch(server.handler);
    const s = signedIn();
    const root = mount(<BotsView session={s} snap={s.snap} />);
    await vi.waitFor(() => expect(byTestId(root, 'bots-count')).not.toBeNull());
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/bots', auth: 'Bearer session-tok' });
    expect(byTestId(root, 'bots-count')!.textContent).toBe('Bots: 1 of 5');
    const row = byTestId(root, 'bot-row')!;
    expect(byTestId(row, 'bot-name')!.getAttribute('href')).toBe('#/players/31');
    expect(byTestId(row, 'bot-program')!.textContent).toBe('account:anna-bot');
    expect(byTestId(row, 'bot-online')!.textContent).toBe('online');
    expect((byTestId(row, 'bot-challenges') as HTMLSelectElement).value).toBe('nobody');

    type(byTestId(root, 'new-bot-name'), 'anna-2');
    choose(byTestId(root, 'new-bot-challenges'), 'everyone');
    click(byTestId(root, 'create-bot'));
    await vi.waitFor(() => expect(byTestId(root, 'bot-secret')).not.toBeNull());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/bots',
      auth: 'Bearer session-tok',
      body: { name: 'anna-2', challenges: 'everyone' },
    });
    expect(byTestId(root, 'bot-secret-token')!.textContent).toBe('secret-1');
    expect(byTestId(root, 'bot-command')!.textContent).toBe(
      `skat bot --program "python3 my_bot.py" --name anna-2 --token secret-1 --url ws://${location.host}/ws`,
    );
    expect(JSON.parse(byTestId(root, 'bot-hello')!.textContent!)).toEqual({
      type: 'hello',
      protocol: 1,
      name: 'anna-2',
      token: 'secret-1',
      bot: true,
    });
    await vi.waitFor(() => expect(allByTestId(root, 'bot-row')).toHaveLength(2));
    expect(byTestId(root, 'bots-count')!.textContent).toBe('Bots: 2 of 5');
    // the secret goes for good once saved
    click(byTestId(root, 'secret-done'));
    expect(byTestId(root, 'bot-secret')).toBeNull();
    expect(root.textContent).not.toContain('secret-1');
  });

  it('explains a taken name, and stops offering to create at the limit', async () => {
    const server = botServer(2);
    fakeFetch(server.handler);
    const s = signedIn();
    const root = mount(<BotsView session={s} snap={s.snap} />);
    await vi.waitFor(() => expect(byTestId(root, 'bots-count')).not.toBeNull());
    type(byTestId(root, 'new-bot-name'), 'anna-bot');
    click(byTestId(root, 'create-bot'));
    await vi.waitFor(() => expect(byTestId(root, 'create-bot-error')).not.toBeNull());
    expect(byTestId(root, 'create-bot-error')!.textContent).toBe('The name “anna-bot” is taken.');
    type(byTestId(root, 'new-bot-name'), 'second');
    click(byTestId(root, 'create-bot'));
    await vi.waitFor(() => expect(byTestId(root, 'bots-count')!.textContent).toBe('Bots: 2 of 2'));
    type(byTestId(root, 'new-bot-name'), 'third');
    expect((byTestId(root, 'create-bot') as HTMLButtonElement).disabled).toBe(true);
    expect(root.textContent).toContain('You have as many bots as a player may have');
  });

  it('renames, changes who may challenge, re-keys and deletes, asking first where it cannot be undone', async () => {
    const server = botServer();
    const calls = fakeFetch(server.handler);
    const s = signedIn();
    const root = mount(<BotsView session={s} snap={s.snap} />);
    await vi.waitFor(() => expect(byTestId(root, 'bot-row')).not.toBeNull());
    const row = () => byTestId(root, 'bot-row')!;

    click(byTestId(row(), 'rename'));
    type(byTestId(row(), 'rename-input'), 'anna-bot-2');
    click(byTestId(row(), 'rename-save'));
    await vi.waitFor(() => expect(byTestId(row(), 'bot-name')?.textContent).toBe('anna-bot-2'));
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', url: '/api/bots/31', body: { name: 'anna-bot-2' } });
    expect(byTestId(row(), 'bot-program')!.textContent).toBe('account:anna-bot-2');

    choose(byTestId(row(), 'bot-challenges'), 'everyone');
    await vi.waitFor(() => expect((byTestId(row(), 'bot-challenges') as HTMLSelectElement).disabled).toBe(false));
    expect(calls.at(-1)?.body).toEqual({ challenges: 'everyone' });
    expect((byTestId(row(), 'bot-challenges') as HTMLSelectElement).value).toBe('everyone');
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', url: '/api/bots/31', auth: 'Bearer session-tok' });

    const before = calls.length;
    click(byTestId(row(), 'rekey'));
    expect(calls).toHaveLength(before); // asked first
    expect(row().textContent).toContain("anna-bot-2's old token stops working at once");
    click(byTestId(row(), 'rekey-confirm'));
    await vi.waitFor(() => expect(byTestId(root, 'bot-secret')).not.toBeNull());
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/api/bots/31/token' });
    expect(byTestId(root, 'bot-secret-token')!.textContent).toBe('secret-1');
    expect(byTestId(root, 'bot-command')!.textContent).toContain('--name anna-bot-2 --token secret-1');

    click(byTestId(row(), 'delete'));
    expect(calls.at(-1)!.method).toBe('POST'); // nothing deleted yet
    click(byTestId(row(), 'delete-confirm'));
    await vi.waitFor(() => expect(byTestId(root, 'bot-row')).toBeNull());
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/bots/31' });
    expect(byTestId(root, 'bots-count')!.textContent).toBe('Bots: 0 of 5');
    expect(root.textContent).toContain('You have no bots yet.');
  });

  it("shows the player's session token only on request, and says when it is refused", async () => {
    fakeFetch(() => [401, { error: 'invalid session token' }]);
    const s = signedIn('tok-abc');
    const root = mount(<BotsView session={s} snap={s.snap} />);
    await vi.waitFor(() => expect(byTestId(root, 'bots-error')).not.toBeNull());
    expect(byTestId(root, 'bots-error')!.textContent).toBe(
      'Your session is not valid (any more): sign in again on the Play page.',
    );
    expect(root.textContent).toContain('POST /api/bots');
    expect(byTestId(root, 'session-token')).toBeNull();
    click(byTestId(root, 'session-token-toggle'));
    expect(byTestId(root, 'session-token')!.textContent).toBe('tok-abc');
    click(byTestId(root, 'session-token-toggle'));
    expect(byTestId(root, 'session-token')).toBeNull();
  });

  it('speaks German', async () => {
    setLang('de');
    fakeFetch(botServer().handler);
    const s = signedIn();
    const root = mount(<BotsView session={s} snap={s.snap} />);
    await vi.waitFor(() => expect(byTestId(root, 'bots-count')).not.toBeNull());
    expect(root.querySelector('h2')!.textContent).toBe('Meine Bots');
    expect(byTestId(root, 'bots-count')!.textContent).toBe('Bots: 1 von 5');
    expect(byTestId(root, 'bot-online')!.textContent).toBe('online');
    expect(byTestId(root, 'create-bot')!.textContent).toBe('Anlegen');
  });
});

const options: TournamentOptions = {
  house: [
    { program: 'rule', online: 3 },
    { program: 'full:worlds=32,budget=2000', online: 2 },
  ],
  bots: [
    { program: 'account:anna-bot', name: 'anna-bot', owner: { id: 7, name: 'anna' }, mine: true, online: true },
    { program: 'account:bert-bot', name: 'bert-bot', owner: { id: 9, name: 'bert' }, mine: false, online: false },
  ],
  limits: { max_deals: 1000, deals_per_day: 2000, deals_today: 120, tables_at_once: 12 },
};

describe("the upload of a bot's program", () => {
  it('uploads a file in a language the server offers and says what it plays as', async () => {
    const server = botServer();
    const uploads: any[] = [];
    fakeFetch((method, url, body) => {
      if (method === 'GET' && url === '/api/bots')
        return [
          200,
          {
            bots: server.bots,
            limit: 5,
            sandbox: { languages: ['python3', 'sh'], available: true, why_not: null },
          },
        ];
      if (method === 'PUT' && url === '/api/bots/31/program') {
        uploads.push(body);
        server.bots[0].uploaded = body.language;
        return [200, { program: 'sandbox:anna-bot', bytes: body.source.length }];
      }
      return server.handler(method, url, body);
    });
    const s = signedIn();
    const root = mount(<BotsView session={s} snap={s.snap} />);
    await vi.waitFor(() => expect(byTestId(root, 'upload-program')).not.toBeNull());
    expect(byTestId(root, 'upload-current')!.textContent).toBe('No program uploaded for this bot.');
    const languages = [...byTestId(root, 'upload-language')!.querySelectorAll('option')].map((o) => o.textContent);
    expect(languages).toEqual(['python3', 'sh']);
    expect((byTestId(root, 'upload-submit') as HTMLButtonElement).disabled).toBe(true);
    const input = byTestId(root, 'upload-file') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [new File(['print("pass")\n'], 'bot.py')] });
    await act(async () => {
      input.dispatchEvent(new Event('change'));
      await new Promise((r) => setTimeout(r, 10));
    });
    await vi.waitFor(() => expect((byTestId(root, 'upload-submit') as HTMLButtonElement).disabled).toBe(false));
    await act(async () => {
      byTestId(root, 'upload-submit')!.click();
      await new Promise((r) => setTimeout(r, 10));
    });
    await vi.waitFor(() => expect(byTestId(root, 'upload-message')).not.toBeNull());
    expect(uploads).toEqual([{ language: 'python3', source: 'print("pass")\n' }]);
    expect(byTestId(root, 'upload-message')!.textContent).toBe('Uploaded (14 bytes): it plays as sandbox:anna-bot.');
    await vi.waitFor(() =>
      expect(byTestId(root, 'upload-current')!.textContent).toBe('Uploaded: python3, plays as sandbox:anna-bot.'),
    );
  });
});

describe("the player's tournament form", () => {
  const mountForm = (answer: [number, object], token: string | null = 'session-tok') => {
    const onStarted = vi.fn();
    const calls = fakeFetch((method, url) =>
      url === '/api/tournaments/options' ? [200, options] : method === 'POST' ? answer : [404, {}],
    );
    const root = mount(<TournamentStart token={token} onStarted={onStarted} />);
    return { root, calls, onStarted };
  };
  const labels = (select: HTMLElement) =>
    [...select.querySelectorAll('optgroup')].map((g) => [
      g.getAttribute('label'),
      [...g.querySelectorAll('option')].map((o) => o.textContent),
    ]);

  it('offers house programs, own bots and challengeable bots on both sides, with the limits', async () => {
    const { root, calls } = mountForm([201, { id: 5, seed_sha256: 'ab'.repeat(32) }]);
    await vi.waitFor(() => expect(byTestId(root, 'tour-limits')).not.toBeNull());
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/tournaments/options', auth: 'Bearer session-tok' });
    expect(labels(byTestId(root, 'side-a')!)).toEqual([
      ['House programs', ['beginner (rule bot) · 3 online', 'strongest (complete bot) · 2 online']],
      ['My bots', ['anna-bot']],
      ['Bots that accept challenges', ['bert-bot (bert) · offline']],
    ]);
    // the spec on hover, and in the field beside the choice
    expect(byTestId(root, 'side-a')!.querySelector('option')!.getAttribute('title')).toBe('rule');
    expect(byTestId(root, 'tour-limits')!.textContent).toBe(
      'Your limits: 120 of 2000 deals today · 12 tables at once · at most 1000 deals per tournament.',
    );
    // a house program against the player's own bot to begin with
    expect((byTestId(root, 'side-a-spec') as HTMLInputElement).value).toBe('rule');
    expect((byTestId(root, 'side-b-spec') as HTMLInputElement).value).toBe('account:anna-bot');
    expect((byTestId(root, 'side-b') as HTMLSelectElement).value).toBe('account:anna-bot');
  });

  it('starts with the chosen sides and shows the link and the SHA-256 of the seed', async () => {
    const hash = 'ab'.repeat(32);
    const { root, calls, onStarted } = mountForm([201, { id: 5, seed_sha256: hash }]);
    await vi.waitFor(() => expect(byTestId(root, 'tour-limits')).not.toBeNull());
    choose(byTestId(root, 'side-a'), 'account:bert-bot');
    type(byTestId(root, 'side-b-spec'), 'full:worlds=8');
    expect((byTestId(root, 'side-b') as HTMLSelectElement).value).toBe(''); // "another spec…"
    type(byTestId(root, 'tour-deals'), '40');
    choose(byTestId(root, 'tour-seating'), '2:1');
    click(byTestId(root, 'tour-start'));
    await vi.waitFor(() => expect(byTestId(root, 'tour-started')).not.toBeNull());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post).toMatchObject({ url: '/api/tournaments', auth: 'Bearer session-tok' });
    expect(post.body).toEqual({ a: 'account:bert-bot', b: 'full:worlds=8', deals: 40, seating: '2:1' });
    expect(byTestId(root, 'tour-started-link')!.getAttribute('href')).toBe('#/tournaments/5');
    expect(byTestId(root, 'tour-started')!.textContent).toContain(hash);
    expect(onStarted).toHaveBeenCalledWith(5);
  });

  it('explains a challenge not accepted (403) and a limit reached (429)', async () => {
    const first = mountForm([403, { error: 'bert-bot does not accept challenges' }]);
    await vi.waitFor(() => expect(byTestId(first.root, 'tour-limits')).not.toBeNull());
    click(byTestId(first.root, 'tour-start'));
    await vi.waitFor(() => expect(byTestId(first.root, 'tour-error')).not.toBeNull());
    expect(byTestId(first.root, 'tour-error')!.textContent).toBe(
      'Refused (bert-bot does not accept challenges): a bot of another player plays only when it accepts challenges from everyone.',
    );
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    const second = mountForm([429, { error: 'at most 2000 deals per day' }]);
    await vi.waitFor(() => expect(byTestId(second.root, 'tour-limits')).not.toBeNull());
    click(byTestId(second.root, 'tour-start'));
    await vi.waitFor(() => expect(byTestId(second.root, 'tour-error')).not.toBeNull());
    expect(byTestId(second.root, 'tour-error')!.textContent).toMatch(/^Over your limit \(at most 2000 deals per day\)/);
    expect(byTestId(second.root, 'tour-started')).toBeNull();
  });

  it('asks a visitor without a session to sign in, and cannot start', async () => {
    const { root, calls } = mountForm([201, {}], null);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].auth).toBeNull();
    expect(byTestId(root, 'start-sign-in')!.querySelector('a')!.getAttribute('href')).toBe('#/play');
    expect((byTestId(root, 'tour-start') as HTMLButtonElement).disabled).toBe(true);
  });
});

const tournament = {
  id: 8,
  a: 'account:anna-bot',
  b: 'rule',
  seed: null,
  seed_sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  started_by: { id: 7, name: 'anna' },
  owners: { a: { id: 7, name: 'anna' }, b: null },
  sealed: true,
  deals: 10,
  seatings: ['2:1'],
  mode: 'server',
  status: 'running',
  created_at: 1795369347512,
  finished_at: null,
  deals_done: 2,
  difference: null,
  ci95: null,
  verdict: null,
  report: null,
  curve: [],
  series: [{ id: 41, table: 12, seating: '2:1', rotation: 0 }],
};

describe('tournaments with their starter, owners and seed', () => {
  it('a sealed running one: who started it, the sides with owners, the hash, no watching', async () => {
    fakeFetch(() => [200, tournament]);
    const root = mount(<TournamentView id={8} />);
    await vi.waitFor(() => expect(byTestId(root, 'tournament-sides')).not.toBeNull());
    expect(byTestId(root, 'tournament-sides')!.textContent).toBe('A anna-bot (anna) vs B beginner rule bot');
    const sides = allByTestId(root, 'side-name');
    expect(sides.map((s) => s.title)).toEqual(['program: account:anna-bot', 'program: rule']);
    expect(byTestId(sides[1], 'bot-level')!.textContent).toBe('beginner');
    const by = byTestId(root, 'tournament-started-by')!;
    expect(by.textContent).toBe('Started by anna');
    expect(by.querySelector('a')!.getAttribute('href')).toBe('#/players/7');
    const hash = byTestId(root, 'seed-sha256')!;
    expect(hash.textContent).toBe('9f86d081884c…');
    expect(hash.getAttribute('title')).toBe(tournament.seed_sha256);
    expect(byTestId(root, 'tournament-seed')!.textContent).toContain('revealed when the tournament ends');
    expect(byTestId(root, 'seed-verify')).toBeNull();
    expect(byTestId(root, 'sealed-note')!.textContent).toContain('its tables cannot be watched');
    expect(byTestId(root, 'tournament-series')).not.toBeNull();
    expect(byTestId(root, 'watch-table')).toBeNull();
  });

  it('a finished one shows the seed and how to check it', async () => {
    fakeFetch(() => [200, { ...tournament, status: 'finished', seed: 1234, finished_at: 1795369999999 }]);
    const root = mount(<TournamentView id={8} />);
    await vi.waitFor(() => expect(byTestId(root, 'seed')).not.toBeNull());
    expect(byTestId(root, 'seed')!.textContent).toBe('1234');
    expect(byTestId(root, 'seed-verify')!.textContent).toBe(
      'To check that the seed is the one fixed at the start, printf %s 1234 | sha256sum must print the SHA-256 above.',
    );
    expect(byTestId(root, 'seed-verify')!.querySelector('code')!.textContent).toBe('printf %s 1234 | sha256sum');
  });

  it("an older server's tournament (none of the new fields) reads as the operator's, unsealed", async () => {
    const old = { ...tournament, seed: 7 } as Record<string, unknown>;
    for (const k of ['seed_sha256', 'started_by', 'owners', 'sealed']) delete old[k];
    fakeFetch(() => [200, old]);
    const root = mount(<TournamentView id={8} />);
    await vi.waitFor(() => expect(byTestId(root, 'tournament-sides')).not.toBeNull());
    expect(byTestId(root, 'tournament-sides')!.textContent).toBe('A anna-bot vs B beginner rule bot');
    expect(byTestId(root, 'tournament-started-by')!.textContent).toBe('Started by the operator');
    expect(byTestId(root, 'seed-sha256')).toBeNull();
    expect(byTestId(root, 'seed')!.textContent).toBe('7');
    expect(byTestId(root, 'sealed-note')).toBeNull();
    expect(byTestId(root, 'watch-table')).not.toBeNull();
  });

  it('the list names the starter and the owners and marks a sealed one; the operator form is folded away', async () => {
    const operatorOne = {
      ...tournament,
      id: 6,
      started_by: null,
      owners: { a: null, b: null },
      sealed: false,
      a: 'rule',
      b: 'simple',
    };
    fakeFetch((_method, url) =>
      url === '/api/tournaments'
        ? [200, { tournaments: [tournament, operatorOne] }]
        : url === '/api/tournaments/options'
          ? [200, { house: [], bots: [], limits: null }]
          : [404, {}],
    );
    const root = mount(<TournamentListView token={null} />);
    await vi.waitFor(() => expect(byTestId(root, 'tournaments')).not.toBeNull());
    const rows = [...byTestId(root, 'tournaments')!.querySelectorAll('tbody tr')];
    const cells = (tr: Element) => [...tr.querySelectorAll('td')].slice(1, 4).map((td) => td.textContent);
    expect(cells(rows[0])).toEqual(['anna-bot (anna)', 'beginner rule bot', 'anna']);
    expect(cells(rows[1])).toEqual(['beginner rule bot', 'beginner simple bot', 'the operator']);
    expect(byTestId(rows[0], 'side-name')!.title).toBe('program: account:anna-bot');
    expect(byTestId(rows[0], 'seed-sha256')!.textContent).toBe('9f86d081…');
    expect(byTestId(rows[0], 'seed-sha256')!.getAttribute('title')).toBe(tournament.seed_sha256);
    expect(byTestId(rows[0], 'sealed')).not.toBeNull();
    expect(byTestId(rows[1], 'sealed')).toBeNull();
    const operator = byTestId(root, 'operator-start') as HTMLDetailsElement;
    expect(operator.open).toBe(false);
    expect(operator.querySelector('summary')!.textContent).toBe('Operator');
  });
});

describe("bots' owners", () => {
  it('the leaderboard names the owner of a bot and its program', async () => {
    const row = {
      player_id: 31,
      name: 'anna-bot',
      kind: 'bot',
      bot_kind: 'account:anna-bot',
      owner: { id: 7, name: 'anna' },
      series: 2,
      deals: 72,
      declared: 20,
      won: 15,
      lost: 5,
      score: 900,
      score_per_36: 450,
      rating: null,
      uncertainty: null,
      rated_series: 0,
      provisional: true,
    };
    const house = { ...row, player_id: 2, name: 'house-1', bot_kind: 'rule' } as Record<string, unknown>;
    delete house.owner; // an older server
    const strong = {
      ...row,
      player_id: 3,
      name: 'house-9',
      bot_kind: 'full:worlds=32,budget=2000',
      level: 'strongest',
      owner: null,
    };
    fakeFetch(() => [200, { kind: 'bots', provisional_below: 10, snapshot: null, players: [row, house, strong] }]);
    const root = mount(<LeaderboardView kind="bots" sort="sf" />);
    await vi.waitFor(() => expect(byTestId(root, 'leaderboard')).not.toBeNull());
    const cells = [...byTestId(root, 'leaderboard')!.querySelectorAll('tbody tr')].map(
      (tr) => tr.querySelectorAll('td')[1],
    );
    expect(cells[0].textContent).toBe("anna-botplayer's bot by anna");
    expect(cells[0].querySelector('.badge')!.getAttribute('title')).toBe('program: account:anna-bot');
    expect(byTestId(cells[0], 'bot-owner')!.querySelector('a')!.getAttribute('href')).toBe('#/players/7');
    // a house program in words, its spec on the badge's title
    expect(cells[1].textContent).toBe('house-1rule bot');
    expect(cells[1].querySelector('.badge')!.getAttribute('title')).toBe('program: rule');
    expect(byTestId(cells[1], 'bot-level')).toBeNull();
    // the level a house bot plays, beside its program
    expect(cells[2].textContent).toBe('house-9complete botstrongest');
    expect(byTestId(cells[2], 'bot-level')!.getAttribute('title')).toBe('plays at the level “strongest”');
  });

  it('the player page of a bot names its program and owner', async () => {
    fakeFetch(() => [
      200,
      {
        player: {
          id: 31,
          name: 'anna-bot',
          kind: 'bot',
          created_at: 1795369347512,
          bot_kind: 'account:anna-bot',
          owner: { id: 7, name: 'anna' },
        },
        series: [],
        ratings: [],
        next_after: null,
      },
    ]);
    const root = mount(<PlayerView id={31} />);
    await vi.waitFor(() => expect(byTestId(root, 'player-owner')).not.toBeNull());
    expect(byTestId(root, 'bot-kind')!.textContent).toBe("player's bot");
    expect(byTestId(root, 'player-owner')!.textContent).toBe('A bot of anna');
    expect(byTestId(root, 'player-owner')!.querySelector('a')!.getAttribute('href')).toBe('#/players/7');
    expect(byTestId(root, 'bot-kind')!.title).toBe('program: account:anna-bot');
  });

  it('a player with one series sees its figures, not a chart of one dot', async () => {
    fakeFetch(() => [
      200,
      {
        player: { id: 5, name: 'gast-5', kind: 'guest', created_at: 1795369347512 },
        series: [
          {
            id: 12,
            table: 3,
            event: '',
            status: 'finished',
            started_at: 1795369347512,
            finished_at: 1795369447512,
            deals: 3,
            games_played: 3,
            seats: [
              { player_id: 5, name: 'gast-5', kind: 'guest', score: -74, won: 1, lost: 2 },
              { player_id: 1, name: 'house-1', kind: 'bot', score: 80, won: 0, lost: 0 },
              { player_id: 2, name: 'house-2', kind: 'bot', score: 80, won: 0, lost: 0 },
            ],
          },
        ],
        ratings: [{ series: 12, finished_at: 1795369447512, rating: 796.2, live: true }],
        next_after: null,
      },
    ]);
    const root = mount(<PlayerView id={5} />);
    await vi.waitFor(() => expect(byTestId(root, 'player-one-series')).not.toBeNull());
    expect(byTestId(root, 'player-chart')).toBeNull();
    expect(byTestId(root, 'rating-chart')).toBeNull();
    expect(byTestId(root, 'player-one-series')!.textContent).toContain('-74 Seeger-Fabian points');
    expect(byTestId(root, 'player-one-series')!.querySelector('a')!.getAttribute('href')).toBe('#/series/12');
    expect(byTestId(root, 'player-one-rating')!.textContent).toContain('after the first series (#12');
    expect(byTestId(root, 'player-one-rating')!.textContent).toContain('): 796.');
  });

  it('the player page says guest and an unknown player in German', async () => {
    setLang('de');
    try {
      fakeFetch(() => [
        200,
        {
          player: { id: 5, name: 'gast-5', kind: 'guest', created_at: 1795369347512 },
          series: [],
          ratings: [],
          next_after: null,
        },
      ]);
      const guest = mount(<PlayerView id={5} />);
      await vi.waitFor(() => expect(guest.querySelector('h2 .badge')).not.toBeNull());
      expect(guest.querySelector('h2 .badge')!.textContent).toBe('Gast');
      fakeFetch(() => [404, { error: 'no such player' }]);
      const missing = mount(<PlayerView id={99} />);
      await vi.waitFor(() => expect(missing.querySelector('.warn-text')).not.toBeNull());
      expect(missing.querySelector('.warn-text')!.textContent).toBe('Einen Spieler 99 gibt es nicht.');
    } finally {
      setLang('en');
    }
  });
});
