-- 0010_name_skeletons: names that look alike are one name. players.name_key (0004) is now the
-- NFKC_Casefold of the name's confusable skeleton (Unicode Technical Standard #39, as ICU computes
-- it; common/confusables.h), so "hb-1", "hb‐1" (U+2010) and "һb-1" (Cyrillic shha) share one key
-- and only the first of them can be a player's name.
-- sqlite only: the keys of existing rows made again by skat_name_key(); players who now share a key
-- keep their names (records refer to them), the older keeps the key and each later one gets its key
-- with its id after a U+0001, as in 0004.
DROP INDEX players_name_key;
UPDATE players SET name_key = skat_name_key(name);
UPDATE players SET name_key = name_key || char(1) || id
  WHERE EXISTS (SELECT 1 FROM players AS older WHERE older.name_key = players.name_key AND older.id < players.id);
CREATE UNIQUE INDEX players_name_key ON players (name_key);
-- end
-- postgresql only: its schema is always built on an empty database, so no key is there to remake.
SELECT 1;
-- end
