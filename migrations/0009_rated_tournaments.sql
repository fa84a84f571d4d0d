-- 0009_rated_tournaments: which tournaments count for the ratings, why a tournament ended early,
-- and the programs players upload for the server to run.
-- `rated` (0/1): a tournament whose every side is played by a program the server runs itself (a
-- house bot, or a player's uploaded program in the sandbox, a fresh process per seat and game) is
-- rated; one where a player's bot plays through its own connections is a friendly match: its
-- series count in no leaderboard, Seeger-Fabian total or Elo rating, because such a bot sees the
-- duplicate deals at several tables and may remember them (docs/bots.md, "What is rated").
-- Tournaments of players' bots from before this migration were all played that way: unrated.
ALTER TABLE tournaments ADD COLUMN rated INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1));
UPDATE tournaments SET rated = 0 WHERE sealed = 1;
-- Why a tournament ended before its last deal (NULL: it did not, or it ended before this
-- migration); `cancelled` (0/1) marks one its starter or the operator cancelled (status 'aborted').
ALTER TABLE tournaments ADD COLUMN end_reason TEXT CHECK (end_reason IS NULL OR length(end_reason) BETWEEN 1 AND 512);
ALTER TABLE tournaments ADD COLUMN cancelled INTEGER NOT NULL DEFAULT 0 CHECK (cancelled IN (0, 1));
-- A player's bot's uploaded program: its language (one the server offers, e.g. 'python3') and its
-- source text (at most 256 KiB), run by the server in a sandbox for rated tournaments.
ALTER TABLE bot_accounts ADD COLUMN program_language TEXT
  CHECK (program_language IS NULL OR length(program_language) BETWEEN 1 AND 32);
ALTER TABLE bot_accounts ADD COLUMN program_source TEXT
  CHECK (program_source IS NULL OR length(program_source) BETWEEN 1 AND 262144);
ALTER TABLE bot_accounts ADD COLUMN program_updated_at INTEGER;
