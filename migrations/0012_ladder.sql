-- 0012_ladder: the tournaments the server's ladder started by itself (server/play/ladder.h): short
-- rated matches among the house levels and players' uploaded bots that accept challenges, played
-- while bots are idle. `ladder` (0/1) marks them; they are otherwise the operator's tournaments.
ALTER TABLE tournaments ADD COLUMN ladder INTEGER NOT NULL DEFAULT 0 CHECK (ladder IN (0, 1));
