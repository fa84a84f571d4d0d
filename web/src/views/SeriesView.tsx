import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { CardView } from '../components/Card';
import { SeriesTable } from '../components/SeriesTable';
import { api, type SeriesItem } from '../lib/api';
import { sortHand } from '../lib/cards';
import { declarationText, explainResult } from '../lib/explain';
import { lang, t, tOr } from '../lib/i18n';
import {
  accuracyText,
  bestCards,
  choiceText,
  putText,
  schneiderText,
  schwarzText,
  turningText,
  valueText,
  type AnalysedDecision,
  type GameAnalysis,
} from '../lib/analysis';
import { cardLabel } from '../lib/cards';
import {
  callText,
  cardAt,
  cardStep,
  playedBy,
  replayFrame,
  stepCount,
  type ReplayGame,
  type SeriesGames,
} from '../lib/replay';
import { formatDateTime } from '../lib/dates';
import { eventName } from '../lib/events';

function gameLabel(g: ReplayGame, names: string[]): string {
  if (g.folded || g.declarer === null) return t('series.folded');
  return `${names[g.declarer]}: ${declarationText(g.declaration)}`;
}

function DecisionValues({ a, d, names }: { a: GameAnalysis; d: AnalysedDecision; names: string[] }) {
  const best = bestCards(d);
  const isNull = a.declaration?.game === 'N';
  if (!d.valued || !d.cards)
    return (
      <p class="small muted" data-testid="analysis-decision">
        {t('analysis.notValued', { trick: d.trick, name: names[d.seat] })}
      </p>
    );
  return (
    <div class="analysis-decision" data-testid="analysis-decision">
      <p class="small">
        {t('analysis.decision', {
          trick: d.trick,
          name: names[d.seat],
          what: t(isNull ? 'analysis.what.null' : 'analysis.what.points'),
        })}
      </p>
      <ul class="analysis-values">
        {d.cards.map((c) => {
          const marks = [
            c.card === d.card ? t('analysis.played') : '',
            best.includes(c.card) ? t('analysis.bestMark') : '',
          ]
            .filter(Boolean)
            .join(', ');
          return (
            <li
              class={`${c.card === d.card ? 'played' : ''}${best.includes(c.card) ? ' best' : ''}${c.wins ? ' wins' : ' loses'}`}
              data-card={c.card}
            >
              <span class="card-label">{cardLabel(c.card)}</span> <span class="value">{valueText(c, a)}</span>
              {marks && <span class="small muted"> ({marks})</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

// The declaration judged: the declarer's games with the same cards, played out with open cards.
function ChoicePanel({ a, names }: { a: GameAnalysis; names: string[] }) {
  const c = a.choice!;
  return (
    <div class="analysis-choice" data-testid="analysis-choice">
      <h4>{t('analysis.choice')}</h4>
      <p class={`small${c.turning_point || c.bid_too_high ? ' warn-text' : ''}`} data-testid="analysis-choice-verdict">
        {choiceText(a, declarationText, names)}
      </p>
      {c.put && (
        <p class={`small${c.put.turning_point ? ' warn-text' : ''}`} data-testid="analysis-put">
          <strong>{t('analysis.put')}:</strong> {putText(a, names)}
        </p>
      )}
      <table class="data small">
        <thead>
          <tr>
            <th class="left">{t('analysis.choiceCol.game')}</th>
            <th class="left">{t('analysis.choiceCol.wins')}</th>
            <th>{t('analysis.choiceCol.entry')}</th>
          </tr>
        </thead>
        <tbody>
          {c.games.map((g, i) => (
            <tr class={`${i === c.declared ? 'current' : ''}${i === c.best ? ' best' : ''}`}>
              <td class="left">{declarationText(g.declaration)}</td>
              <td class="left">
                {!g.valued
                  ? t('analysis.choiceNotValued')
                  : `${g.wins ? t('analysis.choiceWins') : t('analysis.choiceLoses')}${g.points != null ? ` (${g.points})` : ''}${g.covers_bid ? '' : `, ${t('analysis.choiceOverbid')}`}`}
              </td>
              <td class="num">{g.valued ? g.list_entry : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AnalysisPanel({
  a,
  g,
  names,
  step,
  onGo,
}: {
  a: GameAnalysis;
  g: ReplayGame;
  names: string[];
  step: number;
  onGo: (step: number) => void;
}) {
  const k = cardAt(g, step);
  const current = k !== null ? a.decisions[k] : undefined;
  const turns = a.decisions
    .map((d, i) => ({ d, i }))
    .filter(({ d }) => d.turning_point || d.schneider_turn || d.schwarz_turn);
  return (
    <div class="analysis" data-testid="analysis">
      <h4>{t('analysis.title')}</h4>
      <p class="small muted">{t('analysis.explain')}</p>
      <ul class="analysis-accuracy" data-testid="analysis-accuracy">
        {[0, 1, 2].map((seat) => (
          <li>{accuracyText(a.accuracy[seat], names[seat])}</li>
        ))}
      </ul>
      <p class="small">{t('analysis.strip')}</p>
      <div class="analysis-strip" data-testid="analysis-strip">
        {a.decisions.map((d, i) => (
          <button
            class={`mark ${!d.valued ? 'none' : d.turning_point ? 'turn' : d.played_best ? 'best' : 'weak'}${k === i ? ' current' : ''}`}
            aria-label={t('analysis.stripCard', { trick: d.trick, name: names[d.seat], card: cardLabel(d.card) })}
            title={t('analysis.stripCard', { trick: d.trick, name: names[d.seat], card: cardLabel(d.card) })}
            onClick={() => onGo(cardStep(g, i))}
          />
        ))}
      </div>
      {a.choice && <ChoicePanel a={a} names={names} />}
      <h4>{t('analysis.turns')}</h4>
      {turns.length === 0 ? (
        <p class="small" data-testid="analysis-no-turns">
          {t('analysis.noTurns')}
        </p>
      ) : (
        <ul class="analysis-turns" data-testid="analysis-turns">
          {turns.map(({ d, i }) => (
            <li>
              <a
                href="#"
                onClick={(e) => {
                  e.preventDefault();
                  onGo(cardStep(g, i));
                }}
              >
                {d.turning_point
                  ? turningText(a, d, names)
                  : d.schneider_turn
                    ? schneiderText(a, d, names)
                    : schwarzText(a, d, names)}
              </a>
            </li>
          ))}
        </ul>
      )}
      {current && <DecisionValues a={a} d={current} names={names} />}
    </div>
  );
}

function Replay({
  series,
  g,
  names: seriesNames,
  onClose,
}: {
  series: number;
  g: ReplayGame;
  names: string[];
  onClose: () => void;
}) {
  const names = playedBy(g, seriesNames); // who played each seat of this game
  const last = stepCount(g) - 1;
  const [step, setStep] = useState(0); // a new game is a new Replay (keyed by index): it starts at 0
  // Attached before the replay is painted, so that no key pressed as soon as it shows is lost.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement)?.tagName === 'INPUT') return;
      if (e.key === 'ArrowRight') setStep((s) => Math.min(last, s + 1));
      else if (e.key === 'ArrowLeft') setStep((s) => Math.max(0, s - 1));
      else if (e.key === 'Home') setStep(0);
      else if (e.key === 'End') setStep(last);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [last]);
  const f = replayFrame(g, step, names);
  const game = g.declaration?.game;
  const [analysis, setAnalysis] = useState<GameAnalysis | null>(null);
  const [analysing, setAnalysing] = useState(false);
  const [analysisError, setAnalysisError] = useState<string | null>(null);
  const analyse = () => {
    setAnalysing(true);
    setAnalysisError(null);
    api
      .gameAnalysis(series, g.index)
      .then(setAnalysis)
      .catch((e) => setAnalysisError(t('analysis.failed', { message: String(e.message ?? e) })))
      .finally(() => setAnalysing(false));
  };
  const playable = !g.folded && g.declarer !== null && g.tricks.length > 0;
  const ex = explainResult(g.result, names, g.points);
  return (
    <section class="panel replay" data-testid="replay" aria-label={t('replay.aria', { n: g.index + 1 })}>
      <div class="replay-head">
        <h3>{t('replay.title', { n: g.index + 1, label: gameLabel(g, names) })}</h3>
        <button onClick={onClose}>{t('common.close')}</button>
      </div>
      <details class="auction-details">
        <summary>
          {t('replay.auction', { name: names[g.forehand], n: g.auction.length })}
          {g.declarer !== null && g.result.bid
            ? t('replay.auctionWinner', { name: names[g.declarer], bid: g.result.bid })
            : ''}
        </summary>
        <p class="small">
          {g.auction.length
            ? g.auction.map((a) => `${names[a.seat]} ${callText(a)}`).join(', ')
            : t('replay.notRecorded')}
        </p>
      </details>
      {f.inAuction && (
        <p class="replay-calls" data-testid="replay-calls">
          {t('replay.calls')}{' '}
          {g.auction.slice(0, f.calls).map((a, i) => (
            <span class={i === f.calls - 1 ? 'call newest' : 'call'}>
              {i > 0 ? ', ' : ''}
              {names[a.seat]} {callText(a)}
            </span>
          ))}
        </p>
      )}
      <div class="replay-hands">
        {[0, 1, 2].map((seat) => (
          <div class={`replay-hand${g.declarer === seat ? ' declarer' : ''}`}>
            <div class="label">
              {names[seat]}
              {g.declarer === seat ? ` ${t('replay.declarer')}` : ''} · {t('replay.points', { n: f.points[seat] })}
            </div>
            <div class="cards">
              {sortHand(f.hands[seat], game).map((c) => (
                <CardView card={c} small />
              ))}
            </div>
          </div>
        ))}
        <div class="replay-hand">
          <div class="label">
            {step <= g.auction.length || g.declaration?.hand ? t('replay.skat') : t('replay.skatPut')}
          </div>
          <div class="cards">
            {f.skat.map((c) => (
              <CardView card={c} small />
            ))}
          </div>
        </div>
      </div>
      <div class="replay-trick" data-testid="replay-trick">
        {f.trick.map((tc) => (
          <div class={`rt${f.winner === tc.seat ? ' winner' : ''}`}>
            <CardView card={tc.card} />
            <span class="small">{names[tc.seat]}</span>
          </div>
        ))}
      </div>
      <p class="caption" data-testid="replay-caption">
        {f.caption}
      </p>
      <div class="buttons replay-controls">
        <button onClick={() => setStep(0)} disabled={step === 0} aria-label={t('replay.toStart')}>
          {t('replay.start')}
        </button>
        <button onClick={() => setStep(Math.max(0, step - 1))} disabled={step === 0} data-testid="replay-back">
          {t('replay.back')}
        </button>
        <span class="muted" data-testid="replay-step">
          {step} / {last}
        </span>
        <button
          class="primary"
          onClick={() => setStep(Math.min(last, step + 1))}
          disabled={step === last}
          data-testid="replay-forward"
        >
          {t('replay.forward')}
        </button>
        <button onClick={() => setStep(last)} disabled={step === last} aria-label={t('replay.toEnd')}>
          {t('replay.end')}
        </button>
      </div>
      <p class="muted small">{t('replay.keys')}</p>
      {playable && !analysis && (
        <p>
          <button onClick={analyse} disabled={analysing} data-testid="analyse">
            {analysing ? t('analysis.loading') : t('analysis.title')}
          </button>
          {analysisError && <span class="warn-text"> {analysisError}</span>}
        </p>
      )}
      {analysis && (
        <AnalysisPanel a={analysis} g={g} names={names} step={step} onGo={(s) => setStep(Math.min(last, s))} />
      )}
      {step === last && (
        <div class={`result-box ${g.result.folded ? 'folded' : g.result.won ? 'won' : 'lost'}`}>
          <h3>{ex.headline}</h3>
          <ul>
            {ex.lines.map((l) => (
              <li>{l}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

export function SeriesView({ id, game }: { id: number; game: number | null }) {
  const [info, setInfo] = useState<SeriesItem | null>(null);
  const [data, setData] = useState<SeriesGames | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setData(null);
    setError(null);
    api
      .oneSeries(id)
      .then(setInfo)
      .catch(() => setInfo(null));
    api
      .seriesGames(id)
      .then(setData)
      .catch((e) => setError(t('error.load', { message: String(e.message ?? e) })));
  }, [id]);
  const names = useMemo(() => (data ? data.seats.map((s) => s.name) : ['', '', '']), [data]);
  const labels = useMemo(() => {
    const l: Record<number, string> = {};
    data?.games.forEach(
      (g, i) =>
        (l[i] = g.folded ? t('series.folded') : `${playedBy(g, names)[g.declarer!]} ${declarationText(g.declaration)}`),
    );
    return l;
  }, [data, names, lang()]);
  const open = game !== null && data ? (data.games.find((g) => g.index === game) ?? null) : null;
  return (
    <section class="page series-one">
      <p>
        <a href="#/series">{t('series.all')}</a>
      </p>
      <h2>{t('series.title', { id })}</h2>
      {info && (
        <p class="muted">
          {t('series.info', {
            event: eventName(info.event),
            date: formatDateTime(info.started_at),
            played: info.games_played,
            deals: info.deals,
            status: tOr(`status.${info.status}`, info.status),
          })}
        </p>
      )}
      <p class="downloads">
        {t('series.download')}{' '}
        <a href={`/api/series/${id}.pgn`} download={`series-${id}.pgn`} data-testid="download-pgn">
          PGN
        </a>{' '}
        ·{' '}
        <a href={`/api/series/${id}.sgf`} download={`series-${id}.sgf`} data-testid="download-sgf">
          ISS SGF
        </a>
      </p>
      {error && <p class="warn-text">{error}</p>}
      {!data && !error && <p class="status">{t('common.loading')}</p>}
      {open && (
        <Replay
          key={open.index}
          series={id}
          g={open}
          names={names}
          onClose={() => (location.hash = `#/series/${id}`)}
        />
      )}
      {data && (
        <div class="scroll-x">
          <table class="data" data-testid="series-games">
            <thead>
              <tr>
                <th>#</th>
                <th class="left">{t('series.col.declarer')}</th>
                <th class="left">{t('series.col.game')}</th>
                <th class="left">{t('series.col.result')}</th>
                <th>{t('series.col.value')}</th>
                {names.map((n) => (
                  <th>{n}</th>
                ))}
                <th />
              </tr>
            </thead>
            <tbody>
              {data.games.map((g) => {
                const r = g.result;
                return (
                  <tr class={game === g.index ? 'current' : ''}>
                    <td>{g.index + 1}</td>
                    <td class="left">{g.declarer === null ? '—' : playedBy(g, names)[g.declarer]}</td>
                    <td class="left">{g.folded ? t('series.folded') : declarationText(g.declaration)}</td>
                    <td class="left">
                      {r.folded
                        ? ''
                        : `${r.won ? t('series.won') : t('series.lost')}${r.overbid ? ` (${t('series.overbid')})` : ''}, ${t('series.points', { n: r.declarer_points ?? 0 })}`}
                    </td>
                    <td class="num">{r.folded ? '' : r.list_entry}</td>
                    {g.points.map((p) => (
                      <td class="num">{p || ''}</td>
                    ))}
                    <td>
                      <a href={`#/series/${id}/${g.index}`} data-testid={`replay-${g.index}`}>
                        {t('series.replay')}
                      </a>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <SeriesTable
          names={names}
          list={data.games.map((g) => g.points)}
          substitutes={data.games.map((g) => g.substitutes ?? [false, false, false])}
          substituteNames={data.games.map((g) =>
            [0, 1, 2].map((i) => (g.substitutes?.[i] ? (g.players?.[i]?.name ?? null) : null)),
          )}
          deals={info?.deals ?? data.games.length}
          labels={labels}
        />
      )}
    </section>
  );
}
