"""The hard bot in the page: the slice API through window.PipesAndDucks, the menu offers it, and
the page keeps running timers while a hard bot thinks (no speed is asserted)."""

from helpers_menu import start_from_menu


def test_hard_bot_thinks_in_slices_through_the_page_api(open_page):
    page, probe = open_page()
    out = page.evaluate("""async () => {
        const E = window.PipesAndDucks;
        const hello = E.hello().result;
        const g = E.newGame({game: 'waterworks', seed: 9, options: {players: 2}}).result.id;
        const s = E.call('botStart', {id: g, player: 0, level: 'hard', iterations: 3}).result;
        let r = {done: s.done}, slices = 0;
        while (!r.done && slices < 50) {
          r = E.call('botThink', {token: s.token, ms: 30}).result;
          slices += 1;
          await new Promise((res) => setTimeout(res, 0));
        }
        const f = E.call('botFinish', {token: s.token}).result;
        const played = E.play({id: g, player: 0, move: f.move});
        const again = E.call('botFinish', {token: s.token});
        return {bots: hello.games.map((x) => x.bots), iterations: f.iterations,
                ok: played.ok, again: again.ok, code: again.error && again.error.code};
    }""")
    assert out["bots"] == [["random", "greedy", "hard"]] * 2
    assert out["iterations"] == 3 and out["ok"] and out["again"] is False and out["code"] == "bad_request"
    assert probe.errors == []


def test_menu_offers_the_hard_level(open_page):
    page, _ = open_page()
    labels = page.eval_on_selector_all("#setup option", "els => els.map((e) => e.textContent)")
    assert any("hard" in t for t in labels)


def test_two_hard_bots_play_through_the_menu(open_page, base_url):
    """The match loop drives hard seats through botStart/botThink/botFinish (?think= sets the
    budget); the game advances and the page logs no errors."""
    page, probe = open_page(base_url + "?think=60")
    start_from_menu(page, "waterworks", 2, ["bot:hard", "bot:hard"])
    page.wait_for_function(
        """() => Object.keys(localStorage).some(k => k.startsWith('pnd.save.')
            && JSON.parse(localStorage.getItem(k)).moveCount >= 4)""", timeout=60_000)
    page.click("#game [data-act=menu]")
    assert probe.errors == []
