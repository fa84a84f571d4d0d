// Tournaments in-process: bot specs parse and reject what they should; results do not depend on
// the clock (work budgets) nor on the number of threads, nor on playing it in shards; the report's duplicate
// difference, interval and verdict follow from the games; and the baselines rank as they must (rule beats random and
// simple; PIMC, in the long run, beats random and rule).
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <thread>

#include "bots/bot_factory.h"
#include "bots/pimc/pimc_player.h"
#include "bots/play_deal.h"
#include "bots/simple_player.h"
#include "bots/tournament/tournament.h"
#include "bots/tournament/tournament_report.h"

namespace skat::bots {
namespace {

BotSpec spec(const char* text) {
  auto parsed = parse_bot_spec(text);
  if (!parsed) throw std::invalid_argument(parsed.error());
  return *parsed;
}

TEST(BotSpec, ParsesKindsAndSettings) {
  EXPECT_EQ(spec("rule").kind, "rule");
  const BotSpec p = spec("pimc:worlds=12,budget=900,tt=4");
  EXPECT_EQ(p.worlds, 12);
  EXPECT_EQ(p.budget.count(), 900);
  EXPECT_EQ(p.tt_mib, 4);
  EXPECT_EQ(p.describe(), "pimc:worlds=12,budget=900,tt=4");
  EXPECT_EQ(spec(p.describe().c_str()).describe(), p.describe());
  const BotSpec fast = spec("pimc:worlds=200,threads=2,nodes=1500,stop=1");
  EXPECT_EQ(fast.threads, 2);
  EXPECT_EQ(fast.kilonodes, 1500);
  EXPECT_TRUE(fast.stop);
  EXPECT_EQ(pimc_settings(fast).world_nodes, 1'500'000U);
  EXPECT_EQ(fast.describe(), "pimc:worlds=200,budget=3000,tt=16,threads=2,nodes=1500,stop=1");
  EXPECT_EQ(spec(fast.describe().c_str()).describe(), fast.describe());
  const BotSpec voids = spec("pimc:worlds=8,voidweight=300");
  EXPECT_DOUBLE_EQ(pimc_settings(voids).declarer_void_weight, 3.0);
  EXPECT_EQ(voids.describe(), "pimc:worlds=8,budget=3000,tt=16,voidweight=300");
  EXPECT_DOUBLE_EQ(pimc_settings(fast).declarer_void_weight, 1.0);
  for (const char* bad : {"",
                          "alpha",
                          "pimc:voidweight=99",
                          "pimc:voidweight=1001",
                          "pimc:worlds",
                          "pimc:worlds=0",
                          "pimc:worlds=x",
                          "pimc:budget=70000",
                          "pimc:speed=3",
                          "pimc:threads=0",
                          "pimc:threads=17",
                          "pimc:nodes=0",
                          "pimc:stop=2",
                          "rule:worlds=3",
                          "pimc:worlds=5,",
                          "pimc:putting=rules",
                          "full:putting=best",
                          "full:tables=/nonexistent.wtab",
                          "pimc:nullback=type",
                          "full:nullback=suit"})
    EXPECT_FALSE(parse_bot_spec(bad)) << bad;
}

// `account:NAME` and `program:CMD ARGS` keep the text after the colon verbatim; neither is a
// built-in kind, and bots/ makes no player of either.
TEST(BotSpec, AccountsAndProgramsAreNamedVerbatim) {
  const BotSpec account = spec("account:my-bot:v2,worlds=3");
  EXPECT_EQ(account.kind, "account");
  EXPECT_EQ(account.account, "my-bot:v2,worlds=3");
  EXPECT_EQ(account.describe(), "account:my-bot:v2,worlds=3");
  const BotSpec program = spec("program:python3 examples/bots/random_bot.py --seed 3");
  EXPECT_EQ(program.kind, "program");
  EXPECT_EQ(program.program, "python3 examples/bots/random_bot.py --seed 3");
  EXPECT_EQ(program.describe(), "program:python3 examples/bots/random_bot.py --seed 3");
  for (const BotSpec& s : {account, program}) EXPECT_EQ(spec(s.describe().c_str()).describe(), s.describe());
  EXPECT_TRUE(parse_bot_spec("account:" + std::string(32, 'x')));
  EXPECT_TRUE(parse_bot_spec("program:" + std::string(1024, 'x')));
  for (const std::string& bad : {std::string("account"), std::string("account:"), "account:" + std::string(33, 'x'),
                                 std::string("program"), std::string("program:"), "program:" + std::string(1025, 'x')})
    EXPECT_FALSE(parse_bot_spec(bad)) << bad;
  EXPECT_EQ(std::ranges::count(kBotKinds, "account") + std::ranges::count(kBotKinds, "program"), 0);
  EXPECT_THROW(make_player(account, 1), std::invalid_argument);
  EXPECT_THROW(make_player(program, 1), std::invalid_argument);
}

// BLAKE2b-256 of the seed's 8 little-endian bytes, the digest's first 8 bytes little-endian (the
// values of Python's hashlib.blake2b(struct.pack("<Q", seed), digest_size=32)).
TEST(Tournament, TheBlindedSeatSeedIsBlake2bOfTheSeatSeed) {
  EXPECT_EQ(blinded_seat_seed(0), 764401263109137537ULL);
  EXPECT_EQ(blinded_seat_seed(1), 15150419578313358621ULL);
  EXPECT_EQ(blinded_seat_seed(12345678901234567890ULL), 12934136860243315089ULL);
}

TournamentConfig small(const char* a, const char* b, int deals, std::uint64_t seed) {
  TournamentConfig c;
  c.a = spec(a);
  c.b = spec(b);
  c.deals = deals;
  c.seed = seed;
  c.judge = false;
  return c;
}

TEST(Tournament, ResultsDoNotDependOnTheNumberOfThreads) {
  TournamentConfig c = small("simple", "rule", 12, 3);
  c.judge = true;
  const auto one = run_tournament(c);
  c.threads = 3;
  const auto three = run_tournament(c);
  ASSERT_EQ(one.size(), 12u * 6);
  ASSERT_EQ(one.size(), three.size());
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].deal_id, three[i].deal_id);
    EXPECT_EQ(one[i].points, three[i].points) << i;
    EXPECT_EQ(one[i].declaration, three[i].declaration) << i;
    EXPECT_EQ(one[i].solver_wins, three[i].solver_wins) << i;
  }
  EXPECT_NE(report_text(make_report(c, one, 0)).find("declarers' solver accuracy"), std::string::npos);
}

