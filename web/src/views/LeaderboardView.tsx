// The leaderboard: people, bots or all by Elo or SF / 36, a bot by its name with its kind in words,
// its level and its owner (its program only on hover), numbers in the page's language, and what the
// marks beside a rating mean.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type Leaderboard, type LeaderRow, type PlayerRef } from '../lib/api';
import { LadderPanel } from '../components/LadderPanel';
import { LevelBadge } from '../components/LevelBadge';
import { programLabel } from '../lib/bots';
import { t } from '../lib/i18n';
import { formatNumber } from '../lib/numbers';
import {
  defaultSort,
  eloFigures,
  hasPer36,
  kText,
  MIN_SERIES_FOR_SPREAD,
  MIN_DEALS_PER_36,
  perGame,
  ratingParts,
  snapshotNote,
  sortRows,
} from '../lib/leaderboard';
import { leaderboardHref, type LeaderKind, type LeaderSort } from '../lib/route';
import { EmptyRow } from '../components/EmptyRow';

const KINDS = ['humans', 'bots', 'all'] as const;

// "by anna" after a player's bot, linking to the owner's page.
export function BotOwner({ owner }: { owner: PlayerRef }) {
  return (
    <span class="muted small owner" title={t('leader.byTitle')} data-testid="bot-owner">
      {' '}
      {t('leader.by')} <a href={`#/players/${owner.id}`}>{owner.name}</a>
    </span>
  );
}
const SORTS = ['elo', 'sf'] as const;

// The rounded rating, a P while provisional and the smaller "± u"; "—" before the player is rated.
function EloCell({ row, provisionalBelow, strong }: { row: LeaderRow; provisionalBelow: number; strong: boolean }) {
  const rating = ratingParts(row);
  return (
    <td class={`num${strong ? ' strong' : ''}`}>
      {rating ? rating.value : '—'}
      {rating && row.live && (
        <sup class="live-mark" title={t('leader.live')} data-testid="live-mark">
          {t('leader.liveMark')}
        </sup>
      )}
      {rating && row.provisional && (
        <sup class="muted weak" title={t('leader.provisional', { n: provisionalBelow })}>
          {t('leader.provisionalMark')}
        </sup>
      )}
      {rating?.spread && <span class="muted small weak"> {rating.spread}</span>}
    </td>
  );
}

// What the marks beside a rating mean and how the Elo works at a table of three, in visible text
// (a phone shows no tooltips); docs/ratings.md §2, §4, §7.
function RatingLegend({ board }: { board: Leaderboard }) {
  const { k, start } = eloFigures(board.snapshot);
  return (
    <div class="rating-legend muted small" data-testid="rating-legend">
      <ul>
        <li>
          <b>{t('leader.provisionalMark')}</b> = {t('leader.provisional', { n: board.provisional_below })}
        </li>
        <li>
          <b>{t('leader.liveMark')}</b> = {t('leader.liveLegend')}
        </li>
        <li>
          <b>±</b> = {t('leader.spread', { n: MIN_SERIES_FOR_SPREAD })}
        </li>
      </ul>
      <p data-testid="elo-explained">
        <b>{t('leader.eloTitle')}</b> {t('leader.eloHow', { k: kText(k), start: formatNumber(start) })}
      </p>
    </div>
  );
}

