// Table files: text → binary → text is exact, both forms load back equal, damaged files give an
// error message (never a crash), a folder of versions gives each new player the newest, and the
// shipped generator tables load with their million games.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "bots/bot_factory.h"
#include "bots/rng.h"
#include "bots/table_bot/contract_evaluator.h"
#include "bots/tables/table_files.h"
#include "engine/deal.h"

namespace skat::bots {
namespace {

// Tables filled from random hands of every kind.
TableSet random_tables(int games, std::uint64_t seed) {
  FastRng rng(seed);
  TableSet t;
  for (int i = 0; i < games; ++i) {
    const Deal deal = random_deal(rng);
    DeclarerContext c;
    c.declaration.type = static_cast<GameType>(uniform_below(rng, kNumGameTypes));
    c.declaration.hand = uniform_below(rng, 4) == 0;
    c.declaration.ouvert = c.declaration.type == GameType::Null && uniform_below(rng, 4) == 0;
    c.hand = deal.hands[0];
    c.skat_put = deal.skat;
    c.bid = 18 + static_cast<int>(uniform_below(rng, 40));
    c.position = static_cast<int>(uniform_below(rng, 3));
    const bool won = uniform_below(rng, 3) != 0;
    if (c.declaration.type == GameType::Null) {
      for (int s = 0; s < kNumSuits; ++s) t.table(TableKind::Null).add(null_features(c, static_cast<Suit>(s)), won);
      continue;
    }
    const bool grand = c.declaration.type == GameType::Grand;
    if (grand)
      t.table(TableKind::Grand).add(grand_features(c), won);
    else
      t.table(TableKind::Suit).add(suit_features(c), won);
    LeadContext l{c.declaration.type, deal.hands[1], deal.hands[1].first(), {}, 1, 0, false};
    t.table(grand ? TableKind::LeadGrand : TableKind::LeadSuit).add(lead_features(l), won);
  }
  t.meta() = TableMeta{7, static_cast<std::uint64_t>(games), 12345, "random hands, seed " + std::to_string(seed)};
  return t;
}

TEST(TableFiles, TextToBinaryToTextIsExact) {
  const TableSet original = random_tables(3000, 11);
  const std::string text = write_tables_text(original);
  const auto from_text = read_tables_text(text);
  ASSERT_TRUE(from_text) << from_text.error();
  EXPECT_EQ(*from_text, original);
  const std::string binary = write_tables_binary(*from_text);
  const auto from_binary = read_tables(binary);
  ASSERT_TRUE(from_binary) << from_binary.error();
  EXPECT_EQ(*from_binary, original);
  EXPECT_EQ(write_tables_text(*from_binary), text);
  EXPECT_EQ(write_tables_binary(*from_binary), binary);
  // Backgrounds are rebuilt on load.
  for (int k = 0; k < kNumTableKinds; ++k)
    EXPECT_EQ(from_binary->tables()[static_cast<std::size_t>(k)].background(),
              original.tables()[static_cast<std::size_t>(k)].background());
}

TEST(TableFiles, TextLooksLikeThePapersTablePrinter) {
  TableSet t;
  t.meta().provenance = "hand\nmade";
  t.table(TableKind::Grand).add(GrandFeatures{13, 2, 2, 3, 3, 2, 1}, true);
  t.table(TableKind::Grand).add(GrandFeatures{13, 2, 2, 3, 3, 2, 1}, false);
  t.table(TableKind::Grand).add(GrandFeatures{13, 2, 2, 3, 3, 2, 1}, true);
  t.table(TableKind::Grand).add(GrandFeatures{1, 0, 0, 7, 0, 0, 0}, false);
  const std::string text = write_tables_text(t);
  EXPECT_TRUE(
      text.starts_with("skat-tables format 1\ntable_version 0\ngames_folded 0\nwatermark 0\n"
                       "provenance hand made\ntable suit trumps:8 jacks:8 trump_tens_aces:3 side_aces:4 "
                       "side_tens:4 lost_cards:8 bid:4 skat:4 free_suits:4\nbuckets 0\n"))
      << text;
  EXPECT_NE(text.find("table grand jacks:16 aces:5 tens:5 lost_cards:8 bid:4 position:3 skat:4\nbuckets 2\n"
                      "1 0 0 7 0 0 0 0 1 0.000000\n13 2 2 3 3 2 1 2 3 0.666667\n"),
            std::string::npos)
      << text;
  EXPECT_TRUE(text.ends_with("end\n"));
}

TEST(TableFiles, DamagedFilesGiveErrors) {
  const TableSet original = random_tables(300, 3);
  const std::string binary = write_tables_binary(original);
  for (std::size_t n = 0; n < binary.size(); n += 7) EXPECT_FALSE(read_tables_binary(binary.substr(0, n)));
  for (std::size_t i = 0; i < binary.size(); i += 13) {
    std::string flipped = binary;
    flipped[i] = static_cast<char>(flipped[i] ^ 0x20);
    EXPECT_FALSE(read_tables(flipped)) << i;
  }
  EXPECT_NE(read_tables_binary(binary + "x").error().find("checksum"), std::string::npos);
  EXPECT_EQ(read_tables_binary("SKATWTAX" + binary.substr(8)).error(), "binary tables: bad magic");
  EXPECT_NE(read_tables_binary(binary.substr(0, binary.size() - 1)).error().find("checksum"), std::string::npos);

  const std::string text = write_tables_text(original);
  for (std::size_t n = 0; n + 1 < text.size(); n += 97) EXPECT_FALSE(read_tables_text(text.substr(0, n))) << n;
  const auto error_of = [&](std::string from, std::string to) {
    std::string t = text;
    const auto at = t.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    t.replace(at, from.size(), to);
    const auto r = read_tables_text(t);
    return r ? std::string("no error") : r.error();
  };
  EXPECT_NE(error_of("format 1", "format 2").find("unsupported format version 2"), std::string::npos);
  EXPECT_NE(error_of("trumps:8", "trumps:9").find("line 6: expected \"table suit"), std::string::npos);
  EXPECT_NE(error_of("end\n", "end\nmore\n").find("text after"), std::string::npos);
  EXPECT_NE(error_of("\n0 ", "\n9 ").find("out of its domain"), std::string::npos);
  EXPECT_EQ(read_tables_text("").error(), "table text line 0: unexpected end of file");
  EXPECT_FALSE(read_tables("SKATWTAB"));
  EXPECT_FALSE(read_tables("garbage"));
}

TEST(TableFiles, SaveAndLoadBothForms) {
  const TableSet original = random_tables(500, 9);
  for (auto format : {TableFileFormat::Text, TableFileFormat::Binary}) {
    const std::string path = testing::TempDir() + "skat_tables_" + std::to_string(static_cast<int>(format));
    ASSERT_TRUE(save_tables(path, original, format));
    const auto loaded = load_tables(path);
    ASSERT_TRUE(loaded) << loaded.error();
    EXPECT_EQ(*loaded, original);
    std::remove(path.c_str());
  }
  const auto missing = load_tables(testing::TempDir() + "no_such_table_file");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("cannot open"), std::string::npos);
}

TEST(TableFiles, AFolderOfVersionsGivesTheNewestToEachNewPlayer) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(testing::TempDir()) / "skat_table_versions";
  fs::remove_all(dir);
  fs::create_directories(dir);
  EXPECT_FALSE(current_tables_file(dir.string()));  // no version yet
  ASSERT_TRUE(save_tables((dir / "v000001.wtab").string(), random_tables(50, 1), TableFileFormat::Binary));
  std::ofstream((dir / "notes.txt")) << "not a table";
  EXPECT_EQ(*current_tables_file(dir.string()), (dir / "v000001.wtab").string());
  const auto spec = parse_bot_spec("full:worlds=1,tables=" + dir.string());
  ASSERT_TRUE(spec) << spec.error();
  EXPECT_NE(make_player(*spec, 1), nullptr);
  // The nightly job writes the next version: the next player made from the same spec uses it.
  TableSet newer = random_tables(80, 2);
  newer.meta().table_version = 2;
  ASSERT_TRUE(save_tables((dir / "v000002.wtab").string(), newer, TableFileFormat::Binary));
  EXPECT_EQ(*current_tables_file(dir.string()), (dir / "v000002.wtab").string());
  EXPECT_EQ((*shared_tables(*current_tables_file(dir.string())))->meta().table_version, 2U);
  EXPECT_NE(make_player(*spec, 2), nullptr);
  // A plain file is itself.
  EXPECT_EQ(*current_tables_file((dir / "v000001.wtab").string()), (dir / "v000001.wtab").string());
  fs::remove_all(dir);
}

