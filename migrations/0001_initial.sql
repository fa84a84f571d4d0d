-- 0001_initial: players and their credentials, tables, series with their seats, finished games.
-- Conventions: times are INTEGER milliseconds since the Unix epoch (UTC); booleans are 0/1;
-- seats are 0..2 (Seat1..Seat3 of the series PGN); tables are STRICT so a wrong type is an error.
-- Applied inside one transaction by db/migrations.cpp, which then sets the schema version to 1.
-- The same files build a PostgreSQL schema (db/dialect.h translates the types and table options).

-- postgresql only: the two things SQLite has built in that the schema uses. json_valid() for the
-- CHECKs on JSON columns, and NOCASE as an ICU collation that ignores case (level 2: base letters
-- and accents count, case does not).
CREATE FUNCTION json_valid(document TEXT) RETURNS BOOLEAN LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  PERFORM document::json;
  RETURN true;
EXCEPTION WHEN others THEN
  RETURN false;
END
$$;
CREATE COLLATION nocase (provider = icu, locale = 'und-u-ks-level2', deterministic = false);
-- end

-- Everyone who sits at a table. Names are unique without regard to case, so that "Bob" cannot
-- pose as "bob"; a series PGN refers to players by name and id.
CREATE TABLE players (
  id          INTEGER PRIMARY KEY,
  name        TEXT    NOT NULL UNIQUE COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 64),
  kind        TEXT    NOT NULL CHECK (kind IN ('human', 'guest', 'bot')),
  created_at  INTEGER NOT NULL
) STRICT;
CREATE INDEX players_kind ON players (kind, id);

-- The credential of a bot player: only the BLAKE2b-256 hash of its random 256-bit token is kept
-- (db/secret_token.h). `kind` labels the program ("simple", "pimc", …) for filters and the
-- leaderboard. A revoked account keeps its row (and its player's history) but no longer logs in.
CREATE TABLE bot_accounts (
  player_id   INTEGER PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
  kind        TEXT    NOT NULL CHECK (length(kind) BETWEEN 1 AND 32),
  token_hash  BLOB    NOT NULL UNIQUE CHECK (length(token_hash) = 32),
  created_at  INTEGER NOT NULL,
  revoked_at  INTEGER
) STRICT;
CREATE INDEX bot_accounts_kind ON bot_accounts (kind, player_id);

-- Login sessions of humans and guests, so that a restart of the server does not log everybody
-- out. Keyed by the hash of the session token (the token itself is never stored).
CREATE TABLE sessions (
  token_hash  BLOB    PRIMARY KEY CHECK (length(token_hash) = 32),
  player_id   INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
CREATE INDEX sessions_player ON sessions (player_id);
CREATE INDEX sessions_expiry ON sessions (expires_at);

-- A table of the lobby; its settings (deals per series, timeouts, seat rules) as JSON, owned by
-- the server.
CREATE TABLE tables (
  id          INTEGER PRIMARY KEY,
  created_at  INTEGER NOT NULL,
  config      TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(config))
) STRICT;

-- A series of deals by three players. A running series has no PGN yet; when it is finished (or
-- aborted, e.g. closed on restart) the series PGN is written from its games and kept verbatim for
-- export. `deals` is the planned number, `games_played` the number of game lines stored at the end.
-- `import_key` identifies an imported series so that importing the same records twice is a no-op.
CREATE TABLE series (
  id            INTEGER PRIMARY KEY,
  table_id      INTEGER REFERENCES tables (id),
  event         TEXT    NOT NULL,
  started_at    INTEGER NOT NULL,
  finished_at   INTEGER,
  status        TEXT    NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'finished', 'aborted')),
  deals         INTEGER NOT NULL CHECK (deals > 0),
  games_played  INTEGER NOT NULL DEFAULT 0 CHECK (games_played >= 0),
  pgn           TEXT,
  import_key    TEXT    UNIQUE,
  CHECK ((status = 'running') = (finished_at IS NULL)),
  CHECK ((status = 'running') = (pgn IS NULL))
) STRICT;
CREATE INDEX series_status ON series (status, id);
CREATE INDEX series_table ON series (table_id, id) WHERE table_id IS NOT NULL;
CREATE INDEX series_started ON series (started_at, id);

-- The three seats of a series and each seat's Seeger-Fabian result (set when the series ends).
CREATE TABLE series_seats (
  series_id  INTEGER NOT NULL REFERENCES series (id) ON DELETE CASCADE,
  seat       INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 2),
  player_id  INTEGER NOT NULL REFERENCES players (id),
  score      INTEGER NOT NULL DEFAULT 0,
  won        INTEGER NOT NULL DEFAULT 0,
  lost       INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (series_id, seat)
) STRICT, WITHOUT ROWID;
CREATE INDEX series_seats_player ON series_seats (player_id, series_id);

-- One finished deal, committed as soon as it ends. `pgn` is the game line (docs/records.md §1), the
-- source of truth; the columns before it are derived from it for queries. `sgf` is the ISS line
-- when one is known (an imported SGF game, or written by the server from the engine game).
-- `event_log` is the complete JSON event log with millisecond timestamps, owned by the server.
CREATE TABLE games (
  id             INTEGER PRIMARY KEY,
  series_id      INTEGER NOT NULL REFERENCES series (id) ON DELETE CASCADE,
  idx            INTEGER NOT NULL CHECK (idx >= 0),
  deal_id        INTEGER NOT NULL CHECK (deal_id >= 0),
  forehand_seat  INTEGER NOT NULL CHECK (forehand_seat BETWEEN 0 AND 2),
  game           INTEGER NOT NULL CHECK (game BETWEEN -1 AND 8),
  declarer_seat  INTEGER CHECK (declarer_seat BETWEEN 0 AND 2),
  won            INTEGER NOT NULL CHECK (won IN (0, 1)),
  list_entry     INTEGER NOT NULL,
  sf1            INTEGER NOT NULL,
  sf2            INTEGER NOT NULL,
  sf3            INTEGER NOT NULL,
  timeouts1      INTEGER NOT NULL DEFAULT 0 CHECK (timeouts1 >= 0),
  timeouts2      INTEGER NOT NULL DEFAULT 0 CHECK (timeouts2 >= 0),
  timeouts3      INTEGER NOT NULL DEFAULT 0 CHECK (timeouts3 >= 0),
  replaced       INTEGER NOT NULL DEFAULT 0 CHECK (replaced BETWEEN 0 AND 7),
  notes          TEXT    NOT NULL DEFAULT '',
  pgn            TEXT    NOT NULL,
  sgf            TEXT,
  event_log      TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(event_log)),
  finished_at    INTEGER NOT NULL,
  UNIQUE (series_id, idx),
  CHECK ((game = -1) = (declarer_seat IS NULL))
) STRICT;
CREATE INDEX games_finished ON games (finished_at);
