// The table's options behind the ⚙ button of the table's bar: a strip under the bar (it moves the
// table down rather than covering a seat) with the table's link and the pace; a click outside it,
// Escape or a choice of pace closes it.
import type { ComponentChildren, RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../lib/i18n';

export interface TableOptionsState {
  open: boolean;
  setOpen: (open: boolean) => void;
  button: RefObject<HTMLButtonElement>;
  body: RefObject<HTMLDivElement>;
}

export function useTableOptions(): TableOptionsState {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      const target = e.target as Node | null;
      if (target && (button.current?.contains(target) || body.current?.contains(target))) return;
      setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside, true);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  return { open, setOpen, button, body };
}

export function TableOptionsButton({ options }: { options: TableOptionsState }) {
  return (
    <button
      ref={options.button}
      class="table-options"
      aria-expanded={options.open}
      aria-controls="table-options-body"
      aria-label={t('table.options')}
      title={t('table.options')}
      onClick={() => options.setOpen(!options.open)}
      data-testid="table-options"
    >
      ⚙
    </button>
  );
}

export function TableOptionsBody({ options, children }: { options: TableOptionsState; children: ComponentChildren }) {
  return (
    <div
      id="table-options-body"
      ref={options.body}
      class="table-options-body"
      role="group"
      aria-label={t('table.options')}
      hidden={!options.open}
      data-testid="table-options-body"
    >
      {children}
    </div>
  );
}