// Tournaments run on work budgets (issue 19.4): a decision depends on the seed and the position,
// never on the clock. The same tournament with a time budget of 1 ms and of 60 s, the second on
// two threads while another thread keeps a core busy, plays the same games, and the safety net
// never fired.
TEST(Tournament, TheClockDecidesNothing) {
  TournamentConfig hurried = small("pimc:worlds=2,budget=1,tt=1", "rule", 1, 8);
  hurried.b_seats = {1};
  TournamentConfig patient = small("pimc:worlds=2,budget=60000,tt=1", "rule", 1, 8);
  patient.b_seats = {1};
  patient.threads = 2;
  const auto quick = run_tournament(hurried);
  std::atomic<bool> stop = false;
  std::thread busy([&] {
    volatile std::uint64_t x = 0;
    while (!stop) x = x + 1;
  });
  const auto slow = run_tournament(patient);
  stop = true;
  busy.join();
  ASSERT_EQ(quick.size(), 3U);
  EXPECT_FALSE(quick[0].folded);  // the deal is played: PIMC chooses cards
  ASSERT_EQ(quick.size(), slow.size());
  for (std::size_t i = 0; i < quick.size(); ++i) {
    EXPECT_EQ(quick[i].points, slow[i].points) << i;
    EXPECT_EQ(quick[i].folded, slow[i].folded) << i;
    EXPECT_EQ(quick[i].declarer, slow[i].declarer) << i;
    EXPECT_EQ(quick[i].declaration, slow[i].declaration) << i;
    EXPECT_EQ(quick[i].clock_stops, (std::array<int, 2>{})) << i;
  }
  EXPECT_EQ(make_report(hurried, quick, 0).seatings.back().a.clock_stops, 0);
}

