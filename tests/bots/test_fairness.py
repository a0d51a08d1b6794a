"""Fair information: a hard bot's choice depends only on its seat's view. Two true states with
the same view but different hidden cards give the same move with the same seed; in Aqueducks the
other players' hidden simultaneous choices make no difference either."""
import pytest
from gamecore import Rng

import aqueducks
import waterworks
from aqueducks import hard as aq_hard
from waterworks import hard as ww_hard


def ww_midgame(seed, moves):
    g = waterworks.GAME.new({"players": 3}, seed)
    rng = Rng(seed)
    for _ in range(moves):
        p = g.to_act()[0]
        g.apply(p, waterworks.BOTS["greedy"](g, p, rng))
    return g


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_waterworks_hidden_cards_do_not_matter(seed):
    g = ww_midgame(seed, 10 + seed)
    p = g.to_act()[0]
    other = (p + 1) % g.n
    h = g.clone()
    # Swap every card of the next player's hand with cards from the draw pile, and reverse the rest.
    k = len(h.hands[other])
    h.hands[other], h.draw[:k] = h.draw[:k], h.hands[other]
    h.draw.reverse()
    assert h.hands[other] != g.hands[other] and h.draw != g.draw
    assert h.view(p) == g.view(p)
    a = ww_hard.decide(g, p, Rng(99), iterations=40)
    b = ww_hard.decide(h, p, Rng(99), iterations=40)
    assert a == b


def aq_game(players, seed, until):
    g = aqueducks.GAME.new({"players": players}, seed)
    rng = Rng(seed)
    while not until(g):
        p = g.to_act()[0]
        g.apply(p, aqueducks.BOTS["random"](g, p, rng))
    return g


def test_aqueducks_hidden_cards_do_not_matter():
    g = aq_game(3, 5, lambda g: g.action == "build" and g.era == 2 and len(g.to_act()) == 3)
    p = 0
    h = g.clone()
    q = h.players[1]
    k = min(len(q["hand"]), len(q["draw"]))
    assert k > 0
    q["hand"][:k], q["draw"][:k] = q["draw"][:k], q["hand"][:k]
    h.decks["1"].reverse()
    h.players[2]["draw"].reverse()
    assert h.view(p) == g.view(p) and h.to_dict() != g.to_dict()
    h._validate()
    a = aq_hard.decide(g, p, Rng(7), iterations=12, rollout_depth=8)
    b = aq_hard.decide(h, p, Rng(7), iterations=12, rollout_depth=8)
    assert a == b


@pytest.mark.parametrize("action", ["build", "draft"])
def test_aqueducks_other_players_hidden_choices_do_not_matter(action):
    g = aq_game(3, 11, lambda g: g.action == action and len(g.to_act()) == 3
                and len(g.legal_moves(1)) > 1)
    x, y = g.clone(), g.clone()
    moves = g.legal_moves(1)
    x.apply(1, moves[0])
    y.apply(1, moves[-1])
    assert moves[0] != moves[-1]
    assert x.view(0) == y.view(0)          # the choice is hidden ...
    a = aq_hard.decide(x, 0, Rng(3), iterations=10, rollout_depth=8)
    b = aq_hard.decide(y, 0, Rng(3), iterations=10, rollout_depth=8)
    assert a == b                          # ... and so cannot steer the bot
