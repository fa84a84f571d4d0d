-- 0011_game_substitutes: who played a seat of a game in place of the series' player. games.replaced
-- marks such a seat; this names the substitute bot that sat in (the last one, when several did), so
-- that each game is credited to whoever played it. A seat marked replaced without a row here was
-- played by nobody (the table made its moves) or stored before substitutes were named.
CREATE TABLE game_substitutes (
  game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  seat       INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 2),
  player_id  INTEGER NOT NULL REFERENCES players (id),
  PRIMARY KEY (game_id, seat)
) STRICT, WITHOUT ROWID;
