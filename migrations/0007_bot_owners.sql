-- 0007_bot_owners: bot accounts that players own, and tournaments that players start.
-- A bot account with an `owner_id` is a player's bot (its program is always "account:NAME"); one
-- without is a house bot of the operator. `challenges` says who may start a tournament against a
-- player's bot ('nobody' but its owner, or 'everyone'). `disabled_at` is set while the operator
-- keeps the account from logging in (a switch the operator turns back; revoking ends the account).
-- `program` is the last program spec a house bot announced in its hello (NULL: none yet; the
-- account's `kind` label stands in). The owner of a bot is never purged as an unused guest, so the
-- reference needs no ON DELETE action.
ALTER TABLE bot_accounts ADD COLUMN owner_id INTEGER REFERENCES players (id);
ALTER TABLE bot_accounts ADD COLUMN challenges TEXT NOT NULL DEFAULT 'nobody'
  CHECK (challenges IN ('nobody', 'everyone'));
ALTER TABLE bot_accounts ADD COLUMN disabled_at INTEGER;
ALTER TABLE bot_accounts ADD COLUMN program TEXT CHECK (program IS NULL OR length(program) BETWEEN 1 AND 256);
CREATE INDEX bot_accounts_owner ON bot_accounts (owner_id, player_id);

-- Who started a tournament (NULL: the operator or the command line), the SHA-256 of its seed's
-- decimal text (64 lower-case hex digits, published while the seed is kept secret; NULL for
-- tournaments from before this migration), and whether it is sealed (0/1: a player's bot plays, so
-- its tables cannot be watched and its series are not served until it ends). The first index serves
-- the per-player limits (deals started per day, tables at once), the second the question whether a
-- series' table belongs to a running sealed tournament, asked for every series a reader lists.
ALTER TABLE tournaments ADD COLUMN started_by INTEGER REFERENCES players (id);
ALTER TABLE tournaments ADD COLUMN seed_sha256 TEXT
  CHECK (seed_sha256 IS NULL OR (length(seed_sha256) = 64 AND ltrim(seed_sha256, '0123456789abcdef') = ''));
ALTER TABLE tournaments ADD COLUMN sealed INTEGER NOT NULL DEFAULT 0 CHECK (sealed IN (0, 1));
CREATE INDEX tournaments_started_by ON tournaments (started_by, created_at);
CREATE INDEX tournament_tables_table ON tournament_tables (table_id, tournament_id);
