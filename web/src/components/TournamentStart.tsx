// A player starts a tournament (POST /api/tournaments with the session token): each side is a house
// program, one of the player's bots or another player's bot that accepts challenges (GET
// /api/tournaments/options: its uploaded program, rated, or its own connections, friendly), or a
// spec typed in; deals and seatings; the player's limits. The choices name a house program by its
// level and kind in words and a bot by its name (the spec stands in the field beside and on hover).
// The answer is the new tournament's link and the SHA-256 of the seed the server drew, or why it
// was refused.
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, type PlayerTournament, type TournamentOptions } from '../lib/api';
import { levelLabel, programLabel, specLevel } from '../lib/bots';
import { t } from '../lib/i18n';
import { formatNumber } from '../lib/numbers';
import { DEFAULT_SPRT, sideLabel, sideName, sprtRequest } from '../lib/tournament';
import { CopyButton } from './CopyButton';
import { SprtFields } from './SprtFields';

const DEFAULT_MAX_DEALS = 1000;

// A house program among the choices: its level and its kind in words ("strongest (complete bot)"),
// so that two programs of one level stay apart.
function houseName(program: string): string {
  const level = specLevel(program);
  return level ? `${levelLabel(level)} (${programLabel(program)})` : sideName(program);
}

// The programs a side may choose, in the order of the select (house programs, own bots, others').
export function sideChoices(
  o: TournamentOptions,
): { program: string; label: string; group: 'house' | 'mine' | 'others' }[] {
  const bot = (b: TournamentOptions['bots'][number]) =>
    sideLabel(b.program, b.mine ? null : b.owner) + (b.online ? '' : ` · ${t('tourStart.offline')}`);
  // A bot with an uploaded program: that (rated), then its own connections (a friendly match).
  const sides = (b: TournamentOptions['bots'][number], group: 'mine' | 'others') =>
    b.sandbox
      ? [
          {
            program: b.sandbox,
            label: t('tournament.sideSandbox', { name: sideLabel(b.sandbox, b.mine ? null : b.owner) }),
            group,
          },
          { program: b.program, label: t('tournament.sideAccount', { name: bot(b) }), group },
        ]
      : [{ program: b.program, label: bot(b), group }];
  return [
    ...o.house.map((h) => ({
      program: h.program,
      label: t('tourStart.houseOnline', { program: houseName(h.program), n: h.online }),
      group: 'house' as const,
    })),
    ...o.bots.filter((b) => b.mine).flatMap((b) => sides(b, 'mine' as const)),
    ...o.bots.filter((b) => !b.mine).flatMap((b) => sides(b, 'others' as const)),
  ];
}

// The first choices: a house program for A, the player's first bot (else another house program) for B.
function defaultSides(o: TournamentOptions): [string, string] {
  const house = o.house.map((h) => h.program);
  const first = o.bots.find((b) => b.mine);
  const mine = first?.sandbox ?? first?.program;
  return [house[0] ?? '', mine ?? house[1] ?? house[0] ?? ''];
}

function SidePicker(props: {
  label: string;
  value: string;
  choices: ReturnType<typeof sideChoices>;
  onChange: (spec: string) => void;
  testid: string;
}) {
  const { choices } = props;
  const listed = choices.some((c) => c.program === props.value);
  const group = (g: 'house' | 'mine' | 'others', label: string) => {
    const items = choices.filter((c) => c.group === g);
    return (
      items.length > 0 && (
        <optgroup label={label}>
          {items.map((c) => (
            <option value={c.program} title={c.program}>
              {c.label}
            </option>
          ))}
        </optgroup>
      )
    );
  };
  return (
    <fieldset class="side-picker">
      <legend>{props.label}</legend>
      <select
        value={listed ? props.value : ''}
        onChange={(e) => {
          const v = (e.target as HTMLSelectElement).value;
          if (v !== '') props.onChange(v);
        }}
        data-testid={props.testid}
      >
        {group('house', t('tourStart.house'))}
        {group('mine', t('tourStart.mine'))}
        {group('others', t('tourStart.others'))}
        <option value="">{t('tourStart.custom')}</option>
      </select>{' '}
      <label title={t('tourStart.specTitle')}>
        <span class="muted small">{t('tourStart.spec')}</span>{' '}
        <input
          value={props.value}
          onInput={(e) => props.onChange((e.target as HTMLInputElement).value)}
          spellcheck={false}
          data-testid={`${props.testid}-spec`}
        />
      </label>
    </fieldset>
  );
}

// A refusal in words: 401 (sign in again), 403 (a challenge not accepted), 429 (over a limit), else
// the server's text.
function refusal(e: unknown): string {
  const message = String((e as Error)?.message ?? e);
  if (e instanceof ApiError) {
    if (e.status === 401) return t('tourStart.err401');
    if (e.status === 403) return t('tourStart.err403', { message });
    if (e.status === 429) return t('tourStart.err429', { message });
  }
  return message;
}

