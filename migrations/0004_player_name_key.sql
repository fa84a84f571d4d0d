-- 0004_player_name_key: player names are unique after folding, not only without regard to ASCII
-- case: "SEC-1", "ｓｅｃ－１" (full width) and "sec-1" followed by a zero-width space are all the
-- bot "sec-1" (docs/protocol.md §2). `name_key` holds the folded name (NFKC_Casefold, computed by
-- skat_name_key(), a function every SQLite connection of db/sqlite_engine.cpp registers) under a UNIQUE
-- index; new rows get it from db/players.cpp.
ALTER TABLE players ADD COLUMN name_key TEXT;
-- sqlite only: filling the key of existing rows. A PostgreSQL schema is always built from the
-- first migration on an empty database (existing games come in through `skat admin migrate-store`,
-- which copies name_key too), so it has no rows to fill here.
UPDATE players SET name_key = skat_name_key(name);
-- Players created before this migration may already share a key. They keep their names (records
-- refer to them); the older one keeps the key and each later one gets its key with its id after a
-- U+0001, which no name can hold, so the index can be built and a new name folding to that key is
-- still taken.
UPDATE players SET name_key = name_key || char(1) || id
  WHERE EXISTS (SELECT 1 FROM players AS older WHERE older.name_key = players.name_key AND older.id < players.id);
-- end
-- sqlite only
CREATE UNIQUE INDEX players_name_key ON players (name_key);
-- end
-- postgresql only: there the name is taken by the UNIQUE constraint of players.name.
CREATE UNIQUE INDEX players_folded_name ON players (name_key);
-- end
