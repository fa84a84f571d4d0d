// The signed-in player's bots (#/bots): the list with rename, challenges, new token and delete, the
// upload of a bot's program (played by the server in its sandbox), the form for a new bot, the secret shown once with what runs the bot, and the player's own session
// token. Without a session the page asks to sign in as the Play page does.
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, type BotList, type BotSecret, type Challenges, type OwnBot } from '../lib/api';
import { botCommand, botHello, validBotName, wsUrl } from '../lib/bots';
import { formatDateTime } from '../lib/dates';
import { t, tOr } from '../lib/i18n';
import { formatNumber } from '../lib/numbers';
import { endReasonText } from '../lib/tournament';
import type { Session, SessionSnapshot } from '../lib/session';
import { CopyButton } from '../components/CopyButton';
import { EmptyRow } from '../components/EmptyRow';
import { Login } from './PlayView';

const CHALLENGES: Challenges[] = ['nobody', 'everyone'];

// A refusal in the page's words where the status says enough, else the server's text.
function explain(e: unknown, name = ''): string {
  if (e instanceof ApiError) {
    if (e.status === 401) return t('bots.err401');
    if (e.status === 404) return t('bots.err404');
    if (e.status === 409) return t('bots.err409', { name });
  }
  return String((e as Error)?.message ?? e);
}

function ChallengesSelect(props: {
  value: Challenges;
  disabled?: boolean;
  onChange: (c: Challenges) => void;
  testid: string;
}) {
  return (
    <select
      value={props.value}
      disabled={props.disabled}
      title={t('bots.challengesTitle')}
      onChange={(e) => props.onChange((e.target as HTMLSelectElement).value as Challenges)}
      data-testid={props.testid}
    >
      {CHALLENGES.map((c) => (
        <option value={c}>{t(`bots.challenges.${c}`)}</option>
      ))}
    </select>
  );
}

// The secret of a bot just created or re-keyed: shown this once, with the command line and the hello.
export function BotSecretPanel({ secret, onDone }: { secret: BotSecret; onDone: () => void }) {
  const command = botCommand(secret.name, secret.token, wsUrl(location));
  const hello = botHello(secret.name, secret.token);
  return (
    <section class="panel bot-secret" role="status" data-testid="bot-secret">
      <h3>{t('bots.secretTitle', { name: secret.name })}</h3>
      <p class="warn-text">{t('bots.secretOnce')}</p>
      <p class="secret-line">
        <code data-testid="bot-secret-token">{secret.token}</code>{' '}
        <CopyButton text={secret.token} testid="copy-secret" />
      </p>
      <p class="small">{t('bots.runProgram')}</p>
      <pre class="command" data-testid="bot-command">
        {command}
      </pre>
      <CopyButton text={command} testid="copy-command" />
      <p class="small">{t('bots.runHello')}</p>
      <pre class="command" data-testid="bot-hello">
        {hello}
      </pre>
      <CopyButton text={hello} testid="copy-hello" />
      <p>
        <button class="primary" onClick={onDone} data-testid="secret-done">
          {t('bots.secretDone')}
        </button>
      </p>
    </section>
  );
}

function NewBot(props: { token: string; full: boolean; onCreated: (s: BotSecret) => void }) {
  const [name, setName] = useState('');
  const [challenges, setChallenges] = useState<Challenges>('nobody');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid = validBotName(name.trim()) && !props.full;
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      props.onCreated(await api.createBot(props.token, name.trim(), challenges));
      setName('');
    } catch (err) {
      setError(explain(err, name.trim()));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="panel new-bot" onSubmit={submit}>
      <h3>{t('bots.new')}</h3>
      <div class="form-row">
        <label>
          {t('bots.name')}{' '}
          <input
            value={name}
            maxLength={32}
            placeholder={t('bots.nameHint')}
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
            data-testid="new-bot-name"
          />
        </label>
        <label>
          {t('bots.challenges')}{' '}
          <ChallengesSelect value={challenges} onChange={setChallenges} testid="new-bot-challenges" />
        </label>
        <button class="primary" type="submit" disabled={!valid || busy} data-testid="create-bot">
          {t('bots.create')}
        </button>
      </div>
      {props.full && <p class="muted small">{t('bots.atLimit')}</p>}
      {error && (
        <p class="warn-text" role="alert" data-testid="create-bot-error">
          {error}
        </p>
      )}
    </form>
  );
}

