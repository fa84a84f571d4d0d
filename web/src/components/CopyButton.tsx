// A small "copy" button that puts a text on the clipboard and says "copied"; absent where the
// browser gives the page no clipboard.
import { useState } from 'preact/hooks';
import { t } from '../lib/i18n';

export function CopyButton({ text, testid }: { text: string; testid?: string }) {
  const [copied, setCopied] = useState(false);
  if (typeof navigator === 'undefined' || !navigator.clipboard) return null;
  return (
    <button
      type="button"
      class="link"
      onClick={() =>
        navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
      data-testid={testid}
    >
      {copied ? t('common.copied') : t('common.copy')}
    </button>
  );
}
