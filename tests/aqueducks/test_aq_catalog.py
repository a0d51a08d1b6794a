import pytest

from aqueducks import catalog as K
from aqueducks import city as C
from aqueducks.catalog import RESOURCES, Catalog, CatalogError


@pytest.fixture(scope="module")
def cat():
    return K.load()


def test_counts(cat):
    assert len(cat.instances) == 194
    assert len(cat.factions) == 6
    assert all(len(cat.starter_ids[f]) == 12 for f in cat.faction_keys)
    assert all(len(cat.starter_ids[f]) + len(cat.pair_ids[f]) == 14 for f in cat.faction_keys)
    assert sum(len(v) for v in cat.tier_ids.values()) == 110
    assert len(cat.tier_ids[1]) >= 54 and len(cat.tier_ids[2]) >= 42 and len(cat.tier_ids[3]) >= 12
    # a 6-player game never runs out, and the solo draft fits too
    need = {1: 0, 2: 0, 3: 0}
    for era in cat.draft["multiplayer"]:
        for t, v in era.items():
            need[int(t)] += 6 * v
    assert all(len(cat.tier_ids[t]) >= need[t] for t in need)
    solo = {t: sum(e.get(str(t), 0) for e in cat.draft["solo"]) for t in (1, 2, 3)}
    assert all(len(cat.tier_ids[t]) >= solo[t] for t in solo)
    assert sum(sum(e.values()) for e in cat.draft["solo"]) == 30
    # distinct buildings: a few dozen with copy counts
    assert 25 <= len(cat.cards) <= 60
    assert cat.protection_cards * 6 == 42


def test_tiers_get_harder(cat):
    for k in cat.tiered_keys:
        c = cat.cards[k]
        if c.tier == 1:
            assert 1 in c.storeys
        elif c.tier == 2:
            assert c.storeys == (2, 3)
        else:
            assert c.storeys == (3,)
    avg = {t: sum(sum(cat.cards[k].requires.values()) for k in cat.tiered_keys if cat.cards[k].tier == t) /
           sum(1 for k in cat.tiered_keys if cat.cards[k].tier == t) for t in (1, 2, 3)}
    assert avg[1] < avg[2] < avg[3]


def test_every_resource_produced_and_required(cat):
    produced = {r for c in cat.cards.values() for r in c.produces}
    required = {r for c in cat.cards.values() for r in c.requires}
    assert produced == set(RESOURCES)
    assert required == set(RESOURCES)


def test_every_ability_kind_on_cards(cat):
    kinds = set()
    for c in cat.cards.values():
        ab = c.ability
        kinds.add((ab["trigger"], ab["effect"], (ab.get("per") or {}).get("count")))
    names = {k[1] for k in kinds} | {k[2] for k in kinds}
    for need in ("gain", "ignore_dousing", "douse_all", "retrigger", "resource", "adjacent_symbol",
                 "adjacent_buildings", "active_buildings", "symbols_played"):
        assert need in names, need
    assert {k[0] for k in kinds} >= {"played", "era_end", "ongoing"}
    assert cat.cards["reservoir"].douse_all and cat.cards["cloaca_maxima"].douse_all
    assert any(c.douse for c in cat.cards.values())


def test_every_ability_resolvable(cat):
    """Every card's ability evaluates in a real city without error and gives a sane value."""
    from aqueducks import abilities as A
    for key, card in cat.cards.items():
        cid = cat.instances.index(key)
        other = cat.instances.index("reed_hut")
        city = [None] * C.NSLOTS
        city[C.SLOT_AT[(0, 2, 1)]] = {"id": 1, "left": cid, "right": other, "bridge": None, "protected": False}
        city[C.SLOT_AT[(0, 1, 1)]] = {"id": 2, "left": other, "right": other, "bridge": None, "protected": False}
        act = C.compute_activity(city)
        res = A.compute_resources(city, act, cat.card_of)
        new = [(C.SLOT_AT[(0, 2, 1)], 0)]
        out = A.resolve_played(city, act, cat.card_of, res, new) + A.resolve_era_end(city, act, cat.card_of, res, {})
        assert all(g["duckats"] >= 0 for g in out)
        if card.ability["trigger"] == "played" and card.ability["effect"] == "gain":
            assert any(g["card"] == cid for g in out)


def test_every_card_placeable(cat):
    """Each card can be placed on an active face of some storey with the city resources it needs,
    checked through the real engine on a real game."""
    import aq_helpers as H
    for key, card in cat.cards.items():
        if card.faction:
            continue  # unique pair: starts in the city
        g = H.new(2, seed=3)
        H.clear_city(g, 0)
        s = min(card.storeys)
        # give the city the resources it needs on row 0 faces (storey 1 and up)
        feeders = {"tree": "lumber_quackyard", "brick": "quackworks", "column": "marble_pond",
                   "water": "puddle_well", "faith": "chapel", "military": "barracks", "luxury": "trinket_stall"}
        need = [feeders[r] for r, n in card.requires.items() for _ in range(n)]
        rows = [0, 1, 4]
        i = 0
        while need:
            a = need.pop()
            b = need.pop() if need else "bread_stall"
            H.put(g, 0, 0, rows[i], 1, a, b)
            i += 1
        # supports for storeys 2-3 on row 2 (a water building under a card that needs dousing)
        low = "puddle_well" if card.douse else "reed_hut"
        if s >= 2:
            H.put(g, 0, 0, 2, 1, low, "reed_hut")
            H.put(g, 0, 1, 2, 1, "quackworks", "quackworks")
        if s >= 3:
            H.put(g, 0, 0, 2, 2, "puddle_well" if card.douse else "marble_pond", "marble_pond")
            H.put(g, 0, 1, 2, 2, "quackworks", "reed_hut")
        if card.douse and s == 1:
            H.put(g, 0, 0, 3, 1, "puddle_well", "puddle_well")
        hand = H.set_hand(g, 0, [key, "bread_stall", "bread_stall"])
        moves = [m for m in g.legal_moves(0) if m["type"] == "build" and m["cards"][0] == hand[0]
                 and m["storey"] == s and m["y"] == 2 and m["x"] == 0]
        assert moves, key


def test_bad_catalog_is_refused(cat):
    import copy
    raw = copy.deepcopy(cat.raw)
    raw["tiered"][0]["ability"] = {"trigger": "played", "effect": "gain", "gain": "duckats", "amount": 1,
                                   "per": {"count": "nonsense"}}
    with pytest.raises(CatalogError):
        Catalog(raw)
    raw = copy.deepcopy(cat.raw)
    raw["tiered"][0]["produces"] = ["gold"]
    with pytest.raises(CatalogError):
        Catalog(raw)


def test_florentia_keeps_seven(cat):
    assert cat.faction_by_key["florentia"]["ability"] == {"kind": "hand_size", "value": 7}
    assert len({f["ability"]["kind"] for f in cat.factions}) == 6


def test_card_table_has_face_text(cat):
    from aqueducks import GAME
    t = GAME.card_table()
    assert len(t["instances"]) == 194 and set(t["instances"]) == set(t["cards"])
    texts = {k: c["text"] for k, c in t["cards"].items()}
    assert texts["reed_hut"] == "When played: 1 duckat per tree in your city."
    assert texts["colosseum"] == "Whenever you build: 7 duckats per brick or column symbol you play."
    assert texts["templum_parvum"] == "While active: 1 Faith per adjacent column symbol."
    assert all(texts[k] for k, c in cat.cards.items() if c.ability["effect"] != "none")