// PIMC card play that keeps every decision it made (worlds evaluated, each card's payoff).
class RecordingPimc : public Player {
 public:
  RecordingPimc(std::uint64_t seed, PimcSettings settings)
      : settings_(settings), rng_(seed), bidding_(seed), solvers_(settings.threads, settings.tt_bytes) {}
  Action decide(const SeatView& view) override {
    if (view.phase != Phase::Playing) return bidding_.decide(view);
    decisions.push_back(evaluate_cards(view, settings_, rng_, solvers_));
    return Action::play(view.pos, decisions.back().best);
  }
  std::string name() const override { return "recording-pimc"; }
  std::vector<PimcDecision> decisions;

 private:
  PimcSettings settings_;
  FastRng rng_;
  SimplePlayer bidding_;
  SolverPool solvers_;
};

// The same at the level of every card decision: PIMC with a 1 ms budget, and again with a 60 s
// budget while another thread keeps a core busy, evaluates every world of every decision and
// reaches the same payoffs on work budgets.
TEST(Tournament, OnWorkBudgetsEveryDecisionIsTheSameWhateverTheClock) {
  const auto decisions_of = [](const Deal& deal, std::chrono::milliseconds budget) {
    PimcSettings settings;
    settings.worlds = 2;
    settings.budget = budget;
    settings.tt_bytes = std::size_t{1} << 20;
    settings.work_budgets = true;
    RecordingPimc a(1, settings), b(2, settings), c(3, settings);
    EXPECT_TRUE(play_deal(deal, {&a, &b, &c}).has_value());
    std::vector<PimcDecision> all = a.decisions;
    for (const RecordingPimc* p : {&b, &c}) all.insert(all.end(), p->decisions.begin(), p->decisions.end());
    return all;
  };
  const Deal deal = *deal_from_id(tournament_deal_ids(8, 1)[0]);
  const auto hurried = decisions_of(deal, std::chrono::milliseconds(1));
  std::atomic<bool> stop = false;
  std::thread busy([&] {
    volatile std::uint64_t x = 0;
    while (!stop) x = x + 1;
  });
  const auto patient = decisions_of(deal, std::chrono::milliseconds(60000));
  stop = true;
  busy.join();
  ASSERT_EQ(hurried.size(), 30U);  // the deal is played to the end
  ASSERT_EQ(hurried.size(), patient.size());
  for (std::size_t i = 0; i < hurried.size(); ++i) {
    EXPECT_FALSE(hurried[i].cut_by_clock) << i;
    EXPECT_EQ(hurried[i].worlds, patient[i].worlds) << i;
    EXPECT_EQ(hurried[i].best, patient[i].best) << i;
    ASSERT_EQ(hurried[i].cards.size(), patient[i].cards.size()) << i;
    for (std::size_t k = 0; k < hurried[i].cards.size(); ++k)
      EXPECT_EQ(hurried[i].cards[k].payoff, patient[i].cards[k].payoff) << i << " " << k;
  }
}

// On a server the clock rules: without work budgets a 1 ms budget stops the search, and with work
// budgets a deadline already past (the safety net's stand-in) does, counted as a clock stop.
TEST(Tournament, OnlyTheSafetyNetStopsAWorkBudgetAndItIsCounted) {
  PimcSettings settings;
  settings.worlds = 3;
  settings.budget = std::chrono::milliseconds(1);
  settings.stop_at = std::chrono::steady_clock::now();  // already past: the safety net's stand-in
  bool played = false;
  for (const std::uint64_t id : tournament_deal_ids(11, 20)) {
    const Deal deal = *deal_from_id(id);
    PimcPlayer player(7, settings);
    player.use_work_budgets(true);
    const auto game = play_deal(deal, {&player, &player, &player});
    ASSERT_TRUE(game.has_value());
    if (game->folded()) continue;
    EXPECT_GT(player.clock_stops(), 0);
    PimcPlayer server_player(7, settings);  // not on work budgets: its budget stops it, uncounted
    ASSERT_TRUE(play_deal(deal, {&server_player, &server_player, &server_player}).has_value());
    EXPECT_EQ(server_player.clock_stops(), 0);
    played = true;
    break;
  }
  EXPECT_TRUE(played);
}