export function LeaderboardView({ kind, sort }: { kind: LeaderKind; sort: LeaderSort | null }) {
  const [board, setBoard] = useState<Leaderboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setBoard(null);
    setError(null);
    api
      .leaderboard(kind)
      .then(setBoard)
      .catch((e) => setError(t('error.load', { message: String(e.message ?? e) })));
  }, [kind]);
  const order = sort ?? defaultSort(board?.snapshot ?? null, board?.players);
  const rows = board ? sortRows(board.players, order) : [];
  // on a narrow screen the table scrolls sideways: say so while columns are out of view
  const scroller = useRef<HTMLDivElement>(null);
  const [wide, setWide] = useState(false);
  const measure = () => {
    const el = scroller.current;
    setWide(!!el && el.scrollWidth > el.clientWidth + 1);
  };
  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [board, order]);
  return (
    <section class="page leaderboard">
      <h2>{t('leader.title')}</h2>
      <div class="filters" role="tablist" aria-label={t('leader.players')}>
        {KINDS.map((k) => (
          <a
            role="tab"
            aria-selected={k === kind}
            class={`tab${k === kind ? ' active' : ''}`}
            href={leaderboardHref(k, sort)}
          >
            {t(`leader.kind.${k}`)}
          </a>
        ))}
      </div>
      <p class="muted small">
        {t('leader.intro')} {board && snapshotNote(board.snapshot, board.players)}
      </p>
      {error && <p class="warn-text">{error}</p>}
      {!board && !error && <p class="status">{t('common.loading')}</p>}
      {board && (
        <div class="filters" role="tablist" aria-label={t('leader.order')}>
          {SORTS.map((s) => (
            <a
              role="tab"
              aria-selected={s === order}
              class={`tab${s === order ? ' active' : ''}`}
              href={leaderboardHref(kind, s)}
            >
              {t(`leader.sort.${s}`)}
            </a>
          ))}
        </div>
      )}
      {board && wide && (
        <p class="scroll-hint muted small" data-testid="scroll-hint">
          {t('leader.scrollHint')}
        </p>
      )}
      {board && (
        <div class={`scroll-x${wide ? ' scroll-shadow' : ''}`} ref={scroller} onScroll={measure}>
          <table class="data" data-testid="leaderboard">
            <thead>
              <tr>
                <th>#</th>
                <th class="left">{t('leader.col.player')}</th>
                <th title={t('leader.col.eloTitle')}>Elo</th>
                <th title={t('leader.col.sfTitle', { n: MIN_DEALS_PER_36 })}>SF / 36</th>
                <th title={t('leader.col.perGameTitle')}>{t('leader.col.perGame')}</th>
                <th>{t('leader.col.series')}</th>
                <th>{t('leader.col.deals')}</th>
                <th>{t('leader.col.declared')}</th>
                <th>{t('leader.col.won')}</th>
                <th>{t('leader.col.lost')}</th>
                <th>{t('leader.col.total')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr>
                  <td>{i + 1}</td>
                  <td class="left">
                    <a href={`#/players/${r.player_id}`}>{r.name}</a>
                    {r.kind === 'bot' && (
                      <span class="badge" title={r.bot_kind ? t('player.program', { name: r.bot_kind }) : undefined}>
                        {r.bot_kind ? programLabel(r.bot_kind) : t('kind.bot')}
                      </span>
                    )}
                    <LevelBadge level={r.level} />
                    {r.owner && <BotOwner owner={r.owner} />}
                  </td>
                  <EloCell row={r} provisionalBelow={board.provisional_below} strong={order === 'elo'} />
                  <td
                    class={`num${order === 'sf' ? ' strong' : ''}`}
                    title={hasPer36(r) ? undefined : t('leader.fewDeals', { n: MIN_DEALS_PER_36 })}
                  >
                    {hasPer36(r) ? formatNumber(r.score_per_36) : '—'}
                  </td>
                  <td class="num">{perGame(r)}</td>
                  <td class="num">{formatNumber(r.series)}</td>
                  <td class="num">{formatNumber(r.deals)}</td>
                  <td class="num">{formatNumber(r.declared)}</td>
                  <td class="num">{formatNumber(r.won)}</td>
                  <td class="num">{formatNumber(r.lost)}</td>
                  <td class="num">{formatNumber(r.score)}</td>
                </tr>
              ))}
              {rows.length === 0 && <EmptyRow columns={11}>{t('leader.empty')}</EmptyRow>}
            </tbody>
          </table>
        </div>
      )}
      {board && <RatingLegend board={board} />}
      {kind !== 'humans' && <LadderPanel />}
    </section>
  );
}
