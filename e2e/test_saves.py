"""Saved games: autosave after every move, resume after a reload, export/import, and
refusal of damaged, foreign or future files without touching the other saves."""
from __future__ import annotations

import json

from helpers_menu import start_from_menu
from helpers_pwa import dist_root, dist_url, new_game, wait_until_ready  # noqa: F401

SAVES_JS = "new URL('web/shell/saves.js', document.baseURI).href"
SEATS = [{"name": "Ann", "controller": "human", "colour": "#d1495b"},
         {"name": "Bo", "controller": "bot:greedy", "colour": "#2f7fc1"}]


def autosave_game(page, game: str, moves: int) -> dict:
    """Create a game, play `moves` moves, autosaving after each like the app does."""
    created = new_game(page, game, 2, seed=11)
    return page.evaluate(
        """async ([created, seats, n, url]) => {
            const saves = await import(url);
            const E = window.PipesAndDucks;
            const session = {...created, engine: E, seats};
            await saves.autosave(session);
            for (let k = 0; k < n; k++) {
              const s = (await E.state({id: created.id})).result;
              const p = s.toAct[0];
              const mine = (await E.state({id: created.id, player: p})).result;
              const r = (await E.play({id: created.id, player: p, move: mine.legal[0]}));
              if (!r.ok) throw new Error(r.error.message);
              await saves.autosave(session);
            }
            return saves.getSave(session.saveId);
        }""",
        [created, SEATS, moves, page.evaluate(SAVES_JS)])


def stored(page) -> dict:
    return page.evaluate("""Object.fromEntries(Object.keys(localStorage)
        .filter(k => k.startsWith('pnd.save.')).map(k => [k, localStorage.getItem(k)]))""")


def test_resume_after_reload(open_page, dist_url, dist_root):
    page, probe = open_page(dist_url)
    save = autosave_game(page, "waterworks", 5)
    assert save["moveCount"] == 5 and save["record"]["format"] == "pipes-and-ducks/record"
    page.reload()
    wait_until_ready(page)
    item = page.locator(f"#saves-list [data-save-id='{save['id']}']")
    assert "move 5" in item.inner_text()
    # The engine replays the stored record to the same position.
    resumed = page.evaluate(
        """async ([url, id]) => {
            const saves = await import(url);
            const r = await saves.resumeSave(window.PipesAndDucks, id);
            return {ok: r.ok, moves: (await window.PipesAndDucks.state({id: r.session.id})).result.moveCount,
                    seats: r.session.seats.map(s => s.name)};
        }""", [page.evaluate(SAVES_JS), save["id"]])
    assert resumed == {"ok": True, "moves": 5, "seats": ["Ann", "Bo"]}
    item.locator("[data-act=resume]").click()
    page.wait_for_selector("html[data-screen=waterworks][data-game-id]", state="attached")
    game_id = page.get_attribute("html", "data-game-id")
    assert page.evaluate(f"async () => (await PipesAndDucks.state({{id: '{game_id}'}})).result.moveCount") >= 5
    assert probe.errors == []


def test_menu_game_is_autosaved_and_resumed(open_page, dist_url, dist_root):
    """A game started from the menu (bots only, so it moves by itself) survives a reload."""
    page, probe = open_page(dist_url)
    start_from_menu(page, "aqueducks", 2, ["bot:random", "bot:random"], speed=None)
    page.wait_for_selector("html[data-screen=aqueducks]", state="attached")
    page.wait_for_function("""() => Object.keys(localStorage).some(k => k.startsWith('pnd.save.')
        && JSON.parse(localStorage.getItem(k)).moveCount >= 2)""", timeout=30_000)
    page.reload()
    wait_until_ready(page)
    # a reload during a game reopens it (issue 15 item 5); from the menu it resumes as well
    page.wait_for_selector("html[data-screen=aqueducks][data-game-id]", state="attached", timeout=30_000)
    page.click("#game [data-act=menu]")
    page.wait_for_selector("html[data-screen=menu]", state="attached")
    item = page.locator("#saves-list .save").first
    saved = json.loads(list(stored(page).values())[0])
    item.locator("[data-act=resume]").click()
    page.wait_for_selector("html[data-screen=aqueducks][data-game-id]", state="attached")
    game_id = page.get_attribute("html", "data-game-id")
    assert page.evaluate(f"async () => (await PipesAndDucks.state({{id: '{game_id}'}})).result.moveCount") >= saved["moveCount"]
    assert probe.errors == []


