-- 0002_tournaments: head-to-head tournaments between two bots (docs/evaluation.md), played
-- in-process (`skat tournament --db`) or through the server with real bot clients, and the tables a
-- server tournament played on (their series are found through series.table_id).

-- One tournament: the two bots' specs, the seed of its duplicate deals, the seatings played, its
-- progress (deals completed in every seating and rotation), and the report of docs/evaluation.md as
-- JSON (tournament_report_json) with the curve of the duplicate difference as the deals accumulate.
-- `seed` holds the unsigned 64-bit seed's bit pattern.
CREATE TABLE tournaments (
  id           INTEGER PRIMARY KEY,
  mode         TEXT    NOT NULL CHECK (mode IN ('server', 'inprocess')),
  a            TEXT    NOT NULL CHECK (length(a) BETWEEN 1 AND 256),
  b            TEXT    NOT NULL CHECK (length(b) BETWEEN 1 AND 256),
  seed         INTEGER NOT NULL,
  deals        INTEGER NOT NULL CHECK (deals > 0),
  seatings     TEXT    NOT NULL CHECK (seatings IN ('2:1', '1:2', '2:1,1:2')),
  status       TEXT    NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'finished', 'aborted')),
  created_at   INTEGER NOT NULL,
  finished_at  INTEGER,
  deals_done   INTEGER NOT NULL DEFAULT 0 CHECK (deals_done >= 0),
  report       TEXT    CHECK (report IS NULL OR json_valid(report)),
  curve        TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(curve)),
  CHECK ((status = 'running') = (finished_at IS NULL))
) STRICT;
CREATE INDEX tournaments_status ON tournaments (status, id);

-- A table of a server tournament: seating (1 = A A B, 2 = A B B), the seat of the lone bot in
-- the table's first game, and the index of the tournament deal its first game plays.
CREATE TABLE tournament_tables (
  tournament_id  INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  table_id       INTEGER NOT NULL REFERENCES tables (id),
  b_seats        INTEGER NOT NULL CHECK (b_seats IN (1, 2)),
  lone_seat      INTEGER NOT NULL CHECK (lone_seat BETWEEN 0 AND 2),
  first_deal     INTEGER NOT NULL CHECK (first_deal >= 0),
  PRIMARY KEY (tournament_id, table_id)
) STRICT, WITHOUT ROWID;
