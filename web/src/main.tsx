import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import './style.css';
import { applyFourColour, fourColour, pace, setFourColour } from './lib/prefs';
import { Session, type SessionSnapshot } from './lib/session';
import { parseRoute, type Route } from './lib/route';
import { PlayView } from './views/PlayView';
import { LeaderboardView } from './views/LeaderboardView';
import { PlayerView } from './views/PlayerView';
import { SeriesListView } from './views/SeriesListView';
import { SeriesView } from './views/SeriesView';
import { TournamentListView } from './views/TournamentListView';
import { TournamentView } from './views/TournamentView';

const wsUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
const session = new Session(wsUrl, localStorage, undefined, { pace, visible: () => !document.hidden });
// a page out of view shows the table as it is (its timers are slowed down by the browser)
document.addEventListener('visibilitychange', () => document.hidden && session.showAll());
(window as any).skatSession = session; // for the end-to-end tests (drop the connection)
session.start();
applyFourColour(fourColour());

function useRoute(): Route {
  const [route, setRoute] = useState(parseRoute(location.hash));
  useEffect(() => {
    const on = () => setRoute(parseRoute(location.hash));
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return route;
}

function App() {
  const route = useRoute();
  const [snap, setSnap] = useState<SessionSnapshot>(session.snap);
  const [four, setFour] = useState(fourColour());
  useEffect(() => session.subscribe(setSnap), []);
  useEffect(() => {
    if (snap.error) {
      const t = setTimeout(() => session.clearError(), 6000);
      return () => clearTimeout(t);
    }
  }, [snap.error]);
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
        <nav>
          {nav('#/play', 'Play', route.name === 'play')}
          {nav('#/leaderboard', 'Leaderboard', route.name === 'leaderboard' || route.name === 'player')}
          {nav('#/series', 'Series', route.name === 'series' || route.name === 'seriesOne')}
          {nav('#/tournaments', 'Tournaments', route.name === 'tournaments' || route.name === 'tournament')}
        </nav>
        <span class="top-right">
          <label class="toggle">
            <input
              type="checkbox"
              checked={four}
              onChange={(e) => {
                const on = (e.target as HTMLInputElement).checked;
                setFour(on);
                setFourColour(on);
              }}
              data-testid="four-colour"
            />{' '}
            four-colour deck
          </label>
          {snap.player && (
            <span class="who">
              {snap.player.name}{' '}
              {!snap.table && (
                <button class="link" onClick={() => session.logout()}>
                  (change)
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
        {route.name === 'leaderboard' && <LeaderboardView kind={route.kind} sort={route.sort} />}
        {route.name === 'player' && <PlayerView id={route.id} />}
        {route.name === 'series' && <SeriesListView query={route.query} />}
        {route.name === 'seriesOne' && <SeriesView id={route.id} game={route.game} />}
        {route.name === 'tournaments' && <TournamentListView />}
        {route.name === 'tournament' && <TournamentView id={route.id} />}
      </main>
    </>
  );
}

render(<App />, document.getElementById('app')!);