TEST(TableFiles, TheShippedGeneratorTablesHoldAMillionGames) {
  const std::string path = std::string(SKAT_SOURCE_DIR) + "/tables/base-1m.wtab";
  const auto tables = load_tables(path);
  ASSERT_TRUE(tables) << tables.error();
  EXPECT_GE(tables->meta().games_folded, 1000000U);
  EXPECT_NE(tables->meta().provenance.find("skat tables generate"), std::string::npos);
  // A full bot takes them (they are its default), and they bid a strong hand and pass a weak one.
  const auto spec = parse_bot_spec("full:tables=" + path);
  ASSERT_TRUE(spec) << spec.error();
  EXPECT_EQ(std::string(SKAT_SOURCE_DIR) + "/" + BotSpec{}.tables, path);
  const ContractEvaluator contracts(*tables);
  const CardSet strong = CardSet::jacks() | CardSet{Card(Suit::Clubs, Rank::Ace),  Card(Suit::Clubs, Rank::Ten),
                                                    Card(Suit::Clubs, Rank::King), Card(Suit::Spades, Rank::Ace),
                                                    Card(Suit::Hearts, Rank::Ace), Card(Suit::Diamonds, Rank::Ace)};
  // No jack, no ace, middle cards in every suit: neither a trump game nor a null.
  const CardSet weak{Card(Suit::Clubs, Rank::Eight),  Card(Suit::Clubs, Rank::Queen),  Card(Suit::Clubs, Rank::King),
                     Card(Suit::Spades, Rank::Nine),  Card(Suit::Spades, Rank::Ten),   Card(Suit::Spades, Rank::King),
                     Card(Suit::Hearts, Rank::Ten),   Card(Suit::Hearts, Rank::Queen), Card(Suit::Diamonds, Rank::Nine),
                     Card(Suit::Diamonds, Rank::King)};
  EXPECT_GE(contracts.max_bid(strong, 0), 48);
  EXPECT_EQ(contracts.max_bid(weak, 0), 0);
}

