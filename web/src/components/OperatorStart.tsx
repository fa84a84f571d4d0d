// The operator's tournament start (the admin request of docs/api.md), folded away under "Operator"
// on the tournaments page: the two bot specs, deals, seed and seatings, with the admin token, which
// is kept only for this tab when asked to.
import { useState } from 'preact/hooks';
import { api, type NewTournament } from '../lib/api';
import { t } from '../lib/i18n';
import { DEFAULT_SPRT, sprtRequest } from '../lib/tournament';
import { SprtFields } from './SprtFields';

const K_TOKEN = 'skat.adminToken';

function storedToken(): string {
  try {
    return sessionStorage.getItem(K_TOKEN) ?? '';
  } catch {
    return '';
  }
}

export function OperatorStart() {
  const [a, setA] = useState('rule');
  const [b, setB] = useState('full');
  const [deals, setDeals] = useState('100');
  const [seed, setSeed] = useState('');
  const [seating, setSeating] = useState<NewTournament['seating']>('both');
  const [sprt, setSprt] = useState(DEFAULT_SPRT);
  const test = sprtRequest(sprt);
  const [token, setToken] = useState(storedToken());
  const [remember, setRemember] = useState(storedToken() !== '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dealsN = Number(deals);
  const valid =
    a.trim() !== '' &&
    b.trim() !== '' &&
    Number.isInteger(dealsN) &&
    dealsN >= 1 &&
    dealsN <= 100000 &&
    (seed === '' || /^\d+$/.test(seed)) &&
    test !== 'invalid' &&
    token.trim() !== '';
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      if (remember) sessionStorage.setItem(K_TOKEN, token.trim());
      else sessionStorage.removeItem(K_TOKEN);
      const body: NewTournament = {
        a: a.trim(),
        b: b.trim(),
        deals: dealsN,
        seating,
        ...(test ?? {}),
      };
      if (seed !== '') body.seed = seed;
      const id = await api.startTournament(body, token.trim());
      location.hash = `#/tournaments/${id}`;
    } catch (err) {
      setError(String((err as Error).message ?? err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <details class="panel operator-start" data-testid="operator-start">
      <summary>{t('operator.title')}</summary>
      <form onSubmit={submit}>
        <p class="muted small">{t('operator.intro')}</p>
        <div class="form-row">
          <label>
            A <input value={a} onInput={(e) => setA((e.target as HTMLInputElement).value)} data-testid="start-a" />
          </label>
          <label>
            B <input value={b} onInput={(e) => setB((e.target as HTMLInputElement).value)} data-testid="start-b" />
          </label>
          <label>
            {t('tourStart.deals')}{' '}
            <input
              type="number"
              min={1}
              max={100000}
              value={deals}
              onInput={(e) => setDeals((e.target as HTMLInputElement).value)}
              data-testid="start-deals"
            />
          </label>
          <label>
            {t('tourStart.seed')}{' '}
            <input value={seed} onInput={(e) => setSeed((e.target as HTMLInputElement).value)} placeholder="—" />
          </label>
          <label>
            {t('tourStart.seating')}{' '}
            <select
              value={seating}
              onChange={(e) => setSeating((e.target as HTMLSelectElement).value as NewTournament['seating'])}
            >
              <option value="both">2:1 + 1:2</option>
              <option value="2:1">2:1</option>
              <option value="1:2">1:2</option>
            </select>
          </label>
        </div>
        <SprtFields value={sprt} onChange={setSprt} />
        <div class="form-row">
          <label>
            {t('tourStart.token')}{' '}
            <input
              type="password"
              autocomplete="off"
              value={token}
              onInput={(e) => setToken((e.target as HTMLInputElement).value)}
              data-testid="start-token"
            />
          </label>
          <label class="toggle">
            <input
              type="checkbox"
              checked={remember}
              onChange={(e) => setRemember((e.target as HTMLInputElement).checked)}
            />{' '}
            {t('tourStart.remember')}
          </label>
        </div>
        <button class="primary" type="submit" disabled={!valid || busy} data-testid="start-tournament">
          {t('tourStart.start')}
        </button>
        {error && (
          <p class="warn-text" role="alert" data-testid="start-error">
            {error}
          </p>
        )}
      </form>
    </details>
  );
}