// The games without their measured decision times: a timing never belongs in an assertion (the
// same games played twice take different times on a busy machine).
std::vector<TournamentGame> without_timings(std::vector<TournamentGame> games) {
  for (TournamentGame& g : games)
    for (auto& times : g.move_ms) times.clear();
  return games;
}

// Shards (first_deal) played apart and put together are the tournament played at once.
TEST(Tournament, ShardsMakeTheWholeTournament) {
  TournamentConfig whole = small("simple", "rule", 6, 5);
  const auto all = run_tournament(whole);
  TournamentConfig first = whole, second = whole;
  first.deals = 2;
  second.first_deal = 2;
  second.deals = 4;
  auto parts = run_tournament(first);
  const auto rest = run_tournament(second);
  parts.insert(parts.end(), rest.begin(), rest.end());
  ASSERT_EQ(parts.size(), all.size());
  for (std::size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ(parts[i].deal, all[i].deal);
    EXPECT_EQ(parts[i].deal_id, all[i].deal_id);
    EXPECT_EQ(parts[i].points, all[i].points) << i;
  }
  const TournamentReport merged = make_report(whole, parts, 0);
  EXPECT_EQ(merged.deals, 6);
  EXPECT_EQ(report_text(make_report(whole, without_timings(parts), 0)),
            report_text(make_report(whole, without_timings(all), 0)));
  // Unjudged games claim no solver accuracy.
  EXPECT_NE(report_text(merged).find("(not judged)"), std::string::npos);
  EXPECT_EQ(report_text(merged).find("declarers' solver accuracy"), std::string::npos);
  // A shard alone reports the deals it played.
  const TournamentReport shard = make_report(second, rest, 0);
  EXPECT_EQ(shard.deals, 4);
  EXPECT_EQ(shard.seatings.back().deals, 4);
}

TEST(Tournament, EveryDealIsPlayedInEveryRotationOfEachSeating) {
  const auto games = run_tournament(small("random", "rule", 5, 9));
  ASSERT_EQ(games.size(), 30u);
  for (std::size_t i = 0; i < games.size(); ++i) {
    const TournamentGame& g = games[i];
    EXPECT_EQ(g.deal, static_cast<int>(i / 6));
    EXPECT_EQ(g.b_seats, i % 6 < 3 ? 1 : 2);
    EXPECT_EQ(g.rotation, static_cast<int>(i % 3));
    int b = 0;
    for (bool x : g.is_b) b += x ? 1 : 0;
    EXPECT_EQ(b, g.b_seats);
    EXPECT_EQ(g.is_b[static_cast<std::size_t>(g.rotation)], g.b_seats == 1);  // the lone bot sits at `rotation`
    EXPECT_EQ(games[i - i % 6].deal_id, g.deal_id);
  }
}

// Two deals in every rotation of one seating; B's seats score `b_points(deal)`, A's nothing.
std::vector<TournamentGame> synthetic_games(int b_seats, int (*b_points)(int deal)) {
  std::vector<TournamentGame> games;
  for (int deal = 0; deal < 2; ++deal)
    for (int rotation = 0; rotation < 3; ++rotation) {
      TournamentGame g;
      g.deal = deal;
      g.b_seats = b_seats;
      g.rotation = rotation;
      for (int p = 0; p < 3; ++p) {
        const bool b = (p == rotation) == (b_seats == 1);
        g.is_b[static_cast<std::size_t>(p)] = b;
        g.points[static_cast<std::size_t>(p)] = b ? b_points(deal) : 0;
      }
      games.push_back(g);
    }
  return games;
}

