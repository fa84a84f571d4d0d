// Barring bot accounts that may no longer play (server/play/bot_account_check.h).
#include "server/play/bot_account_check.h"

#include <spdlog/spdlog.h>

#include <vector>

#include "server/play/strand_post.h"

namespace skat::app {

BotAccountCheck::BotAccountCheck(Strand strand, DbWriter& writer, std::shared_ptr<Sessions> sessions,
                                 std::chrono::milliseconds every)
    : strand_(std::move(strand)), writer_(writer), sessions_(std::move(sessions)), every_(every), timer_(strand_) {}

template <class F>
void BotAccountCheck::on_strand(F f) {
  post_guarded(strand_, shared_from_this(), std::move(f), "hub");
}

void BotAccountCheck::start() {
  on_strand([](BotAccountCheck& check) { check.schedule(); });
}

void BotAccountCheck::stop() {
  stopped_ = true;
  timer_.cancel();
}

void BotAccountCheck::schedule() {
  if (stopped_ || every_ <= std::chrono::milliseconds::zero()) return;
  timer_.expires_after(every_);
  timer_.async_wait([weak = weak_from_this()](boost::system::error_code ec) {
    const auto self = weak.lock();
    if (!self || ec) return;
    self->on_strand([](BotAccountCheck& check) { check.check(); });
  });
}

void BotAccountCheck::check() {
  if (stopped_) return;
  std::vector<std::int64_t> bots = sessions_->bot_players();
  std::erase_if(bots, [&](std::int64_t bot) { return barred_.contains(bot); });
  if (bots.empty()) return schedule();
  writer_.post([weak = weak_from_this(), bots = std::move(bots)](IdentityStore& store) {
    auto barred = store.barred_bots(bots);
    const auto owner = weak.lock();
    if (!owner) return;
    if (!barred) spdlog::warn("hub: checking the connected bot accounts: {}", barred.error().message);
    owner->on_strand([barred = std::move(barred)](BotAccountCheck& check) {
      if (barred)
        for (const std::int64_t bot : *barred) {
          spdlog::info("hub: bot account {} was revoked or disabled: disconnected and unseated", bot);
          check.bar(bot);
        }
      check.schedule();
    });
  });
}

void BotAccountCheck::bar(std::int64_t player_id) {
  sessions_->close_player(player_id);  // its routes close before it is unseated
  if (!barred_.insert(player_id).second) return;
  if (unseat_) unseat_(player_id);
}

}  // namespace skat::app
