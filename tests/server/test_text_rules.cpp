// The text rules of names, labels and chat (common/text_rules.h): NFC, the characters that
// hide or reorder text refused (zero-width, bidi controls, controls, invisible fillers), chat line
// breaks made spaces, the folded key under which "sec-1" and its look-alikes are one name, and the
// confusable skeleton (common/confusables.h) against ICU's own examples.
#include <gtest/gtest.h>

#include "common/confusables.h"
#include "common/text_rules.h"

namespace skat::text {
namespace {

bool refused(std::string_view text, Use use) { return !normalize(text, use).has_value(); }

TEST(TextRules, NamesAreNfcAndHoldNoHiddenOrReorderingCharacters) {
  EXPECT_EQ(normalize("anna", Use::Name).value(), "anna");
  EXPECT_EQ(normalize("Jürgen Müller", Use::Name).value(), "Jürgen Müller");
  EXPECT_EQ(normalize("Ju\u0308rgen", Use::Name).value(), "J\u00fcrgen");  // decomposed ü becomes one code point
  EXPECT_EQ(normalize("李小龍", Use::Name).value(), "李小龍");
  EXPECT_TRUE(refused("sec-1\u200b", Use::Name));       // zero-width space: looks exactly like "sec-1"
  EXPECT_TRUE(refused("\u202eanna", Use::Name));        // right-to-left override
  EXPECT_TRUE(refused("an\u2066na\u2069", Use::Name));  // bidi isolates
  EXPECT_TRUE(refused("an\u00adna", Use::Name));        // soft hyphen (format)
  EXPECT_TRUE(refused("sec-1\u3164", Use::Name));       // Hangul filler: a letter that shows nothing
  EXPECT_TRUE(refused("a\x01", Use::Name));
  EXPECT_TRUE(refused("a\tb", Use::Name));
  EXPECT_TRUE(refused("a\u2028b", Use::Name));  // line separator
  EXPECT_TRUE(refused("a\ue000", Use::Name));   // private use
  EXPECT_TRUE(refused("a\u0378", Use::Name));   // unassigned
  EXPECT_TRUE(refused(" anna", Use::Name));
  EXPECT_TRUE(refused("anna\u00a0", Use::Name));  // no-break space at the end
  EXPECT_TRUE(refused("", Use::Name));
  EXPECT_TRUE(refused("a\xff", Use::Name));         // not UTF-8
  EXPECT_TRUE(refused("\xc0\xaf", Use::Name));      // overlong "/"
  EXPECT_TRUE(refused("\xed\xa0\x80", Use::Name));  // a surrogate encoded
  const auto why = normalize("sec-1\u200b", Use::Name);
  ASSERT_FALSE(why);
  EXPECT_NE(why.error().find("U+200B"), std::string::npos) << why.error();
}

TEST(TextRules, LabelsMayBeEmptyAndKeepTheirSpaces) {
  EXPECT_EQ(normalize("", Use::Label).value(), "");
  EXPECT_EQ(normalize(" Friday round ", Use::Label).value(), " Friday round ");
  EXPECT_TRUE(refused("Friday\u200b", Use::Label));
  EXPECT_TRUE(refused("Fri\nday", Use::Label));
}

TEST(TextRules, ChatTurnsLineBreaksIntoSpacesAndRefusesOtherControls) {
  EXPECT_EQ(normalize("gut\ngespielt\r\n\tja", Use::Chat).value(), "gut gespielt   ja");
  EXPECT_EQ(normalize("a\u2028b", Use::Chat).value(), "a b");
  EXPECT_EQ(normalize("\U0001F468\u200D\U0001F469", Use::Chat).value(), "\U0001F468\u200D\U0001F469");  // ZWJ emoji
  EXPECT_EQ(normalize("e\u0301", Use::Chat).value(), "\u00e9");
  EXPECT_TRUE(refused("bell\x07", Use::Chat));
  EXPECT_TRUE(refused("esc\x1b[2J", Use::Chat));
  EXPECT_TRUE(refused("\u202egnp.exe", Use::Chat));
  EXPECT_TRUE(refused("a\u200bb", Use::Chat));
  EXPECT_TRUE(refused("a\xfe", Use::Chat));
}

TEST(TextRules, LookAlikeNamesFoldToOneKey) {
  const std::string bot = fold("sec-1");
  EXPECT_EQ(fold("SEC-1"), bot);
  EXPECT_EQ(fold("\uff53\uff45\uff43\uff0d\uff11"), bot);  // full width "ｓｅｃ－１"
  EXPECT_EQ(fold("sec-1\u200b"), bot);
  EXPECT_EQ(fold("s\u00adec-1"), bot);
  EXPECT_EQ(fold("Stra\u00dfe"), fold("STRASSE"));
  EXPECT_EQ(fold("J\u00fcrgen"), fold("JU\u0308RGEN"));
  EXPECT_NE(fold("sec-2"), bot);
  EXPECT_NE(fold("sec 1"), bot);
  EXPECT_EQ(fold("a\xff"), "a\xff");  // not UTF-8: its own key
}

// ICU's own examples of confusable strings (its uspoof.h and SpoofChecker documentation) share a
// skeleton; strings that only resemble each other in spelling do not.
TEST(Confusables, IcusOwnExamplesShareASkeleton) {
  EXPECT_EQ(skeleton("Harvest"), skeleton("\u0397arvest"));  // Greek capital Eta
  EXPECT_EQ(skeleton("desparejado"), skeleton("\u0501\u0435\u0455\u0440\u0430\u0433\u0435\u0458\u0430\u0501\u043e"));
  EXPECT_EQ(skeleton("paypal"), skeleton("p\u0430yp\u0430l"));  // Cyrillic a
  EXPECT_NE(skeleton("Harvest"), skeleton("Harvard"));
  EXPECT_NE(skeleton("paypal"), skeleton("paypals"));
  EXPECT_EQ(skeleton("a\xff"), "a\xff");  // not UTF-8: its own skeleton
}

// The name key: the look-alikes of a bot's name, of other scripts, of punctuation, of case and of
// width, are its name; another name is not.
TEST(Confusables, LookAlikeNamesShareTheNameKey) {
  const std::string bot = name_key("hb-1");
  EXPECT_EQ(name_key("hb\u20101"), bot);  // U+2010 hyphen
  EXPECT_EQ(name_key("\u04bbb-1"), bot);  // Cyrillic shha
  EXPECT_EQ(name_key("HB-1"), bot);
  EXPECT_EQ(name_key("\uff48\uff42\uff0d\uff11"), bot);  // full width
  EXPECT_EQ(name_key("hb-1\u200b"), bot);
  EXPECT_EQ(name_key("simp1e"), name_key("simple"));
  EXPECT_NE(name_key("hb-2"), bot);
  EXPECT_NE(name_key("hb 1"), bot);
}

TEST(TextRules, TruncateNeverCutsACharacter) {
  EXPECT_EQ(truncate("abc", 5), "abc");
  EXPECT_EQ(truncate("abc", 2), "ab");
  EXPECT_EQ(truncate("a\u00fc", 2), "a");  // ü is two bytes
  EXPECT_EQ(truncate("\U0001F600x", 3), "");
  EXPECT_EQ(truncate("\U0001F600x", 4), "\U0001F600");
  EXPECT_TRUE(valid_utf8(truncate("\u674e\u5c0f\u9f8d", 7)));
  EXPECT_TRUE(valid_utf8("J\u00fcrgen"));
  EXPECT_FALSE(valid_utf8("J\xfcrgen"));
}

}  // namespace
}  // namespace skat::text
