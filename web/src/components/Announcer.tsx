// The table's voice for screen readers and ears: the table's one live region, visually hidden, reads
// out what changes at the table as the page shows it (lib/announce.ts; the result box and banner are
// not live regions, so a result is read once); and, when the player switched sounds on, a click for
// each card and a tone when it becomes the player's turn (lib/sound.ts).
import { useEffect, useRef, useState } from 'preact/hooks';
import { tableCues } from '../lib/announce';
import { t } from '../lib/i18n';
import { playCardClick, playTurnTone } from '../lib/sound';
import type { TableState } from '../lib/tableState';

// The last lines stay in the region (new ones are added, so a screen reader reads only those).
const KEEP = 6;

export function Announcer({ table, names, myTurn }: { table: TableState; names: string[]; myTurn: boolean }) {
  const shown = useRef<TableState | null>(null);
  const nextId = useRef(0);
  const [lines, setLines] = useState<{ id: number; text: string }[]>([]);
  useEffect(() => {
    const cues = tableCues(shown.current, table, names);
    shown.current = table;
    if (!cues.length) return;
    if (cues.some((c) => c.kind === 'card')) playCardClick();
    setLines((old) => [...old, ...cues.map((c) => ({ id: nextId.current++, text: c.text }))].slice(-KEEP));
  }, [table]);
  useEffect(() => {
    if (myTurn) playTurnTone();
  }, [myTurn]);
  return (
    <div class="sr-only" aria-live="polite" aria-label={t('table.announcer')} data-testid="announcer">
      {lines.map((l) => (
        <p key={l.id}>{l.text}</p>
      ))}
    </div>
  );
}
