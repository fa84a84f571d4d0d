-- 0008_game_analyses: the analysis of a stored game by the open-card solver, as the API serves it
-- (GET /api/series/{id}/games/{n}/analysis, JSON), kept with the game once made, so that no game is
-- analysed twice: not after a restart, not on another node. `version` names the analysis that made
-- the body (server/http/game_analysis_json.h); a body of another version is made again and replaces
-- the row. A game deleted takes its analysis with it.
CREATE TABLE game_analyses (
  game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
  version     INTEGER NOT NULL CHECK (version > 0),
  body        TEXT    NOT NULL CHECK (length(body) BETWEEN 2 AND 1048576),
  created_at  INTEGER NOT NULL
) STRICT;
