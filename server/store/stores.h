// The store interfaces the server wires up together (server/app/server.cpp, the DbWriter): one
// reference per concern, and the dispatch of a writer job to the one store it takes. A job says
// what it needs by its parameter (`[](RecordStore& records) { ... }`), so each user of the writer
// reaches only the interface it names.
#pragma once

#include <concepts>
#include <type_traits>

#include "server/store/bot_account_store.h"
#include "server/store/identity_store.h"
#include "server/store/node_store.h"
#include "server/store/record_store.h"
#include "server/store/tournament_store.h"

namespace skat::app {

struct Stores {
  IdentityStore& identities;
  BotAccountStore& bot_accounts;
  RecordStore& records;
  NodeStore& nodes;
  TournamentStore& tournaments;

  Stores(IdentityStore& i, BotAccountStore& b, RecordStore& r, NodeStore& n, TournamentStore& t)
      : identities(i), bot_accounts(b), records(r), nodes(n), tournaments(t) {}
  // One store that implements every interface (DatabaseStore, MemoryStore).
  template <class All>
  requires std::derived_from<All, IdentityStore> && std::derived_from<All, BotAccountStore> &&
      std::derived_from<All, RecordStore> && std::derived_from<All, NodeStore> &&
      std::derived_from<All, TournamentStore>
      Stores(All& all)  // NOLINT(google-explicit-constructor): any complete store is its Stores
      : Stores(all, all, all, all, all) {}

  // How many of the interfaces `job` could take: a job takes exactly one.
  template <class Job>
  static constexpr int interfaces_taken =
      int{std::invocable<Job&, IdentityStore&>} + int{std::invocable<Job&, BotAccountStore&>} +
      int{std::invocable<Job&, RecordStore&>} + int{std::invocable<Job&, NodeStore&>} +
      int{std::invocable<Job&, TournamentStore&>};

  // Runs `job` with the one store it takes.
  template <class Job>
  decltype(auto) run(Job& job) const {
    static_assert(interfaces_taken<Job> == 1, "a store job takes exactly one store interface");
    if constexpr (std::invocable<Job&, IdentityStore&>)
      return job(identities);
    else if constexpr (std::invocable<Job&, BotAccountStore&>)
      return job(bot_accounts);
    else if constexpr (std::invocable<Job&, RecordStore&>)
      return job(records);
    else if constexpr (std::invocable<Job&, NodeStore&>)
      return job(nodes);
    else
      return job(tournaments);
  }
};

}  // namespace skat::app
