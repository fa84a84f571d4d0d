// A connection's direct routes to its tables (server/play/table_routes.h): a message goes straight
// to its table only once the hub opened the route and after every earlier message of the connection
// for that table has left the hub; closing a route (a seat ended, the table closed) sends messages
// through the hub again, and closing them all (the connection closed, its bot barred) is for good.
#include <gtest/gtest.h>

#include "server/play/table_host.h"
#include "server/play/table_routes.h"
#include "server/store/memory_store.h"

namespace skat::app {
namespace {

class TableRoutesTest : public ::testing::Test {
 protected:
  std::shared_ptr<TableHost> host(table::TableId id) {
    return std::make_shared<TableHost>(io_, table::Table(id, table::TableConfig{}), 0, std::weak_ptr<TableServices>{},
                                       writer_);
  }
  // Whether a message for `table` went straight to it, and to which table and player.
  bool send(table::TableId table) {
    return routes_.try_direct(table, [&](TableHost& h, const Identity& who) {
      sent_to_.push_back(h.id());
      sent_as_.push_back(who.player_id);
    });
  }

  boost::asio::io_context io_;
  MemoryStore store_;
  DbWriter writer_{store_};
  TableRoutes routes_;
  std::vector<table::TableId> sent_to_;
  std::vector<std::int64_t> sent_as_;
};

TEST_F(TableRoutesTest, AMessageGoesDirectOnlyOnceTheHubOpenedItsRoute) {
  const auto seven = host(7);
  routes_.identify(person_identity(42, "anna"));
  EXPECT_FALSE(send(7));  // no route yet: through the hub
  routes_.handed_over(7);
  routes_.open(7, seven);
  EXPECT_TRUE(routes_.direct(7));
  EXPECT_TRUE(send(7));
  EXPECT_FALSE(send(8));  // another table: through the hub
  routes_.handed_over(8);
  EXPECT_EQ(sent_to_, std::vector<table::TableId>{7});
  EXPECT_EQ(sent_as_, std::vector<std::int64_t>{42}) << "the identity the hub established";
}

TEST_F(TableRoutesTest, NoMessageGoesDirectBeforeTheConnectionIsIdentified) {
  const auto seven = host(7);
  routes_.open(7, seven);
  EXPECT_FALSE(send(7));
  routes_.handed_over(7);
  routes_.identify(person_identity(42, "anna"));
  EXPECT_TRUE(send(7));
}

// m1 and m2 go through the hub (no route yet); the hub opens the route while handing m1 on; m3
// must still wait for m2, or it would overtake it.
TEST_F(TableRoutesTest, AMessageDoesNotOvertakeEarlierOnesStillOnTheirWayThroughTheHub) {
  const auto seven = host(7);
  routes_.identify(person_identity(42, "anna"));
  EXPECT_FALSE(send(7));  // m1
  EXPECT_FALSE(send(7));  // m2
  routes_.open(7, seven);
  routes_.handed_over(7);  // m1 handed on
  EXPECT_FALSE(routes_.direct(7));
  EXPECT_FALSE(send(7));   // m3: behind m2
  routes_.handed_over(7);  // m2
  EXPECT_FALSE(send(7));   // m4: behind m3
  routes_.handed_over(7);  // m3
  routes_.handed_over(7);  // m4
  EXPECT_TRUE(send(7));    // m5: nothing on its way any more
  EXPECT_EQ(sent_to_.size(), 1u);
}

TEST_F(TableRoutesTest, AClosedRouteSendsThroughTheHubUntilTheHubOpensItAgain) {
  const auto seven = host(7);
  routes_.identify(person_identity(42, "anna"));
  routes_.open(7, seven);
  routes_.close(7);  // the seat ended, or the table closed
  EXPECT_FALSE(routes_.direct(7));
  EXPECT_FALSE(send(7));
  routes_.handed_over(7);
  routes_.open(7, seven);  // sits down again
  EXPECT_TRUE(send(7));
}

TEST_F(TableRoutesTest, ATableGoneSendsThroughTheHub) {
  auto seven = host(7);
  routes_.identify(person_identity(42, "anna"));
  routes_.open(7, seven);
  seven.reset();
  EXPECT_FALSE(send(7));
}

TEST_F(TableRoutesTest, ClosingEveryRouteIsForGood) {
  const auto seven = host(7);
  const auto eight = host(8);
  routes_.identify(person_identity(42, "anna"));
  routes_.open(7, seven);
  EXPECT_FALSE(send(8));  // on its way through the hub while the connection closes
  routes_.close_all();
  routes_.handed_over(8);
  EXPECT_FALSE(send(7));
  routes_.handed_over(7);
  routes_.open(8, eight);  // a join handed on after the close opens nothing
  EXPECT_FALSE(routes_.direct(8));
  EXPECT_FALSE(send(8));
  EXPECT_TRUE(sent_to_.empty());
}

}  // namespace
}  // namespace skat::app