// A hand-made set: on deal 0 B gains 30 per seat and game over A at every position, on deal 1 10.
TEST(TournamentReport, DifferenceIntervalAndVerdictFollowFromTheGames) {
  TournamentConfig c = small("simple", "rule", 2, 1);
  c.b_seats = {1};
  std::vector<TournamentGame> games = synthetic_games(1, [](int deal) { return deal == 0 ? 30 : 10; });
  for (TournamentGame& g : games) g.move_ms[1] = {1.0F, 3.0F};
  const TournamentReport r = make_report(c, games, 1.0);
  ASSERT_EQ(r.seatings.size(), 2u);  // 2:1 and total
  const SeatingReport& s = r.seatings[0];
  EXPECT_EQ(s.seating, "2:1");
  EXPECT_EQ(s.deals, 2);
  EXPECT_EQ(s.games, 6);
  EXPECT_DOUBLE_EQ(s.difference, 20.0);
  EXPECT_GE(s.ci_low, 10.0);
  EXPECT_LE(s.ci_high, 30.0);
  EXPECT_EQ(s.verdict, "B (rule) stronger");
  EXPECT_EQ(s.b.seat_games, 6);
  EXPECT_EQ(s.a.seat_games, 12);
  EXPECT_DOUBLE_EQ(s.b.points_per_game(), 20.0);
  EXPECT_DOUBLE_EQ(s.b.move_mean_ms, 2.0);
  EXPECT_EQ(r.seatings[1].seating, "total");
  EXPECT_DOUBLE_EQ(r.seatings[1].difference, 20.0);
}

// Per game class, only the deals played in that class at every table: deal 0 a grand (B +30),
// deal 1 a suit game (B +10), deal 2 a grand at one table and a suit game at the others (neither).
TEST(TournamentReport, TheDuplicateDifferencePerGameClass) {
  TournamentConfig c = small("simple", "rule", 3, 1);
  c.b_seats = {1};
  std::vector<TournamentGame> games = synthetic_games(1, [](int deal) { return deal == 0 ? 30 : 10; });
  for (int rotation = 0; rotation < 3; ++rotation) {
    TournamentGame g = games[static_cast<std::size_t>(rotation)];
    g.deal = 2;
    g.declaration.type = rotation == 0 ? GameType::Grand : GameType::Hearts;
    games.push_back(g);
  }
  for (TournamentGame& g : games)
    if (g.deal == 1) g.declaration.type = GameType::Spades;
  for (TournamentGame& g : games)
    if (g.deal == 0) g.declaration.type = GameType::Grand;
  const SeatingReport s = make_report(c, games, 1.0).seatings[0];
  EXPECT_EQ(s.classes[1].duplicate_deals, 1);
  EXPECT_DOUBLE_EQ(s.classes[1].difference, 30.0);
  EXPECT_EQ(s.classes[0].duplicate_deals, 1);
  EXPECT_DOUBLE_EQ(s.classes[0].difference, 10.0);
  EXPECT_EQ(s.classes[2].duplicate_deals, 0);
  EXPECT_EQ(s.classes[1].games, 4);  // the grand of deal 2 counts in the share, not in the difference
}

TEST(TournamentReport, NoVerdictWhenTheIntervalHoldsZero) {
  TournamentConfig c = small("simple", "rule", 2, 1);
  c.b_seats = {2};
  const std::vector<TournamentGame> games = synthetic_games(2, [](int deal) { return deal == 0 ? 30 : -30; });
  const TournamentReport r = make_report(c, games, 1.0);
  const SeatingReport& s = r.seatings[0];
  EXPECT_EQ(s.seating, "1:2");
  EXPECT_DOUBLE_EQ(s.difference, 0.0);
  EXPECT_LT(s.ci_low, 0.0);
  EXPECT_GT(s.ci_high, 0.0);
  EXPECT_EQ(s.verdict, "no significant difference at 6 games");
}

TEST(TournamentReport, TheCurveFollowsTheDealsAndEndsAtTheTotal) {
  TournamentConfig c = small("simple", "rule", 2, 1);
  c.b_seats = {1};
  const std::vector<TournamentGame> games = synthetic_games(1, [](int deal) { return deal == 0 ? 30 : 10; });
  const auto curve = difference_curve(c, games, 50);
  ASSERT_EQ(curve.size(), 2U);
  EXPECT_EQ(curve[0].deals, 1);
  EXPECT_DOUBLE_EQ(curve[0].difference, 30.0);
  EXPECT_EQ(curve[1].deals, 2);
  EXPECT_DOUBLE_EQ(curve[1].difference, make_report(c, games, 0).seatings.back().difference);
  EXPECT_EQ(difference_curve(c, games, 1).size(), 1U);
}

