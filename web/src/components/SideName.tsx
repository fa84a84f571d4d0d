// A tournament side as people know it: a house program by the level it plays (a badge) and its kind
// in words ("strongest · complete bot"), a player's bot by its name with its owner; the program it
// runs only on hover (docs/bots.md, "Levels").
import type { PlayerRef } from '../lib/api';
import { programLabel, specLevel } from '../lib/bots';
import { t } from '../lib/i18n';
import { sideLabel } from '../lib/tournament';
import { LevelBadge } from './LevelBadge';

export function SideName({ spec, owner = null }: { spec: string; owner?: PlayerRef | null }) {
  const title = t('player.program', { name: spec });
  const level = specLevel(spec);
  return (
    <span class="side-name" title={title} data-testid="side-name">
      {level ? (
        <>
          <LevelBadge level={level} title={title} /> {programLabel(spec)}
        </>
      ) : (
        sideLabel(spec, owner)
      )}
    </span>
  );
}
