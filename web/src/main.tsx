// The page: the header (navigation, language, sounds, the deck's design, the player; on a phone the
// row of pages scrolls, with a mark while more are to the right, and the player's name takes a line
// of its own when it does not fit beside the rest), the view of the route, the error toast, and the
// tab's title with the turn mark.
import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import './style.css';
import { applyLang, lang, LANG_NAME, LANGS, onLangChange, setLang, t, type MessageKey } from './lib/i18n';
import { applyDeck, deckChoice, pace, setDeckChoice, setSoundOn, soundOn } from './lib/prefs';
import { DECKS, isDeck, type Deck } from './lib/cards';
import { Session, type SessionSnapshot } from './lib/session';
import { parseRoute, tableAddress, type Route } from './lib/route';
import { playCardClick, unlockAudio } from './lib/sound';
import { pageTitle } from './lib/title';
import { currentAct } from './lib/turn';
import { PlayView } from './views/PlayView';
import { LeaderboardView } from './views/LeaderboardView';
import { PlayerView } from './views/PlayerView';
import { SeriesListView } from './views/SeriesListView';
import { SeriesView } from './views/SeriesView';
import { TournamentListView } from './views/TournamentListView';
import { TournamentView } from './views/TournamentView';
import { RulesView } from './views/RulesView';
import { BotsView } from './views/BotsView';
import { useOverflowX } from './components/ScrollX';

const wsUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
const session = new Session(wsUrl, localStorage, undefined, { pace, visible: () => !document.hidden });
// a page out of view shows the table as it is (its timers are slowed down by the browser), except
// that the end of a game still waits for the player's click
document.addEventListener('visibilitychange', () => document.hidden && session.catchUp());
(window as any).skatSession = session; // for the end-to-end tests (drop the connection)
session.start();
applyDeck(deckChoice());
applyLang();

function useRoute(): [Route, (hash: string) => void] {
  const [route, setRoute] = useState(parseRoute(location.hash));
  useEffect(() => {
    const on = () => setRoute(parseRoute(location.hash));
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  // replaces the address without a new entry in the history
  const replace = (hash: string) => {
    history.replaceState(history.state, '', hash);
    setRoute(parseRoute(hash));
  };
  return [route, replace];
}

// Is the screen a phone's (style.css's breakpoint)? The deck's choice names the decks shorter there.
const NARROW = '(max-width: 600px)';
function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => matchMedia(NARROW).matches);
  useEffect(() => {
    const q = matchMedia(NARROW);
    const on = () => setNarrow(q.matches);
    q.addEventListener('change', on);
    return () => q.removeEventListener('change', on);
  }, []);
  return narrow;
}

// each deck's name in the choice: in full, and on a phone
const DECK_NAME: Record<Deck, [wide: MessageKey, narrow: MessageKey]> = {
  french: ['header.deckFrench', 'header.deckFrenchShort'],
  four: ['header.fourColour', 'header.fourColourShort'],
  german: ['header.deckGerman', 'header.deckGermanShort'],
};