export function TournamentStart({ token, onStarted }: { token: string | null; onStarted?: (id: number) => void }) {
  const [options, setOptions] = useState<TournamentOptions | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [a, setA] = useState('');
  const [b, setB] = useState('');
  const [deals, setDeals] = useState('100');
  const [seating, setSeating] = useState<PlayerTournament['seating']>('both');
  const [sprt, setSprt] = useState(DEFAULT_SPRT);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [started, setStarted] = useState<{ id: number; seed_sha256: string } | null>(null);
  const loadOptions = (first: boolean) =>
    api.tournamentOptions(token).then(
      (o) => {
        setOptions(o);
        setLoadError(null);
        if (first) {
          const [da, db] = defaultSides(o);
          setA((x) => x || da);
          setB((x) => x || db);
        }
      },
      (e) => setLoadError(t('tourStart.loadOptions', { message: String(e.message ?? e) })),
    );
  useEffect(() => {
    loadOptions(true);
  }, [token]);
  const maxDeals = options?.limits?.max_deals ?? DEFAULT_MAX_DEALS;
  const dealsN = /^\d+$/.test(deals.trim()) ? Number(deals.trim()) : NaN;
  const test = sprtRequest(sprt);
  const valid =
    !!token && a.trim() !== '' && b.trim() !== '' && dealsN >= 1 && dealsN <= maxDeals && test !== 'invalid';
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!valid || busy || !token) return;
    setBusy(true);
    setError(null);
    setStarted(null);
    try {
      const r = await api.playerTournament(token, {
        a: a.trim(),
        b: b.trim(),
        deals: dealsN,
        seating,
        ...(test ?? {}),
      });
      setStarted(r);
      onStarted?.(r.id);
      loadOptions(false); // the deals of today have grown
    } catch (err) {
      setError(refusal(err));
    } finally {
      setBusy(false);
    }
  };
  const choices = options ? sideChoices(options) : [];
  const limits = options?.limits;
  return (
    <form class="panel tournament-start" onSubmit={submit} data-testid="tournament-start">
      <h3>{t('tourStart.title')}</h3>
      <p class="muted small">{t('tourStart.intro')}</p>
      {!token && (
        <p class="warn-text" data-testid="start-sign-in">
          <a href="#/play">{t('tourStart.signIn')}</a>
        </p>
      )}
      {loadError && <p class="warn-text">{loadError}</p>}
      <div class="form-row">
        <SidePicker label={t('tourStart.sideA')} value={a} choices={choices} onChange={setA} testid="side-a" />
        <SidePicker label={t('tourStart.sideB')} value={b} choices={choices} onChange={setB} testid="side-b" />
      </div>
      <div class="form-row">
        <label>
          {t('tourStart.deals')}{' '}
          <input
            type="number"
            min={1}
            max={maxDeals}
            value={deals}
            onInput={(e) => setDeals((e.target as HTMLInputElement).value)}
            aria-invalid={!(dealsN >= 1 && dealsN <= maxDeals)}
            data-testid="tour-deals"
          />
        </label>
        <label>
          {t('tourStart.seating')}{' '}
          <select
            value={seating}
            onChange={(e) => setSeating((e.target as HTMLSelectElement).value as PlayerTournament['seating'])}
            data-testid="tour-seating"
          >
            <option value="both">2:1 + 1:2</option>
            <option value="2:1">2:1</option>
            <option value="1:2">1:2</option>
          </select>
        </label>
        <button class="primary" type="submit" disabled={!valid || busy} data-testid="tour-start">
          {t('tourStart.start')}
        </button>
      </div>
      <SprtFields value={sprt} onChange={setSprt} />
      {limits && (
        <p class="muted small" data-testid="tour-limits">
          {t('tourStart.limits', {
            today: formatNumber(limits.deals_today),
            perDay: formatNumber(limits.deals_per_day),
            tables: formatNumber(limits.tables_at_once),
            max: formatNumber(limits.max_deals),
          })}
        </p>
      )}
      {started && (
        <p role="status" data-testid="tour-started">
          <a href={`#/tournaments/${started.id}`} data-testid="tour-started-link">
            {t('tourStart.started', { id: started.id })}
          </a>{' '}
          {t('tourStart.seedHash')} <code class="hash">{started.seed_sha256}</code>{' '}
          <CopyButton text={started.seed_sha256} />
        </p>
      )}
      {error && (
        <p class="warn-text" role="alert" data-testid="tour-error">
          {error}
        </p>
      )}
    </form>
  );
}