def _import(page, text: str, name="game.json") -> str:
    page.set_input_files("#import-file", files=[{"name": name, "mimeType": "application/json",
                                                "buffer": text.encode()}])
    page.wait_for_function("() => document.querySelector('#saves-message').textContent.length > 0")
    message = page.inner_text("#saves-message")
    page.evaluate("document.querySelector('#saves-message').textContent = ''")
    return message


def test_tampered_imports_are_refused_and_leave_other_saves_alone(open_page, dist_url):
    page, probe = open_page(dist_url)
    first = autosave_game(page, "waterworks", 4)
    second = autosave_game(page, "aqueducks", 3)
    page.reload()
    wait_until_ready(page)
    before = stored(page)
    assert len(before) == 2
    text = page.evaluate("async ([u, id]) => (await import(u)).exportText(id)",
                         [page.evaluate(SAVES_JS), first["id"]])
    good = json.loads(text)

    def tampered(fn):
        data = json.loads(text)
        fn(data)
        return json.dumps(data)

    def bad_move(d):
        d["record"]["moves"][2]["move"] = {"kind": "teleport", "to": [99, 99]}

    cases = {
        "truncated": (text[: len(text) // 2], "damaged or incomplete"),
        "foreign": (json.dumps({"type": "FeatureCollection", "features": []}), "not a Pipes & Ducks"),
        "future save": (tampered(lambda d: d.update(version=99)), "newer version"),
        "future record": (tampered(lambda d: d["record"].update(version=99)), "can't be opened"),
        "foreign game": (tampered(lambda d: (d.update(game="chess"), d["record"].update(game="chess"))),
                         "doesn't have"),
        "tampered move": (tampered(bad_move), "can't be opened"),
        "empty": ("", "empty"),
    }
    for name, (payload, expected) in cases.items():
        message = _import(page, payload)
        assert expected in message, (name, message)
        assert page.get_attribute("#saves-message", "data-kind") == "error"
        assert stored(page) == before, f"{name}: the other saves changed"
        assert page.locator("#saves-list .save").count() == 2
    assert page.evaluate("document.documentElement.dataset.engine") == "ready"

    # A good file is imported as a new entry; the originals are untouched.
    message = _import(page, json.dumps(good))
    assert "Imported" in message, message
    after = stored(page)
    assert len(after) == 3 and all(after[k] == v for k, v in before.items())
    assert page.locator("#saves-list .save").count() == 3
    assert probe.errors == []
    # Delete removes only that one.
    page.click(f"#saves-list [data-save-id='{second['id']}'] [data-act=delete]")
    assert len(stored(page)) == 2 and f"pnd.save.{first['id']}" in stored(page)


def test_a_deleted_saved_game_can_be_put_back(open_page, dist_url):
    """Delete takes one click, so it offers Undo: the game comes back whole, under its id, and
    resumes (issue 26 item 11: one click deleted it for good)."""
    page, probe = open_page(dist_url)
    first = autosave_game(page, "waterworks", 4)
    page.reload()
    wait_until_ready(page)
    before = stored(page)
    page.click(f"#saves-list [data-save-id='{first['id']}'] [data-act=delete]")
    assert stored(page) == {} and page.locator("#saves-list .save").count() == 0
    assert page.inner_text("#saves-message").startswith("Deleted the saved Water Works game.")
    page.click("#saves-message [data-testid=undo-delete]")
    assert {k: json.loads(v) for k, v in stored(page).items()} == {k: json.loads(v) for k, v in before.items()}
    assert page.inner_text("#saves-message") == "Put back the saved Water Works game."
    page.click(f"#saves-list [data-save-id='{first['id']}'] [data-act=resume]")
    page.wait_for_selector("#game .frame", timeout=20_000)
    assert probe.errors == []
