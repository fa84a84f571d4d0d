// The tab's title: "Skat", and while the player has a move to make a mark in front of it
// ("● Your turn · Skat"), so that a player in another tab or window sees that the table waits.
import { t } from './i18n';

export const TURN_MARK = '●';
export const BASE_TITLE = 'Skat';

export function pageTitle(myTurn: boolean): string {
  return myTurn ? `${TURN_MARK} ${t('title.turn')} · ${BASE_TITLE}` : BASE_TITLE;
}
