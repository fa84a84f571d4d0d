-- 0003_nightly: what the nightly job writes (docs/learning.md §3, docs/ratings.md §5): the
-- winning-table versions it folded, each with the watermark of the games in it, and rating
-- snapshots (the Elo of every player over all finished series, with each player's rating history).

-- A table version written by the nightly job (version 0 is the shipped T0 and has no row). The
-- row is inserted in the same transaction that moves the watermark: the games with id ≤ watermark
-- are in this version's counts (folded or excluded), and no game is ever folded twice.
CREATE TABLE table_versions (
  version       INTEGER PRIMARY KEY CHECK (version >= 1),
  created_at    INTEGER NOT NULL,
  file          TEXT    NOT NULL,
  base          TEXT    NOT NULL,
  watermark     INTEGER NOT NULL CHECK (watermark >= 0),
  games_new     INTEGER NOT NULL CHECK (games_new >= 0),
  games_folded  INTEGER NOT NULL CHECK (games_folded >= 0),
  stats         TEXT    NOT NULL CHECK (json_valid(stats))
) STRICT;

-- A leaderboard snapshot: the ratings over every finished series up to `last_series`, recomputed
-- from scratch with `options` (K, start, corrections) and, for hand luck, the tables of
-- `table_version`. The leaderboard shows the newest; a run that would compute the same writes none.
CREATE TABLE rating_snapshots (
  id             INTEGER PRIMARY KEY,
  created_at     INTEGER NOT NULL,
  series_count   INTEGER NOT NULL CHECK (series_count >= 0),
  last_series    INTEGER NOT NULL CHECK (last_series >= 0),
  table_version  INTEGER NOT NULL CHECK (table_version >= 0),
  options        TEXT    NOT NULL CHECK (json_valid(options))
) STRICT;

-- Per player in a snapshot: the rating with its uncertainty, series and deals played, the
-- Seeger-Fabian total (plain, and as the Elo used it: corrected when an option is on) and the
-- declarer games won and lost.
CREATE TABLE ratings (
  snapshot_id  INTEGER NOT NULL REFERENCES rating_snapshots (id) ON DELETE CASCADE,
  player_id    INTEGER NOT NULL REFERENCES players (id),
  rating       REAL    NOT NULL,
  uncertainty  REAL    NOT NULL CHECK (uncertainty >= 0),
  series       INTEGER NOT NULL CHECK (series > 0),
  deals        INTEGER NOT NULL CHECK (deals >= 0),
  sf_score     INTEGER NOT NULL,
  elo_score    REAL    NOT NULL,
  won          INTEGER NOT NULL CHECK (won >= 0),
  lost         INTEGER NOT NULL CHECK (lost >= 0),
  PRIMARY KEY (snapshot_id, player_id)
) STRICT, WITHOUT ROWID;

-- Per player in a snapshot: the rating after each of the player's series, in the order applied.
CREATE TABLE rating_history (
  snapshot_id  INTEGER NOT NULL REFERENCES rating_snapshots (id) ON DELETE CASCADE,
  player_id    INTEGER NOT NULL REFERENCES players (id),
  series_id    INTEGER NOT NULL REFERENCES series (id),
  finished_at  INTEGER NOT NULL,
  rating       REAL    NOT NULL,
  PRIMARY KEY (snapshot_id, player_id, series_id)
) STRICT, WITHOUT ROWID;
