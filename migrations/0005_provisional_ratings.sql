-- 0005_provisional_ratings: the Elo moves right after each finished series (docs/ratings.md §6),
-- on top of the newest leaderboard snapshot: one row per player of such a series, with the
-- player's figures after it (the uncertainty is carried over from the rating it started from).
-- The rows are provisional: a new snapshot of the nightly job, which recomputes everything from
-- scratch, deletes the rows of every series it rated.
CREATE TABLE provisional_ratings (
  series_id    INTEGER NOT NULL REFERENCES series (id) ON DELETE CASCADE,
  player_id    INTEGER NOT NULL REFERENCES players (id),
  finished_at  INTEGER NOT NULL,
  rating       REAL    NOT NULL,
  uncertainty  REAL    NOT NULL CHECK (uncertainty >= 0),
  series       INTEGER NOT NULL CHECK (series > 0),
  deals        INTEGER NOT NULL CHECK (deals >= 0),
  sf_score     INTEGER NOT NULL,
  elo_score    REAL    NOT NULL,
  won          INTEGER NOT NULL CHECK (won >= 0),
  lost         INTEGER NOT NULL CHECK (lost >= 0),
  PRIMARY KEY (series_id, player_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX provisional_ratings_player ON provisional_ratings (player_id, finished_at, series_id);
