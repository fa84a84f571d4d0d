-- 0006_nodes: several server nodes on one database (docs/scaling.md). Every table belongs to the
-- node that opened it (`skat serve --node NAME`; '' is the single node of a one-machine set-up),
-- so that a node restarting after a crash resumes only its own series and aborts only its own
-- tournaments, and a node can take over the running series of one that died. `nodes` holds each
-- node's last sign of life (written at start and then every few seconds) and the tables of its
-- lobby as it last published them (the JSON array of the lobby message's "tables"), which every
-- other node shows beside its own.
ALTER TABLE tables ADD COLUMN node TEXT NOT NULL DEFAULT '' CHECK (length(node) <= 32);
CREATE INDEX tables_node ON tables (node, id);

-- The nightly job's watermark per writer: each node's single writer commits its games in id order,
-- but two nodes drawing ids from one PostgreSQL sequence do not commit in id order among them, so
-- one watermark for all could pass over a game that commits late. `games.node` is the node that
-- wrote the game ('' for one node, imports and tools); `table_versions.watermarks` holds the last
-- folded id per node as "node=id" items joined by "," (the node names are a-z 0-9 - _).
ALTER TABLE games ADD COLUMN node TEXT NOT NULL DEFAULT '' CHECK (length(node) <= 32);
CREATE INDEX games_node ON games (node, id);
ALTER TABLE table_versions ADD COLUMN watermarks TEXT NOT NULL DEFAULT '';

CREATE TABLE nodes (
  name          TEXT    PRIMARY KEY CHECK (length(name) <= 32),
  started_at    INTEGER NOT NULL,
  heartbeat_at  INTEGER NOT NULL,
  lobby         TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(lobby))
) STRICT, WITHOUT ROWID;