TEST(Tournament, ServerTimeoutsCountAsSlowMoves) {
  TournamentConfig c = small("simple", "rule", 2, 1);
  c.b_seats = {1};
  std::vector<TournamentGame> games = synthetic_games(1, [](int) { return 0; });
  games[0].timeouts = {0, 2};
  games[1].move_ms[0] = {6000.0F};  // in-process: a decision longer than the 5 s clock
  const SeatingReport total = make_report(c, games, 0).seatings.back();
  EXPECT_EQ(total.b.slow_moves, 2);
  EXPECT_EQ(total.a.slow_moves, 1);
}

TEST(Tournament, ProgramFaultsAddUpPerSideAndShowInTheText) {
  TournamentConfig c = small("simple", "rule", 2, 1);
  c.b_seats = {1};
  std::vector<TournamentGame> games = synthetic_games(1, [](int) { return 0; });
  games[0].program_faults[1] = {1, 0, 2};
  games[2].program_faults[1] = {0, 1, 0};
  const TournamentReport r = make_report(c, games, 0);
  EXPECT_EQ(r.seatings.back().b.program_faults, (ProgramFaults{1, 1, 2}));
  EXPECT_EQ(r.seatings.back().a.program_faults, ProgramFaults{});
  const std::string text = report_text(r);
  EXPECT_NE(text.find("program B: 1 timeouts, 1 crashes, 2 garbage answers"), std::string::npos) << text;
  EXPECT_EQ(text.find("program A:"), std::string::npos) << text;  // neither a program nor faults
}

// The factory hook makes the players (here: counts them) in place of make_player.
TEST(Tournament, TheFactoryHookMakesThePlayers) {
  TournamentConfig c = small("random", "rule", 2, 4);
  std::atomic<int> made = 0;
  c.make_player = [&](const BotSpec& s, std::uint64_t seed, int position) {
    EXPECT_TRUE(position >= 0 && position <= 2);
    ++made;
    return make_player(s, seed);
  };
  const auto hooked = run_tournament(c);
  EXPECT_EQ(made.load(), 2 * 2 * 3 * 3);  // deals × seatings × rotations × positions
  c.make_player = {};
  const auto plain = run_tournament(c);
  ASSERT_EQ(hooked.size(), plain.size());
  for (std::size_t i = 0; i < plain.size(); ++i) EXPECT_EQ(hooked[i].points, plain[i].points);
}

TEST(Tournament, TheRulePlayerBeatsRandomAndSimple) {
  for (const char* other : {"random", "simple"}) {
    const TournamentConfig c = small(other, "rule", other[0] == 'r' ? 100 : 400, 5);
    const TournamentReport r = make_report(c, run_tournament(c), 0);
    for (const SeatingReport& s : r.seatings) {
      EXPECT_GT(s.ci_low, 0.0) << other << ' ' << s.seating;
      EXPECT_GT(s.b.points_per_game(), s.a.points_per_game()) << other << ' ' << s.seating;
    }
  }
}

// Slow while the solver is slow (minutes): labelled long, run by SKAT_LONG_TESTS=1.
TEST(TournamentLong, PimcBeatsRandomAndRule) {
  for (const char* other : {"random", "rule"}) {
    TournamentConfig c = small(other, "pimc:worlds=6,budget=60000,tt=1", other[1] == 'a' ? 8 : 40, 77);
    c.threads = 2;
    const TournamentReport r = make_report(c, run_tournament(c), 0);
    EXPECT_GT(r.seatings.back().difference, 0.0) << other;
    if (other[1] == 'a') {
      EXPECT_GT(r.seatings.back().ci_low, 0.0);
    }
  }
}

}  // namespace
}  // namespace skat::bots