function App() {
  const [route, replaceRoute] = useRoute();
  const [snap, setSnap] = useState<SessionSnapshot>(session.snap);
  const [deck, setDeckShown] = useState<Deck>(deckChoice()); // every card is drawn again when it changes
  const narrow = useNarrow();
  const [sound, setSound] = useState(soundOn());
  const [lng, setLng] = useState(lang()); // every text is read again when it changes
  useEffect(() => session.subscribe(setSnap), []);
  useEffect(() => onLangChange(setLng), []);
  const myTurn = !!currentAct(snap.act, snap.table);
  useEffect(() => {
    document.title = pageTitle(myTurn);
  }, [myTurn, lng]);
  // The address bar names the table the page plays at or watches (#/table/ID, shareable), and goes
  // back to the lobby's address when the page leaves it.
  const tableId = snap.table?.table ?? null;
  const wasAt = useRef<number | null>(null);
  useEffect(() => {
    if (tableId !== null && route.name === 'play') replaceRoute(tableAddress(tableId, session.tableKey(tableId)));
    else if (tableId === null && wasAt.current !== null && route.name === 'table' && route.id === wasAt.current)
      replaceRoute('#/play');
    wasAt.current = tableId;
  }, [tableId, route]);
  useEffect(() => {
    if (snap.error) {
      const timer = setTimeout(() => session.clearError(), 6000);
      return () => clearTimeout(timer);
    }
  }, [snap.error]);
  // the row of pages scrolls sideways on a phone: the current page in view, the rest hinted at
  const [navRef, navEdges] = useOverflowX<HTMLElement>();
  useEffect(() => {
    const row = navRef.current;
    const active = row?.querySelector<HTMLElement>('a.active');
    if (!row || !active) return;
    const { offsetLeft: at, offsetWidth: width } = active; // (the row is positioned: from its start)
    if (at < row.scrollLeft || at + width > row.scrollLeft + row.clientWidth) row.scrollLeft = at - 8;
  }, [route.name]);
  const nav = (href: string, label: string, active: boolean) => (
    <a href={href} class={active ? 'active' : ''} aria-current={active ? 'page' : undefined}>
      {label}
    </a>
  );
  return (
    <>
      <header class="top">
        <a class="brand" href="#/play">
          <span aria-hidden="true">♣♠♥♦</span> Skat
        </a>
        <div
          class={`nav-frame${navEdges.left ? ' more-left' : ''}${navEdges.right ? ' more-right' : ''}`}
          data-testid="nav-frame"
        >
          <nav ref={navRef}>
            {nav('#/play', t('nav.play'), route.name === 'play' || route.name === 'table')}
            {nav('#/leaderboard', t('nav.leaderboard'), route.name === 'leaderboard' || route.name === 'player')}
            {nav('#/series', t('nav.series'), route.name === 'series' || route.name === 'seriesOne')}
            {nav('#/tournaments', t('nav.tournaments'), route.name === 'tournaments' || route.name === 'tournament')}
            {nav('#/bots', t('nav.bots'), route.name === 'bots')}
            {nav('#/rules', t('nav.rules'), route.name === 'rules')}
          </nav>
          {navEdges.right && (
            // more pages to the right (the row scrolls on a phone): a tap scrolls on to them
            <span
              class="nav-more"
              aria-hidden="true"
              title={t('header.morePages')}
              onClick={() => navRef.current?.scrollBy({ left: 120, behavior: 'smooth' })}
              data-testid="nav-more"
            >
              ›
            </span>
          )}
        </div>
        <span class="top-right">
          <span class="lang-switch" role="group" aria-label={t('header.language')}>
            {LANGS.map((l) => (
              <button
                type="button"
                class={l === lng ? 'active' : ''}
                aria-pressed={l === lng}
                aria-label={LANG_NAME[l]}
                title={LANG_NAME[l]}
                lang={l}
                onClick={() => setLang(l)}
                data-testid={`lang-${l}`}
              >
                {l.toUpperCase()}
              </button>
            ))}
          </span>
          <label class="toggle" title={t('header.soundTitle')}>
            <input
              type="checkbox"
              checked={sound}
              onChange={(e) => {
                const on = (e.target as HTMLInputElement).checked;
                setSound(on);
                setSoundOn(on);
                if (on) {
                  unlockAudio(); // a browser starts audio only after a gesture: this click
                  playCardClick();
                }
              }}
              data-testid="sound"
            />{' '}
            {t('header.sound')}
          </label>
          <select
            class="deck-choice"
            value={deck}
            onChange={(e) => {
              const d = (e.target as HTMLSelectElement).value;
              if (!isDeck(d)) return;
              setDeckChoice(d);
              setDeckShown(d);
            }}
            aria-label={t('header.deck')}
            title={t('header.deckTitle')}
            data-testid="deck"
          >
            {DECKS.map((d) => (
              <option value={d}>{t(DECK_NAME[d][narrow ? 1 : 0])}</option>
            ))}
          </select>
          {snap.player && !snap.visitor && (
            <span class="who">
              <span class="who-name" title={snap.player.name}>
                {snap.player.name}
              </span>{' '}
              {!snap.table && (
                <button class="link" onClick={() => session.logout()}>
                  {t('header.change')}
                </button>
              )}
            </span>
          )}
        </span>
      </header>
      {snap.error && (
        <div class="toast" role="alert" onClick={() => session.clearError()}>
          {snap.error}
        </div>
      )}
      <main>
        {route.name === 'play' && <PlayView session={session} snap={snap} />}
        {route.name === 'table' && <PlayView session={session} snap={snap} openTable={route.id} openKey={route.key} />}
        {route.name === 'leaderboard' && <LeaderboardView kind={route.kind} sort={route.sort} />}
        {route.name === 'player' && <PlayerView id={route.id} />}
        {route.name === 'series' && <SeriesListView query={route.query} />}
        {route.name === 'seriesOne' && <SeriesView id={route.id} game={route.game} />}
        {route.name === 'tournaments' && <TournamentListView token={session.token} />}
        {route.name === 'tournament' && (
          <TournamentView id={route.id} token={session.token} me={snap.player?.id ?? null} />
        )}
        {route.name === 'bots' && <BotsView session={session} snap={snap} />}
        {route.name === 'rules' && <RulesView />}
      </main>
    </>
  );
}

render(<App />, document.getElementById('app')!);
