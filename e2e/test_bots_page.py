"""The hard bot in the page: it thinks in the engine worker, by playouts or by time, through
window.PipesAndDucks; the menu offers it; the page's main thread keeps running while it thinks."""

import pytest

from helpers_menu import start_from_menu


def test_hard_bot_thinks_in_the_worker_through_the_page_api(open_page):
    page, probe = open_page()
    out = page.evaluate("""async () => {
        const E = window.PipesAndDucks;
        const hello = (await E.hello()).result;
        const g = (await E.newGame({game: 'waterworks', seed: 9, options: {players: 2}})).result.id;
        const fixed = (await E.botMove({id: g, player: 0, level: 'hard', iterations: 3})).result;
        // While the worker thinks for 800 ms, the page's own timers go on firing.
        let ticks = 0;
        const timer = setInterval(() => { ticks += 1; }, 10);
        const timed = (await E.botMove({id: g, player: 0, level: 'hard', ms: 800})).result;
        clearInterval(timer);
        const played = (await E.play({id: g, player: 0, move: timed.move}));
        const stale = (await E.botMove({id: g, player: 0, level: 'hard', ms: 50}));
        return {bots: hello.games.map((x) => x.bots), iterations: fixed.iterations,
                timed: timed.iterations, ticks, ok: played.ok, stale: stale.ok};
    }""")
    assert out["bots"] == [["random", "greedy", "hard"]] * 2
    assert out["iterations"] == 3 and out["timed"] >= 1 and out["ok"]
    assert out["stale"] is False   # no longer that bot's turn
    # a main thread blocked for the think would have fired about once
    assert out["ticks"] >= 20, out
    assert probe.errors == []


def test_menu_offers_the_hard_level(open_page):
    page, _ = open_page()
    labels = page.eval_on_selector_all("#setup option", "els => els.map((e) => e.textContent)")
    assert any("hard" in t for t in labels)


def test_two_hard_bots_play_through_the_menu(open_page, base_url):
    """The match loop drives hard seats through botMove with a time budget (?think= sets it);
    the game advances and the page logs no errors."""
    page, probe = open_page(base_url + "?think=60")
    start_from_menu(page, "waterworks", 2, ["bot:hard", "bot:hard"])
    page.wait_for_function(
        """() => Object.keys(localStorage).some(k => k.startsWith('pnd.save.')
            && JSON.parse(localStorage.getItem(k)).moveCount >= 4)""", timeout=60_000)
    page.click("#game [data-act=menu]")
    assert probe.errors == []


def test_a_decision_for_a_game_that_was_left_is_never_applied(open_page, base_url):
    """Leave while a hard bot thinks for 2 s: its answer arrives after the screen is gone and
    the game is closed, and nothing is played or saved from it."""
    page, probe = open_page(base_url + "?think=2000")
    start_from_menu(page, "waterworks", 2, ["bot:hard", "bot:hard"], speed="fast")
    page.wait_for_timeout(400)   # past the show delay: the first decision is being thought
    saved = page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('pnd.save.'))
        .map(k => JSON.parse(localStorage.getItem(k)).moveCount)""")
    page.click("#game [data-act=menu]")
    page.wait_for_timeout(2500)
    after = page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('pnd.save.'))
        .map(k => JSON.parse(localStorage.getItem(k)).moveCount)""")
    assert after == saved
    assert page.get_attribute("html", "data-screen") == "menu"
    assert probe.errors == []


SHARED_JS = """async ({iterations}) => {
    const E = window.PipesAndDucks;
    const g = (await E.newGame({game: 'waterworks', seed: '9', options: {players: 2}})).result.id;
    const first = (await E.botMove({id: g, player: 0, level: 'hard', iterations})).result;
    await new Promise((resolve) => {
        const look = () => (['ready', 'off', 'failed'].includes(document.documentElement.dataset.searchHelper)
            ? resolve() : setTimeout(look, 50));
        look();
    });
    const second = (await E.botMove({id: g, player: 0, level: 'hard', iterations})).result;
    const hint = (await E.hint({id: g, player: 0, iterations})).result;
    return {first, second, hint, helper: document.documentElement.dataset.searchHelper};
}"""


def _cpython_decision(iterations, shared, method="botMove", plan="botPlan"):
    """The same decision (or hint) on CPython: the engine alone, or planned in two shares and
    merged."""
    from arcade.service import Service
    svc = Service()
    gid = svc.dispatch({"method": "newGame", "params": {"game": "waterworks", "seed": "9", "options": {"players": 2}}})["result"]["id"]
    ask = {"id": gid, "player": 0, "iterations": iterations, **({"level": "hard"} if method == "botMove" else {})}
    if shared:
        shares = svc.dispatch({"method": plan, "params": {**ask, "shares": 2}})["result"]["shares"]
        ask["tallies"] = [svc.dispatch({"method": "searchShare", "params": s})["result"] for s in shares]
    return svc.dispatch({"method": method, "params": ask})["result"]


