-- 0006_nodes: several server nodes on one database (docs/scaling.md). Every table belongs to the
-- node that opened it (`skat serve --node NAME`; '' is the single node of a one-machine set-up),
-- so that a node restarting after a crash resumes only its own series and aborts only its own
-- tournaments, and a node can take over the running series of one that died. `nodes` holds each
-- node's last sign of life (written at start and then every few seconds by its writer).
ALTER TABLE tables ADD COLUMN node TEXT NOT NULL DEFAULT '' CHECK (length(node) <= 32);
CREATE INDEX tables_node ON tables (node, id);

CREATE TABLE nodes (
  name          TEXT    PRIMARY KEY CHECK (length(name) <= 32),
  started_at    INTEGER NOT NULL,
  heartbeat_at  INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
