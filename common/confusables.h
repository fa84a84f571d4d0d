// Names that look alike (docs/protocol.md §2): the confusable skeleton of Unicode Technical Standard
// #39 as ICU computes it (uspoof_getSkeletonUTF8), and from it the key under which player names are
// unique: two names that look alike ("hb-1", "hb‐1" with U+2010, "һb-1" with Cyrillic shha, "HB-1")
// share a key. Built on ICU; knows nothing of the server.
#pragma once

#include <string>
#include <string_view>

namespace skat::text {

// The UTS #39 skeleton of `text` (NFD, each character by its prototype, NFD again). Text that is
// not valid UTF-8 is its own skeleton.
std::string skeleton(std::string_view text);

// The key of a player's name: text::fold (NFKC_Casefold) of the skeleton of its NFKC form, so that
// neither case, width, invisible characters nor look-alike letters make another name.
std::string name_key(std::string_view name);

}  // namespace skat::text
