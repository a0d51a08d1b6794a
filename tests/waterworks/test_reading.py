"""The hard bot's reading of the other hands (waterworks.reading): each deal gives an opponent a
hand with which the normal bot would have made its last move; only what the seat saw is read."""
from gamecore import Rng
from gamecore import scenario

from waterworks import BOTS, GAME, WaterWorks, hard
from waterworks.reading import Reader, last_moves, would_play
from waterworks.search import determinize


def greedy_until(game, stop, rng=None, most=200):
    """``game`` after greedy moves until ``stop(game)`` holds before a move."""
    rng = rng or Rng(7)
    for _ in range(most):
        if game.is_over or stop(game):
            return game
        p = game.to_act()[0]
        game.apply(p, BOTS["greedy"](game, p, rng))
    raise AssertionError("the position never came")


def after_a_discard(seed=3, players=2):
    """A greedy game where the seat to move saw its opponent discard last, past the opening."""
    return greedy_until(GAME.new({"players": players}, seed),
                        lambda g: len(g.log) > 12 and g.log[-1]["move"]["type"] == "discard")


def entries(*players):
    return [{"player": p, "move": {"type": "discard", "card": 0}} for p in players]


def test_each_opponents_last_move_since_the_seats_own():
    assert last_moves(entries(0, 1, 2, 3), 0) == {1: 1, 2: 2, 3: 3}
    assert last_moves(entries(1, 2, 3, 0, 1), 2) == {1: 4, 0: 3, 3: 2}
    assert last_moves(entries(0, 1, 0), 0) == {}
    assert last_moves([], 1) == {}


def test_would_play_is_the_normal_bots_own_choice_and_nothing_it_scores_lower():
    g = after_a_discard()
    p = g.to_act()[0]
    move = BOTS["greedy"](g, p, Rng(1))
    assert would_play(g, p, move)
    others = [m for m in g.legal_moves(p) if not would_play(g, p, m)]
    assert others, "a position where some legal move scores lower"
    assert not would_play(g, p, {"type": "discard", "card": -1})   # not even legal


def test_the_position_before_the_last_move_is_what_the_seat_saw_and_the_true_hand_fits_it():
    g = after_a_discard()
    p = g.to_act()[0]
    reader = Reader(g, p, Rng(5))
    assert len(reader.clues) == 1
    q, before, move, card = reader.clues[0]
    assert q != p and move == g.log[-1]["move"] and move["type"] == "discard"
    assert before.to_act() == [q]
    assert before.view(p)["cards"] == g.view(p)["cards"]     # a discard leaves the table as it was
    assert before.view(p)["discard_size"] == g.view(p)["discard_size"] - 1
    # the opponent's real hand, with the card it discarded, is one the normal bot discards from
    before.hands[q] = g.hands[q] + [card]
    assert would_play(before, q, move)


def fits(reader, deal):
    q, before, move, card = reader.clues[0]
    before.hands[q] = deal.hands[q] + [card]
    return would_play(before, q, move)


def test_read_deals_fit_the_last_move_where_plain_deals_often_do_not():
    g = after_a_discard()
    p = g.to_act()[0]
    reader = Reader(g, p, Rng(5))
    view = g.view(p)
    plain = sum(fits(reader, determinize(view, p, Rng(s))) for s in range(60))
    read = sum(fits(reader, reader.determinize(view, p, Rng(s))) for s in range(60))
    # Here the discard rules out all but a few percent of hands (about 1 deal in 70 fits), so
    # TRIES deals find one in about a third of the rounds: the reading narrows, it cannot pin
    assert plain <= 6, "a discard rules out most hands"
    assert read >= 18


def unseen(game):
    """Every card in a hand, the draw pile or the discards, sorted."""
    return sorted(game.draw + game.discard + [c for h in game.hands for c in h])


def test_read_deals_are_deals_of_the_same_view():
    g = after_a_discard(seed=11, players=4)
    p = g.to_act()[0]
    reader = Reader(g, p, Rng(2))
    assert len(reader.clues) >= 2           # three opponents moved since; spouts aside, all read
    view = g.view(p)
    for s in range(10):
        deal = reader.determinize(view, p, Rng(s))
        assert deal.view(p) == view
        assert unseen(deal) == unseen(g)


def test_a_game_dealt_from_a_tutorial_is_read_from_its_scenario():
    g = scenario.start(WaterWorks, scenario.load("waterworks"))
    g = greedy_until(g, lambda g: len(g.log) >= 3)
    p = g.to_act()[0]
    reader = Reader(g, p, Rng(1))
    assert reader.clues
    q, before, move, card = reader.clues[-1]
    before.hands[q] = g.hands[q] + [card]
    assert would_play(before, q, move)


def test_reading_peeks_at_no_hidden_card():
    # the same table, history and own hand, other hands and draw order swapped: the same move
    g = after_a_discard(seed=5)
    p = g.to_act()[0]
    h = g.clone()
    q = 1 - p
    k = len(h.hands[q])
    h.hands[q], h.draw[:k] = h.draw[:k], h.hands[q]
    h.draw.reverse()
    assert h.view(p) == g.view(p) and h.hands[q] != g.hands[q]
    assert hard.decide(g, p, Rng(4), iterations=40, read=True) == hard.decide(h, p, Rng(4), iterations=40, read=True)
