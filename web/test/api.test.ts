// The API client: a player's page reads every page of the player's series, following next_after;
// the player's requests carry the session token; fields an older server leaves out read as null.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, normalTournament, tournamentBody, type SeriesItem, type TournamentItem } from '../src/lib/api';

const item = (id: number) => ({ id }) as unknown as SeriesItem;

describe('api.player', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows next_after until the last page', async () => {
    const asked: string[] = [];
    const pages: Record<string, object> = {
      '/api/players/7?limit=1000': { player: { id: 7 }, series: [item(1), item(2)], ratings: [], next_after: 2 },
      '/api/players/7?limit=1000&after=2': { player: { id: 7 }, series: [item(5)], ratings: [], next_after: 5 },
      '/api/players/7?limit=1000&after=5': { player: { id: 7 }, series: [], ratings: [], next_after: null },
    };
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify(pages[url]), { status: pages[url] ? 200 : 404 });
    });
    const page = await api.player(7);
    expect(page.series.map((s) => s.id)).toEqual([1, 2, 5]);
    expect(page.next_after).toBeNull();
    expect(asked).toEqual(Object.keys(pages));
  });

  it('asks once when the first page is the last', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls += 1;
      return new Response(JSON.stringify({ player: { id: 1 }, series: [item(3)], ratings: [], next_after: null }));
    });
    expect((await api.player(1)).series).toHaveLength(1);
    expect(calls).toBe(1);
  });
});

describe("the player's requests", () => {
  afterEach(() => vi.unstubAllGlobals());

  const record = (status: number, json: object) => {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(json), { status });
    });
    return calls;
  };
  const auth = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

  it('carry the session token and the JSON body', async () => {
    let calls = record(200, { bots: [], limit: 5 });
    expect(await api.myBots('tok')).toEqual({ bots: [], limit: 5 });
    expect(calls[0].url).toBe('/api/bots');
    expect(auth(calls[0].init)).toBe('Bearer tok');

    calls = record(201, { player_id: 40, name: 'b', token: 's', program: 'account:b', challenges: 'nobody' });
    expect((await api.createBot('tok', 'b')).token).toBe('s');
    expect(calls[0].init.method).toBe('POST');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ name: 'b' });

    calls = record(200, { player_id: 40, name: 'c' });
    await api.updateBot('tok', 40, { name: 'c', challenges: 'everyone' });
    expect(calls[0]).toMatchObject({ url: '/api/bots/40', init: { method: 'PATCH' } });
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ name: 'c', challenges: 'everyone' });

    calls = record(200, { deleted: 40 });
    expect(await api.deleteBot('tok', 40)).toBe(40);
    expect(calls[0]).toMatchObject({ url: '/api/bots/40', init: { method: 'DELETE' } });

    calls = record(200, { player_id: 40, name: 'c', token: 'new' });
    expect((await api.newBotToken('tok', 40)).token).toBe('new');
    expect(calls[0]).toMatchObject({ url: '/api/bots/40/token', init: { method: 'POST' } });

    calls = record(201, { id: 9, seed_sha256: 'ff' });
    expect(await api.playerTournament('tok', { a: 'rule', b: 'account:b', deals: 10, seating: 'both' })).toEqual({
      id: 9,
      seed_sha256: 'ff',
    });
    expect(calls[0].url).toBe('/api/tournaments');
    expect(auth(calls[0].init)).toBe('Bearer tok');
  });

  it("fail with the status and the server's text", async () => {
    record(409, { error: 'name taken' });
    const e = await api.createBot('tok', 'b').catch((x) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(409);
    expect(e.message).toBe('name taken');
    // a 200 where 201 was due is no success either
    record(200, { id: 1 });
    expect(
      (await api.playerTournament('tok', { a: 'a', b: 'b', deals: 1, seating: 'both' }).catch((x) => x)).status,
    ).toBe(200);
  });

  it('ask for the tournament options without a token when there is none, filling in what is missing', async () => {
    const calls = record(200, { house: [{ program: 'rule', online: 2 }], bots: [{ program: 'account:x', name: 'x' }] });
    const o = await api.tournamentOptions(null);
    expect(calls[0].url).toBe('/api/tournaments/options');
    expect(auth(calls[0].init)).toBeUndefined();
    expect(o.limits).toBeNull();
    expect(o.bots[0]).toMatchObject({ owner: null, mine: false });
  });

  it("read an older server's tournaments and leaderboard with the new fields as null", async () => {
    record(200, { tournaments: [{ id: 1, a: 'rule', b: 'full', seed: 7 }] });
    const [item] = (await api.tournaments()).tournaments;
    expect(item).toMatchObject({
      seed: '7',
      seed_sha256: null,
      started_by: null,
      owners: { a: null, b: null },
      sealed: false,
    });
    record(200, { kind: 'bots', provisional_below: 10, snapshot: null, players: [{ player_id: 1, kind: 'bot' }] });
    expect((await api.leaderboard('bots')).players[0]).toMatchObject({ owner: null, bot_kind: '' });
  });
});

// A 64-bit seed does not fit a JavaScript number: it travels as text both ways.
describe('a tournament seed', () => {
  it('is read exactly from seed_text, and from an older server as its number', () => {
    const raw = { seed: 15089526374535771234, seed_text: '15089526374535771234' } as unknown as TournamentItem;
    expect(normalTournament(raw).seed).toBe('15089526374535771234');
    expect(normalTournament({ seed: 42 } as unknown as TournamentItem).seed).toBe('42');
    expect(normalTournament({ seed: null } as unknown as TournamentItem).seed).toBeNull();
  });

  it('is sent digit for digit', () => {
    const body = tournamentBody({ a: 'rule', b: 'simple', deals: 10, seating: 'both', seed: '0015089526374535771234' });
    expect(body).toBe('{"a":"rule","b":"simple","deals":10,"seating":"both","seed":15089526374535771234}');
    expect(tournamentBody({ a: 'rule', b: 'simple', deals: 10, seating: 'both' })).toBe(
      '{"a":"rule","b":"simple","deals":10,"seating":"both"}',
    );
  });
});
