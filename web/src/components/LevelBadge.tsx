// The strength level a house bot plays (beginner, club, strongest), as a badge; nothing without one.
// `title` replaces the badge's own ("plays at the level …"), e.g. with the program it runs.
import { levelLabel } from '../lib/bots';
import { t } from '../lib/i18n';

export function LevelBadge({ level, title }: { level: string | undefined | null; title?: string }) {
  if (!level) return null;
  return (
    <span class="badge level" data-testid="bot-level" title={title ?? t('level.title', { level: levelLabel(level) })}>
      {levelLabel(level)}
    </span>
  );
}