def test_a_hard_decision_is_searched_by_the_engine_and_its_helper_at_once(open_page):
    """The first search starts the helper worker (the engine decides alone meanwhile); once it
    is ready, a decision and a hint are played in two shares, one in each worker, and come out
    exactly as the same shares merged on CPython (a fixed budget is reproducible either way)."""
    page, probe = open_page()
    assert page.evaluate("() => document.documentElement.dataset.searchHelper") is None   # not before a search
    out = page.evaluate(SHARED_JS, {"iterations": 117})
    assert out["helper"] == "ready"
    assert out["first"] == _cpython_decision(117, shared=False)
    assert out["second"] == _cpython_decision(117, shared=True)
    assert out["second"]["iterations"] != out["first"]["iterations"]   # whole rounds in each share
    assert out["hint"] == _cpython_decision(117, shared=True, method="hint", plan="hintPlan")
    assert page.evaluate("() => document.querySelectorAll('script[type=py][worker]').length") == 2
    assert probe.errors == []


@pytest.mark.parametrize("query,device", [("?helper=off", {}), ("", {"deviceMemory": 2}),
                                          ("", {"hardwareConcurrency": 1})],
                         ids=["asked-off", "little-memory", "one-core"])
def test_with_the_helper_off_the_engine_searches_alone(open_page, base_url, query, device):
    """Off when the address asks, on a device that says it has under 4 GB, or on one core."""
    page, probe = open_page(base_url + query)
    # what the device says is read at the first search, so it can be set once the page is up
    page.evaluate("""(device) => { for (const [k, v] of Object.entries(device))
        Object.defineProperty(navigator, k, {value: v, configurable: true}); }""", device)
    out = page.evaluate(SHARED_JS, {"iterations": 117})
    assert out["helper"] == "off"
    assert out["first"] == out["second"] == _cpython_decision(117, shared=False)
    assert out["hint"] == _cpython_decision(117, shared=False, method="hint")
    assert page.evaluate("() => document.querySelectorAll('script[type=py][worker]').length") == 1
    assert probe.errors == []


ANALYSIS_JS = """async ({iterations}) => {
    const E = window.PipesAndDucks;
    const g = (await E.newGame({game: 'waterworks', seed: '9', options: {players: 2}})).result.id;
    for (;;) {
        const s = (await E.state({id: g})).result;
        if (s.over) break;
        const p = s.toAct[0];
        await E.play({id: g, player: p, move: (await E.botMove({id: g, player: p, level: 'random'})).result.move});
    }
    const slices = [];
    let res;
    do {
        res = await E.analyse({id: g, player: 0, iterations, ms: 150});
        if (!res.ok) return {refused: res.error.message};
        slices.push(res.result.shares || 1);
    } while (!res.result.complete);
    const other = (await E.analyse({id: g, player: 1})).result;
    return {slices, result: res.result, other, helper: document.documentElement.dataset.searchHelper};
}"""


def _cpython_analysis(iterations):
    """The same game's analysis worked out at once on CPython, for seat 0 and seat 1."""
    from arcade.service import Service
    svc = Service()
    gid = svc.dispatch({"method": "newGame", "params": {"game": "waterworks", "seed": "9", "options": {"players": 2}}})["result"]["id"]
    game = svc._games[gid]
    while not game.is_over:
        p = game.to_act()[0]
        move = svc.dispatch({"method": "botMove", "params": {"id": gid, "player": p, "level": "random"}})["result"]["move"]
        svc.dispatch({"method": "play", "params": {"id": gid, "player": p, "move": move}})
    return [svc.dispatch({"method": "analyse", "params": {"id": gid, "player": q, "iterations": iterations}})["result"]
            for q in (0, 1)]


@pytest.mark.parametrize("query", ["", "?helper=off"], ids=["helper", "alone"])
def test_an_analysis_is_worked_out_by_the_engine_and_its_helper_at_once(open_page, base_url, query):
    """With the helper, an analysis's slices are worked in two shares (half the decisions each,
    at the same time) and the rows put together are exactly the analysis CPython works out at
    once; with the helper off, the engine works it alone, to the same analysis."""
    page, probe = open_page(base_url + query)
    out = page.evaluate(ANALYSIS_JS, {"iterations": 2})
    assert "refused" not in out, out
    want = "ready" if not query else "off"
    assert out["helper"] == want
    assert (2 in out["slices"]) == (want == "ready"), out["slices"]
    assert [out["result"], out["other"]] == _cpython_analysis(2)
    assert probe.errors == []