// The tournaments other players started against the player's bots, per bot, newest first: who,
// how many deals, and how it went (declined by the bot, cancelled, finished), each linked.
function ChallengesReceived({ bots }: { bots: OwnBot[] }) {
  const challenged = bots.filter((b) => (b.challenges_received ?? []).length > 0);
  return (
    <div class="panel" data-testid="challenges-received">
      <h3>{t('bots.received.title')}</h3>
      {challenged.length === 0 && <p class="muted small">{t('bots.received.none')}</p>}
      {challenged.map((b) => (
        <div data-bot={b.name}>
          <p class="strong">{b.name}</p>
          <ul>
            {(b.challenges_received ?? []).map((c) => (
              <li data-testid="challenge">
                <a href={`#/tournaments/${c.tournament}`}>{t('bots.received.tournament', { id: c.tournament })}</a>{' '}
                {t('bots.received.line', {
                  by: c.by?.name ?? '—',
                  deals: formatNumber(c.deals),
                  date: formatDateTime(c.created_at),
                })}{' '}
                · {endReasonText(c.end_reason ?? '') || tOr(`status.${c.status}`, c.status)}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

type Confirming = 'rekey' | 'delete' | null;

// One bot: its name (renamed in place), program, online state, challenges, creation date and the
// actions; a new token and deleting each ask once more.
function BotRow(props: {
  bot: OwnBot;
  token: string;
  onChanged: (b: OwnBot) => void;
  onDeleted: (id: number) => void;
  onSecret: (s: BotSecret) => void;
}) {
  const { bot, token } = props;
  const [renaming, setRenaming] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (what: () => Promise<void>, name = bot.name) => {
    setBusy(true);
    setError(null);
    try {
      await what();
    } catch (err) {
      setError(explain(err, name));
    } finally {
      setBusy(false);
    }
  };
  const rename = (e: Event) => {
    e.preventDefault();
    const name = (renaming ?? '').trim();
    if (!validBotName(name)) return;
    if (name === bot.name) return setRenaming(null);
    run(async () => {
      props.onChanged(await api.updateBot(token, bot.player_id, { name }));
      setRenaming(null);
    }, name);
  };
  return (
    <tr data-testid="bot-row" data-bot={bot.name}>
      <td class="left">
        {renaming === null ? (
          <a href={`#/players/${bot.player_id}`} data-testid="bot-name">
            {bot.name}
          </a>
        ) : (
          <form class="inline" onSubmit={rename}>
            <input
              value={renaming}
              maxLength={32}
              aria-label={t('bots.name')}
              onInput={(e) => setRenaming((e.target as HTMLInputElement).value)}
              data-testid="rename-input"
            />{' '}
            <button type="submit" disabled={busy || !validBotName(renaming.trim())} data-testid="rename-save">
              {t('bots.save')}
            </button>{' '}
            <button type="button" onClick={() => setRenaming(null)}>
              {t('common.cancel')}
            </button>
          </form>
        )}
        {bot.disabled && <span class="badge warn">{t('bots.disabled')}</span>}
        {error && (
          <div class="warn-text small" role="alert" data-testid="bot-error">
            {error}
          </div>
        )}
      </td>
      <td class="left">
        <code data-testid="bot-program">{bot.program}</code>
      </td>
      <td class="left" data-testid="bot-online">
        {bot.online ? t('bots.online') : <span class="muted">{t('bots.offline')}</span>}
      </td>
      <td class="left">
        <ChallengesSelect
          value={bot.challenges}
          disabled={busy}
          onChange={(challenges) =>
            run(async () => props.onChanged(await api.updateBot(token, bot.player_id, { challenges })))
          }
          testid="bot-challenges"
        />
      </td>
      <td class="left">{formatDateTime(bot.created_at)}</td>
      <td class="left">
        {confirming === null && (
          <span class="buttons">
            <button type="button" disabled={busy} onClick={() => setRenaming(bot.name)} data-testid="rename">
              {t('bots.rename')}
            </button>
            <button type="button" disabled={busy} onClick={() => setConfirming('rekey')} data-testid="rekey">
              {t('bots.rekey')}
            </button>
            <button
              type="button"
              class="warn"
              disabled={busy}
              onClick={() => setConfirming('delete')}
              data-testid="delete"
            >
              {t('bots.delete')}
            </button>
          </span>
        )}
        {confirming !== null && (
          <span class="buttons confirm" role="group">
            <span class="muted small">
              {t(confirming === 'rekey' ? 'bots.rekeyConfirm' : 'bots.deleteConfirm', { name: bot.name })}
            </span>
            <button
              type="button"
              class="warn"
              disabled={busy}
              onClick={() =>
                run(async () => {
                  if (confirming === 'rekey') props.onSecret(await api.newBotToken(token, bot.player_id));
                  else props.onDeleted(await api.deleteBot(token, bot.player_id));
                  setConfirming(null);
                })
              }
              data-testid={`${confirming}-confirm`}
            >
              {t(confirming === 'rekey' ? 'bots.rekeyYes' : 'bots.deleteYes')}
            </button>
            <button type="button" onClick={() => setConfirming(null)}>
              {t('common.cancel')}
            </button>
          </span>
        )}
      </td>
    </tr>
  );
}

// The text of a chosen file (FileReader: every browser, and the tests' DOM, has it).
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

// Uploads a program for one of the player's bots: the server plays it itself, in its sandbox, a
// fresh process per seat and game, as "sandbox:NAME" in rated tournaments.
function UploadProgram(props: { token: string; list: BotList; onUploaded: () => void }) {
  const sandbox = props.list.sandbox;
  const [bot, setBot] = useState<number>(props.list.bots[0]?.player_id ?? 0);
  const [language, setLanguage] = useState<string>(sandbox?.languages[0] ?? 'python3');
  const [source, setSource] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  if (!sandbox || props.list.bots.length === 0) return null;
  const chosen = props.list.bots.find((b) => b.player_id === bot) ?? props.list.bots[0];
  const upload = async (e: Event) => {
    e.preventDefault();
    if (!source || busy || !chosen) return;
    setBusy(true);
    try {
      const r = await api.uploadProgram(props.token, chosen.player_id, language, source);
      setMessage(t('bots.uploaded', { program: r.program, bytes: r.bytes }));
      props.onUploaded();
    } catch (err) {
      setMessage(explain(err, chosen.name));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="panel upload-program" onSubmit={upload} data-testid="upload-program">
      <h3>{t('bots.uploadTitle')}</h3>
      <p class="muted small">{t('bots.uploadExplain')}</p>
      {!sandbox.available && (
        <p class="warn-text small" data-testid="sandbox-unavailable">
          {t('bots.sandboxUnavailable', { why: sandbox.why_not ?? '' })}
        </p>
      )}
      <div class="form-row">
        <label>
          {t('bots.col.name')}{' '}
          <select
            value={chosen?.player_id}
            onChange={(e) => setBot(Number((e.target as HTMLSelectElement).value))}
            data-testid="upload-bot"
          >
            {props.list.bots.map((b) => (
              <option value={b.player_id}>{b.name}</option>
            ))}
          </select>
        </label>
        <label>
          {t('bots.language')}{' '}
          <select
            value={language}
            onChange={(e) => setLanguage((e.target as HTMLSelectElement).value)}
            data-testid="upload-language"
          >
            {sandbox.languages.map((l) => (
              <option value={l}>{l}</option>
            ))}
          </select>
        </label>
        <input
          type="file"
          onChange={async (e) => {
            const file = (e.target as HTMLInputElement).files?.[0];
            setSource(file ? await readText(file) : null);
          }}
          data-testid="upload-file"
        />
        <button class="primary" type="submit" disabled={!source || busy} data-testid="upload-submit">
          {t('bots.upload')}
        </button>
      </div>
      <p class="small" data-testid="upload-current">
        {chosen?.uploaded
          ? t('bots.uploadedNow', { language: chosen.uploaded, program: `sandbox:${chosen.name}` })
          : t('bots.noUpload')}
      </p>
      {message && (
        <p class="small" role="status" data-testid="upload-message">
          {message}
        </p>
      )}
    </form>
  );
}

// The player's own session token behind a toggle, with what it is for.
function SessionToken({ token }: { token: string }) {
  const [shown, setShown] = useState(false);
  return (
    <section class="panel session-token">
      <h3>{t('bots.session')}</h3>
      <p class="muted small">{t('bots.sessionExplain')}</p>
      <p class="secret-line">
        <button type="button" class="link" onClick={() => setShown(!shown)} data-testid="session-token-toggle">
          {shown ? t('bots.hide') : t('bots.show')}
        </button>{' '}
        {shown && (
          <>
            <code data-testid="session-token">{token}</code> <CopyButton text={token} testid="copy-session-token" />
          </>
        )}
      </p>
    </section>
  );
}

export function BotsView({ session, snap }: { session: Session; snap: SessionSnapshot }) {
  // read again when the player changes (a sign-in stores a new token)
  const token = session.token;
  const [list, setList] = useState<BotList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<BotSecret | null>(null);
  const load = () => {
    if (!token) return;
    api.myBots(token).then(
      (l) => {
        setList(l);
        setError(null);
      },
      (e) =>
        setError(
          e instanceof ApiError && e.status === 401
            ? t('bots.err401')
            : t('error.load', { message: String(e.message ?? e) }),
        ),
    );
  };
  useEffect(() => {
    setList(null);
    setError(null);
    setSecret(null);
    load();
  }, [token, snap.player?.id]);
  if (!token) {
    return (
      <section class="page bots">
        <h2>{t('bots.title')}</h2>
        <p class="muted">{t('bots.signIn')}</p>
        {snap.status === 'connecting' && session.storedName ? (
          <p class="status">{t('status.connecting')}</p>
        ) : (
          <Login session={session} />
        )}
      </section>
    );
  }
  const replace = (b: OwnBot) =>
    setList((l) => l && { ...l, bots: l.bots.map((x) => (x.player_id === b.player_id ? { ...x, ...b } : x)) });
  const remove = (id: number) => setList((l) => l && { ...l, bots: l.bots.filter((x) => x.player_id !== id) });
  return (
    <section class="page bots" data-testid="bots-page">
      <h2>{t('bots.title')}</h2>
      <p class="muted small">{t('bots.intro')}</p>
      {secret && <BotSecretPanel secret={secret} onDone={() => setSecret(null)} />}
      {error && (
        <p class="warn-text" data-testid="bots-error">
          {error}
        </p>
      )}
      {!list && !error && <p class="status">{t('common.loading')}</p>}
      {list && (
        <>
          <p class="strong" data-testid="bots-count">
            {t('bots.count', { n: list.bots.length, limit: list.limit })}
          </p>
          <div class="scroll-x">
            <table class="data" data-testid="bots">
              <thead>
                <tr>
                  <th class="left">{t('bots.col.name')}</th>
                  <th class="left">{t('bots.col.program')}</th>
                  <th class="left">{t('bots.col.online')}</th>
                  <th class="left">{t('bots.challenges')}</th>
                  <th class="left">{t('bots.col.created')}</th>
                  <th class="left" />
                </tr>
              </thead>
              <tbody>
                {list.bots.map((b) => (
                  <BotRow
                    key={b.player_id}
                    bot={b}
                    token={token}
                    onChanged={replace}
                    onDeleted={remove}
                    onSecret={setSecret}
                  />
                ))}
                {list.bots.length === 0 && <EmptyRow columns={6}>{t('bots.none')}</EmptyRow>}
              </tbody>
            </table>
          </div>
          <ChallengesReceived bots={list.bots} />
          <UploadProgram token={token} list={list} onUploaded={load} />
          <NewBot
            token={token}
            full={list.bots.length >= list.limit}
            onCreated={(s) => {
              setSecret(s);
              load();
            }}
          />
        </>
      )}
      <SessionToken token={token} />
    </section>
  );
}