// The null background is named only when it is not the default, so earlier reports' names stay;
// each background is its own shared copy of the file, with the same counts.
TEST(TableFiles, NullBackgroundIsASettingOfTheCompleteBot) {
  const std::string tables = ",tables=" + std::string(SKAT_SOURCE_DIR) + "/tables/base-1m.wtab";
  const auto plain = parse_bot_spec("full:worlds=4" + tables);
  const auto typed = parse_bot_spec("full:worlds=4,nullback=type" + tables);
  ASSERT_TRUE(plain && typed);
  EXPECT_EQ(plain->nullback, "pattern");
  EXPECT_EQ(plain->describe().find("nullback"), std::string::npos);
  EXPECT_TRUE(typed->describe().ends_with(",nullback=type")) << typed->describe();
  EXPECT_EQ(parse_bot_spec(typed->describe())->describe(), typed->describe());
  EXPECT_EQ(parse_bot_spec("full:worlds=4,nullback=type,nullback=pattern" + tables)->describe(), plain->describe());
  const auto by_pattern = shared_tables(typed->tables);
  const auto by_type = shared_tables(typed->tables, NullBackground::TypeAndPattern);
  ASSERT_TRUE(by_pattern && by_type);
  EXPECT_EQ((*by_pattern)->null_background(), NullBackground::Pattern);
  EXPECT_EQ((*by_type)->null_background(), NullBackground::TypeAndPattern);
  EXPECT_EQ(**by_pattern, **by_type);
  EXPECT_EQ(shared_tables(typed->tables, NullBackground::TypeAndPattern)->get(), by_type->get());
  EXPECT_NE(by_pattern->get(), by_type->get());
}

}  // namespace
}  // namespace skat::bots
