// The strength level a house bot plays (beginner, club, strongest), as a badge; nothing without one.
import { levelLabel } from '../lib/bots';
import { t } from '../lib/i18n';

export function LevelBadge({ level }: { level: string | undefined | null }) {
  if (!level) return null;
  return (
    <span class="badge level" data-testid="bot-level" title={t('level.title', { level: levelLabel(level) })}>
      {levelLabel(level)}
    </span>
  );
}
