// @vitest-environment jsdom
// The card design: the stored choice and the old four-colour switch it replaces, the root's classes,
// the German-suited deck's names and letters (Eichel-Unter, Grün-Ass; U, O) in both languages, and
// its cards and suit marks as drawn.
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { CardView } from '../src/components/Card';
import { RulesView } from '../src/views/RulesView';
import { cardLabel, cardName, deck, gameName, rankLabel, suitName } from '../src/lib/cards';
import { declarationText } from '../src/lib/explain';
import { setLang } from '../src/lib/i18n';
import { applyDeck, deckChoice, setDeckChoice, storedDeck } from '../src/lib/prefs';

afterEach(() => {
  applyDeck('french');
  setLang('en');
  localStorage.clear();
  document.body.innerHTML = '';
});

function mount(node: preact.ComponentChild) {
  const root = document.createElement('div');
  document.body.appendChild(root);
  act(() => render(node, root));
  return root;
}

describe('the deck preference', () => {
  it('takes the stored choice', () => {
    expect(storedDeck('german', null)).toBe('german');
    expect(storedDeck('four', null)).toBe('four');
    expect(storedDeck('french', '1')).toBe('french'); // the choice wins over the old switch
  });
  it('else keeps the old four-colour switch: on is the four-colour deck, off the French one', () => {
    expect(storedDeck(null, '1')).toBe('four');
    expect(storedDeck(null, '0')).toBe('french');
    expect(storedDeck(null, null)).toBe('french');
    expect(storedDeck('purple', '1')).toBe('four'); // an unknown choice counts as none
    expect(storedDeck('purple', null)).toBe('french');
  });
  it('migrates what a player had stored before the choice', () => {
    localStorage.setItem('skat.fourColour', '1');
    expect(deckChoice()).toBe('four');
    localStorage.setItem('skat.fourColour', '0');
    expect(deckChoice()).toBe('french');
  });
  it('remembers a choice, drops the old switch, and marks the page', () => {
    localStorage.setItem('skat.fourColour', '1');
    setDeckChoice('german');
    expect(localStorage.getItem('skat.deck')).toBe('german');
    expect(localStorage.getItem('skat.fourColour')).toBeNull();
    expect(deckChoice()).toBe('german');
    expect(deck()).toBe('german');
    const root = document.documentElement.classList;
    expect(root.contains('german-deck')).toBe(true);
    expect(root.contains('four-colour')).toBe(false);
    setDeckChoice('four');
    expect(deckChoice()).toBe('four');
    expect(root.contains('german-deck')).toBe(false);
    expect(root.contains('four-colour')).toBe(true);
    setDeckChoice('french');
    expect(root.contains('german-deck') || root.contains('four-colour')).toBe(false);
  });
});

describe('the German-suited deck', () => {
  it('names the cards on a German page: Eichel-Unter, Grün-Ass, Herz-Ober, Schellen-Zehn', () => {
    setLang('de');
    applyDeck('german');
    expect(cardName('CJ')).toBe('Eichel-Unter');
    expect(cardName('SA')).toBe('Grün-Ass');
    expect(cardName('HQ')).toBe('Herz-Ober');
    expect(cardName('DT')).toBe('Schellen-Zehn');
    expect(cardName('CK')).toBe('Eichel-König');
    expect(['C', 'S', 'H', 'D'].map((s) => suitName(s as 'C'))).toEqual(['Eichel', 'Grün', 'Herz', 'Schellen']);
  });
  it('names them on an English page: Unter of Acorns, Ace of Leaves', () => {
    applyDeck('german');
    expect(cardName('CJ')).toBe('Unter of Acorns');
    expect(cardName('SA')).toBe('Ace of Leaves');
    expect(cardName('HQ')).toBe('Ober of Hearts');
    expect(cardName('D7')).toBe('Seven of Bells');
  });
  it('reads A 10 K O U 9 8 7 in either language', () => {
    const letters = () => ['A', 'T', 'K', 'Q', 'J', '9', '8', '7'].map(rankLabel);
    applyDeck('german');
    expect(letters()).toEqual(['A', '10', 'K', 'O', 'U', '9', '8', '7']);
    setLang('de');
    expect(letters()).toEqual(['A', '10', 'K', 'O', 'U', '9', '8', '7']);
  });
  it('writes cards and games in lines of text with the German suits', () => {
    setLang('de');
    applyDeck('german');
    expect(cardLabel('CJ')).toBe('Eichel-U');
    expect(cardLabel('DT')).toBe('Schellen-10');
    expect(gameName('S')).toBe('Grün');
    expect(gameName('G')).toBe('Grand');
    expect(declarationText({ game: 'D', hand: true, schneider: false, schwarz: false, ouvert: false })).toContain(
      'Schellen',
    );
  });
  it('leaves the French decks as they were', () => {
    setLang('de');
    for (const d of ['french', 'four'] as const) {
      applyDeck(d);
      expect(cardName('CJ')).toBe('Kreuz-Bube');
      expect(cardLabel('SQ')).toBe('♠D');
      expect(gameName('D')).toBe('Karo');
    }
    setLang('en');
    expect(cardName('SA')).toBe('Ace of Spades');
    expect(rankLabel('J')).toBe('J');
  });
});

describe('the cards as drawn', () => {
  it('a German-suited card: the letter and a drawn suit in the corners and the middle, named in German', () => {
    setLang('de');
    applyDeck('german');
    const root = mount(
      <>
        <CardView card="CJ" />
        <CardView card="SA" onClick={() => {}} testId="hand-card" />
      </>,
    );
    const [unter, ass] = [...root.querySelectorAll('.card')];
    expect(unter.getAttribute('aria-label')).toBe('Eichel-Unter');
    expect(unter.classList.contains('german')).toBe(true);
    expect([...unter.querySelectorAll('.rank')].map((e) => e.textContent)).toEqual(['U', 'U']);
    expect(unter.querySelector('.center .jack')?.textContent).toBe('U');
    expect(unter.querySelectorAll('.pip svg.german-C').length).toBe(2);
    expect(unter.textContent).not.toMatch(/[♣♠♥♦]/);
    expect(ass.getAttribute('aria-label')).toBe('Grün-Ass');
    expect(ass.querySelectorAll('svg.german-S').length).toBe(3); // two corners and the middle
  });
  it('a French card keeps its symbols', () => {
    setLang('de');
    applyDeck('four');
    const card = mount(<CardView card="SQ" />).querySelector('.card')!;
    expect(card.getAttribute('aria-label')).toBe('Pik-Dame');
    expect(card.querySelector('svg')).toBeNull();
    expect(card.querySelector('.corner')?.textContent).toBe('D♠');
  });
  it("the rules' base values name the German suits beside their pictures", () => {
    setLang('de');
    applyDeck('german');
    const root = mount(<RulesView />);
    const rows = [...root.querySelectorAll('[data-testid="base-values"] tbody tr')];
    expect(rows.map((tr) => tr.textContent)).toEqual([' Schellen9', ' Herz10', ' Grün11', ' Eichel12', 'Grand24']);
    expect(rows.slice(0, 4).map((tr) => tr.querySelector('svg')?.getAttribute('class'))).toEqual([
      'suit-icon german-D',
      'suit-icon german-H',
      'suit-icon german-S',
      'suit-icon german-C',
    ]);
  });
});
