// A series' event name in the page's language. The server names the series of a tournament
// "Tournament N" (server/play/tournament_director.cpp): that default is said in the page's language
// ("Turnier 8"); any other name (one a player typed, "Training", an import's) stays as it is.
import { t } from './i18n';

export function eventName(event: string): string {
  const tournament = /^Tournament (\d+)$/.exec(event);
  return tournament ? t('event.tournament', { id: tournament[1] }) : event;
}
