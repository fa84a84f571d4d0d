// The rules of Skat in brief (#/rules): the deal, the auction, skat or hand, the games with their base
// values, trumps and card points, matadors, schneider and schwarz, the game value, overbidding and
// the scoring, in the page's language. The numbers come from the client's own tables.
import { BID_VALUES } from '../lib/bidding';
import { SuitMark } from '../components/Card';
import { gameName, type GameType, type Suit } from '../lib/cards';
import { BASE_VALUE, declarationText } from '../lib/explain';
import { t } from '../lib/i18n';

// Null's fixed values (docs/rules.md §6).
const NULL_GAMES: { hand: boolean; ouvert: boolean; value: number }[] = [
  { hand: false, ouvert: false, value: 23 },
  { hand: true, ouvert: false, value: 35 },
  { hand: false, ouvert: true, value: 46 },
  { hand: true, ouvert: true, value: 59 },
];
const BASE_GAMES: GameType[] = ['D', 'H', 'S', 'C', 'G'];

type Section =
  'deal' | 'auction' | 'skat' | 'games' | 'order' | 'matadors' | 'schneider' | 'value' | 'overbid' | 'score';

function Part({ id, children }: { id: Section; children?: preact.ComponentChildren }) {
  return (
    <section class="rules-part" data-testid={`rules-${id}`}>
      <h3>{t(`rules.${id}.h`)}</h3>
      {children ?? <p>{t(`rules.${id}`)}</p>}
    </section>
  );
}

export function RulesView() {
  const gameLabel = (g: GameType) =>
    g === 'G' ? (
      gameName(g)
    ) : (
      <>
        <SuitMark suit={g as Suit} /> {gameName(g)}
      </>
    );
  return (
    <section class="page rules" data-testid="rules">
      <h2>{t('rules.title')}</h2>
      <p class="muted">{t('rules.intro')}</p>
      <Part id="deal" />
      <Part id="auction">
        <p>{t('rules.auction', { values: BID_VALUES.slice(0, 12).join(', ') })}</p>
      </Part>
      <Part id="skat" />
      <Part id="games">
        <p>{t('rules.games')}</p>
        <div class="rules-values">
          <table class="data narrow" data-testid="base-values">
            <thead>
              <tr>
                <th class="left">{t('rules.col.game')}</th>
                <th>{t('rules.col.base')}</th>
              </tr>
            </thead>
            <tbody>
              {BASE_GAMES.map((g) => (
                <tr>
                  <td class="left">{gameLabel(g)}</td>
                  <td class="num">{BASE_VALUE[g]}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table class="data narrow" data-testid="null-values">
            <thead>
              <tr>
                <th class="left">{t('rules.col.game')}</th>
                <th>{t('rules.col.value')}</th>
              </tr>
            </thead>
            <tbody>
              {NULL_GAMES.map((n) => (
                <tr>
                  <td class="left">
                    {declarationText({ game: 'N', hand: n.hand, ouvert: n.ouvert, schneider: false, schwarz: false })}
                  </td>
                  <td class="num">{n.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Part>
      <Part id="order">
        <p>{t('rules.order')}</p>
        <p>{t('rules.points')}</p>
      </Part>
      <Part id="matadors" />
      <Part id="schneider" />
      <Part id="value" />
      <Part id="overbid" />
      <Part id="score" />
    </section>
  );
}
