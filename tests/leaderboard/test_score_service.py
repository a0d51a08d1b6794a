"""The service's score methods, called as the page calls them (JSON in, JSON out): today's
deal, a finished game's score card and link, a link verified or refused with a sentence."""
import subprocess
import sys
from pathlib import Path

from arcade import links
from arcade.service import Service

sys.path.insert(0, str(Path(__file__).parents[1] / "arcade"))   # the page's way of calling
from service_calls import call, ok  # noqa: E402


def play_deal(svc, deal, level="random"):
    """A game of ``deal`` played to its end through the service, bots at their seats."""
    gid = ok(svc, "newGame", game=deal["game"], options=deal["options"], seed=deal["seed"])["id"]
    while not (snap := ok(svc, "state", id=gid))["over"]:
        p = snap["toAct"][0]
        seat = deal["seats"][p]
        move = ok(svc, "botMove", id=gid, player=p, level=seat[4:] if seat.startswith("bot:") else level)["move"]
        ok(svc, "play", id=gid, player=p, move=move)
    return gid


def test_todays_deal_is_the_same_for_everyone_and_its_seed_is_text():
    a = ok(Service(), "dailyDeal", game="waterworks", date="2025-05-03")
    b = ok(Service(), "dailyDeal", game="waterworks", date="2025-05-03")
    assert a == b and a["seed"] == "14876637129249505245"     # beyond 2**53: text, never a number
    assert a["seats"] == ["human", "bot:greedy", "bot:greedy"]


def test_a_daily_game_gets_a_card_whose_link_verifies():
    svc = Service()
    deal = ok(svc, "dailyDeal", game="waterworks", date="2025-05-03")
    gid = play_deal(svc, deal)
    made = ok(svc, "scoreCard", id=gid, seat=0, seats=deal["seats"], name=" <Ada> ", date=deal["date"], daily=True)
    assert made["card"]["name"] == "Ada" and made["card"]["daily"] and made["buildings"] == []
    assert made["link"].startswith("score=")
    seen = ok(Service(), "verifyScore", link="https://example.org/pnd/#" + made["link"])
    assert seen["result"]["message"] == "Verified: this game reaches this score."
    assert seen["card"]["claim"] == made["card"]["claim"]


def test_a_tampered_link_is_refused_with_a_sentence():
    svc = Service()
    deal = ok(svc, "dailyDeal", game="aqueducks", date="2025-05-03")
    made = ok(svc, "scoreCard", id=play_deal(svc, deal), seat=0, seats=["human"], name="Ada",
              date="2025-05-03", daily=True)
    card = dict(made["card"], claim=dict(made["card"]["claim"], score=made["card"]["claim"]["score"] + 1))
    res = call(Service(), "verifyScore", link=links.encode(card))
    assert res["error"]["code"] == "bad_save" and res["error"]["message"].startswith("The card claims a score of")
    res = call(Service(), "verifyScore", link=made["link"][:-30])
    assert res["error"] == {"code": "bad_save", "message": links.DAMAGED}


def test_favourites_are_chosen_from_the_city():
    svc = Service()
    gid = play_deal(svc, {"game": "aqueducks", "options": {"players": 1}, "seed": "5", "seats": ["human"]})
    made = ok(svc, "scoreCard", id=gid, seat=0, seats=["human"], name="Ada", date="2025-05-03")
    assert set(made["card"]["favourites"]) <= set(made["buildings"]) and made["card"]["favourites"]
    pick = made["buildings"][-1:]
    again = ok(svc, "scoreCard", id=gid, seat=0, seats=["human"], name="Ada", date="2025-05-03", favourites=pick)
    assert again["card"]["favourites"] == pick
    res = call(svc, "scoreCard", id=gid, seat=0, seats=["human"], name="Ada", date="2025-05-03", favourites=["nope"])
    assert res["error"]["code"] == "bad_request"


def test_a_practice_game_is_not_stamped_as_the_days_deal():
    svc = Service()
    gid = play_deal(svc, {"game": "aqueducks", "options": {"players": 1}, "seed": "5", "seats": ["human"]})
    res = call(svc, "scoreCard", id=gid, seat=0, seats=["human"], name="Ada", date="2025-05-03", daily=True)
    assert res["error"]["message"].startswith("This is not the daily deal of 2025-05-03")


def test_the_score_methods_load_only_when_first_called():
    code = ("import sys; from arcade.service import Service; Service();"
            "print(sorted(m for m in ('hashlib', 'zlib', 'arcade.verify') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=Path(__file__).parents[2] / "py")
    assert out.stdout.strip() == "[]", out.stderr


def daily_with_a_take_back(after_seat):
    """The daily Water Works deal played to its end; once, the person takes back their play
    (the bots' replies go with it) right after seat ``after_seat``'s reply, then plays on."""
    svc = Service()
    deal = ok(svc, "dailyDeal", game="waterworks", date="2025-05-03")
    gid = ok(svc, "newGame", game="waterworks", options=deal["options"], seed=deal["seed"])["id"]
    took_back = None
    while not (snap := ok(svc, "state", id=gid))["over"]:
        p = snap["toAct"][0]
        level = "greedy" if p else "random"
        move = ok(svc, "botMove", id=gid, player=p, level=level)["move"]
        ok(svc, "play", id=gid, player=p, move=move, viewer=0)
        if took_back is None and p == after_seat and len(snap["view"]["cards"]) > 8:
            took_back = ok(svc, "undoable", id=gid, player=0, bots=[1, 2])
            ok(svc, "undo", id=gid, player=0, bots=[1, 2], moves=took_back["moves"])
    assert took_back
    made = ok(svc, "scoreCard", id=gid, seat=0, seats=deal["seats"], name="Ada", date=deal["date"], daily=True)
    assert any("undo" in m for m in made["card"]["record"]["moves"])
    return took_back, made


def test_a_daily_game_with_a_take_back_before_a_new_card_is_ranked_and_counts_it():
    """Taken back after the first bot's reply, whose draw went to the second bot: the person
    was shown nothing new (docs/rulings/take-backs.md T6), so the score is ranked."""
    offered, made = daily_with_a_take_back(after_seat=1)
    assert offered == {"moves": 2}
    assert made["card"]["claim"]["takebacks"] == 1 and made["card"]["claim"]["takebacks_revealed"] == 0
    result = ok(Service(), "verifyScore", link=made["link"])["result"]
    assert result["takebacks"] == 1 and result["table"] == "daily/waterworks/2025-05-03"


def test_a_daily_game_with_a_take_back_after_a_new_card_verifies_but_is_not_ranked():
    """Taken back after the last bot's reply dealt the person a card they were shown: the
    card carries the count, verifies, and goes on no table, saying why."""
    offered, made = daily_with_a_take_back(after_seat=2)
    assert offered == {"moves": 3, "revealed": True}
    assert made["card"]["claim"]["takebacks"] == 1 and made["card"]["claim"]["takebacks_revealed"] == 1
    result = ok(Service(), "verifyScore", link=made["link"])["result"]
    assert result["verified"] and result["takebacks"] == 1 and result["claim"]["takebacks_revealed"] == 1
    assert result["table"] is None and "after seeing a new card is not ranked" in result["note"]
