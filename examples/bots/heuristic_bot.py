#!/usr/bin/env python3
"""heuristic_bot.py: a small rule-of-thumb Skat bot of the line protocol.

  bidding    bids (and holds) only with at least two jacks or a long suit (five or more cards
             with its ace), up to a simple hand value: the base value of the game it would play
             times (jacks in a row from the club jack, or missing in a row, + 1);
  skat       always picks it up;
  discard    puts its two lowest non-trump cards;
  declare    grand with three or four jacks, else its longest suit;
  play       as declarer it leads its highest trump; following, it plays the highest card that
             wins the trick, else its lowest card; leading as a defender, an ace, else its lowest.

It reads one JSON message per line on stdin (the seat's messages from `skat bot --program`, or
the act requests of an in-process `skat tournament --a "program:python3 ..."`) and answers each
"act" with one line on stdout: one of the act's view.legal entries without "pos".

Standard library only. The protocol: docs/bots.md; how to run it: examples/bots/README.md.
"""
import argparse
import json
import sys

SUITS = "CSHD"
BASE_VALUE = {"C": 12, "S": 11, "H": 10, "D": 9, "G": 24}
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
PLAIN_ORDER = "789QKTA"  # suit and grand games, lowest first (jacks are trumps)
NULL_ORDER = "789TJQKA"
JACKS = ["CJ", "SJ", "HJ", "DJ"]


def is_trump(card, game):
    if game == "N":
        return False
    return card[1] == "J" or card[0] == game


def follow_suit(card, game):
    """The suit a card counts as: "T" for trumps."""
    return "T" if is_trump(card, game) else card[0]


def strength(card, game):
    """Order within the card's own suit (higher wins)."""
    if game != "N" and card[1] == "J":
        return 100 + 4 - JACKS.index(card)
    return (NULL_ORDER if game == "N" else PLAIN_ORDER).index(card[1])


def beats(card, best, led, game):
    """Whether `card` beats the trick's best card `best` when suit `led` was led."""
    mine, theirs = follow_suit(card, game), follow_suit(best, game)
    if mine == theirs:
        return strength(card, game) > strength(best, game)
    return mine == "T" or (mine == led and theirs != "T")


def trick_winner(cards, game):
    led = follow_suit(cards[0], game)
    best = cards[0]
    for card in cards[1:]:
        if beats(card, best, led, game):
            best = card
    return best


def low_first(card):
    return (POINTS[card[1]], PLAIN_ORDER.index(card[1]) if card[1] != "J" else 9)


def preferred_game(hand):
    """Grand with three or more jacks, else the suit with the most cards (the higher base value on a tie)."""
    if sum(card in hand for card in JACKS) >= 3:
        return "G"
    return max(SUITS, key=lambda s: (sum(c[0] == s and c[1] != "J" for c in hand), BASE_VALUE[s]))


def hand_value(hand):
    """The most this hand bids: 0 without two jacks or a long suit with its ace."""
    game = preferred_game(hand)
    jacks = sum(card in hand for card in JACKS)
    long_suit = game != "G" and sum(c[0] == game and c[1] != "J" for c in hand) >= 5 and game + "A" in hand
    if jacks < 2 and not long_suit:
        return 0
    present = [card in hand for card in JACKS]
    in_a_row = next((i for i, p in enumerate(present) if p != present[0]), 4)
    return BASE_VALUE[game] * (in_a_row + 1)


def legal_of(view, kind):
    return [a for a in view["legal"] if a["type"] == kind]


def decide(view):
    hand, phase = view["hand"], view["phase"]
    if phase == "bidding":
        limit = hand_value(hand)
        if legal_of(view, "hold"):
            return legal_of(view, "hold" if view["current_bid"] <= limit else "pass")[0]
        bids = [a for a in legal_of(view, "bid") if a["value"] <= limit]
        return min(bids, key=lambda a: a["value"]) if bids else legal_of(view, "pass")[0]
    if phase == "skat":
        return (legal_of(view, "pickup") or view["legal"])[0]
    if phase == "discarding":
        game = preferred_game(hand)
        keep_last = sorted((c for c in hand if not is_trump(c, game)), key=low_first)
        keep_last += sorted((c for c in hand if is_trump(c, game)), key=low_first)
        wanted = set(keep_last[:2])
        return next(a for a in legal_of(view, "discard") if set(a["cards"]) == wanted)
    if phase == "declaring":
        game = preferred_game(hand)
        plain = [a for a in legal_of(view, "declare") if not (a["schneider"] or a["schwarz"] or a["ouvert"])]
        return next((a for a in plain if a["game"] == game), (plain or view["legal"])[0])
    # playing
    game = view["declaration"]["game"]
    plays = legal_of(view, "play")
    cards = [a["card"] for a in plays]
    trick = view["current_trick"]
    if not trick:
        trumps = [c for c in cards if is_trump(c, game)]
        if view["declarer"] == view["pos"] and trumps:
            choice = max(trumps, key=lambda c: strength(c, game))
        else:
            aces = [c for c in cards if c[1] == "A" and not is_trump(c, game)]
            choice = aces[0] if aces else min(cards, key=low_first)
    else:
        best = trick_winner(trick, game)
        led = follow_suit(trick[0], game)
        winners = [c for c in cards if beats(c, best, led, game)]
        choice = max(winners, key=lambda c: (follow_suit(c, game) == "T", strength(c, game))) if winners \
            else min(cards, key=low_first)
    return plays[cards.index(choice)]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.parse_args()
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            message = json.loads(line)
        except ValueError:
            print(f"heuristic_bot: not JSON, ignored: {line[:80]}", file=sys.stderr)
            continue
        if message.get("type") != "act":
            continue
        answer = dict(decide(message["view"]))
        answer.pop("pos", None)
        print(json.dumps(answer, separators=(",", ":")), flush=True)


if __name__ == "__main__":
    main()
