"""Nothing a browser or its storage does breaks the site (issue 15, items 1-6, 17, 22, 23):
damaged localStorage, stored markup, full or blocked storage, a reload during a game, a
resumed game's log, player counts, the embed's seed and the Content-Security-Policy. What a
long evening in one tab leaves in memory is e2e/test_memory.py's."""
from __future__ import annotations

import json

import pytest

from helpers_browser import open_in_context
from helpers_menu import start_from_menu
from helpers_host import serve_blog, wait_embed_ready, write_blog
from helpers_pwa import dist_root, dist_url, wait_until_ready  # noqa: F401
from test_saves import SEATS, autosave_game

MARKUP = '<img src=x onerror="window.__pwned=(window.__pwned||0)+1">'
FACTIONS = ['florentia', 'caesena', 'venetia', 'ravenna', 'pisae', 'neapolis']


def seed_storage(page, entries: dict) -> None:
    page.evaluate("(e) => { for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v); }",
                  {k: v if isinstance(v, str) else json.dumps(v) for k, v in entries.items()})


def wait_moves(page, gid: str, n: int, timeout_s: float = 60) -> int:
    """Wait until the engine's game ``gid`` has at least ``n`` moves (wait_for_function would
    take an async predicate's promise for true)."""
    for _ in range(int(timeout_s * 5)):
        count = page.evaluate("async (id) => (await PipesAndDucks.state({id})).result.moveCount", gid)
        if count >= n:
            return count
        page.wait_for_timeout(200)
    raise AssertionError(f"game {gid} stayed at {count} moves")


def save_list(page) -> list[str]:
    return page.eval_on_selector_all("#saves-list .save", "els => els.map(e => e.dataset.saveId)")


# ---- 1: damaged storage --------------------------------------------------------------------
def test_damaged_storage_is_dropped_once_and_never_breaks_the_menu(open_page, dist_url, dist_root):
    page, probe = open_page(dist_url)
    good = autosave_game(page, "waterworks", 3)
    no_seats = {**good, "seats": None}
    evil = {**good, "seats": [{"name": "Ann", "controller": "human"}, {"name": "Bo", "controller": "bot:evil"}]}
    other_id = {**good, "id": "not-its-key"}
    page.evaluate("localStorage.clear()")
    seed_storage(page, {
        "pnd.menu.v1": {"game": "waterworks", "seats": None, "players": None,
                        "rules": {"waterworks": {"table": "huge"}}},
        "pnd.save.noseats": no_seats, "pnd.save.evil": evil, "pnd.save.otherid": other_id,
        "pnd.save.garbage": "{not json",
    })
    page.reload()
    wait_until_ready(page)
    assert "damaged" in page.inner_text("#toast")
    assert sorted(save_list(page)) == ["evil", "noseats", "otherid"]
    assert "pnd.save.garbage" not in page.evaluate("Object.keys(localStorage)")
    # every listed entry opens, with sound seats
    for sid in ("noseats", "evil", "otherid"):
        page.click(f"#saves-list [data-save-id='{sid}'] [data-act=resume]")
        page.wait_for_selector("html[data-screen=waterworks][data-game-id]", state="attached")
        page.click("[data-act=menu]")
        page.wait_for_selector("html[data-screen=menu]", state="attached")
    resumed = page.evaluate("async () => JSON.parse(localStorage.getItem('pnd.save.evil')).seats.map(s => s.controller)")
    assert "bot:evil" not in resumed
    # every listed entry can be deleted
    for sid in ("noseats", "evil", "otherid"):
        page.click(f"#saves-list [data-save-id='{sid}'] [data-act=delete]")
    assert save_list(page) == []
    # the menu still starts a game, with the engine's default table
    start_from_menu(page, "waterworks", 2, ["human", "bot:random"])
    gid = page.get_attribute("html", "data-game-id")
    options = page.evaluate(f"async () => (await PipesAndDucks.record({{id: '{gid}'}})).result.options")
    assert options["table"] != "huge"
    assert probe.errors == []


# ---- 2: stored markup is text --------------------------------------------------------------
def test_stored_markup_never_runs(open_page, dist_url, dist_root):
    page, probe = open_page(dist_url)
    best = {f: [{"score": MARKUP, "seed": MARKUP, "date": MARKUP}, {"score": 7, "date": MARKUP}] for f in FACTIONS}
    seed_storage(page, {"pnd.aqueducks.best": best,
                        "pnd.menu.v1": {"game": "aqueducks", "players": {"aqueducks": 1},
                                        "seats": [{"name": MARKUP, "controller": "human"}], "rules": {}}})
    page.reload()
    wait_until_ready(page)
    page.click("#start")
    # The list is in the page once the solo board is drawn; whether the board shows it at
    # once or behind its Boards button is the layout's to decide (it folds the boards when the
    # hand leaves them too little room), so the test waits for it in the page, not on screen.
    best_list = page.locator("#game [data-testid=best-scores]")
    best_list.wait_for(state="attached", timeout=30_000)
    # No element the markup would have made exists, so no handler of one can ever run.
    assert page.locator("#game img[src=x]").count() == 0
    assert page.evaluate("window.__pwned") is None
    assert "7" in best_list.text_content()
    assert probe.errors == []


# ---- issue 26 item 12: a name from outside that is a property every object has -------------
OBJECT_NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty"]


def test_a_stored_or_linked_name_that_every_object_has_is_no_game(open_page, browser, dist_url):
    """`GAMES["constructor"]` is something (Object), `GAMES["__proto__"]` too: a game, seat, option,
    card or tutorial name read from storage, a file or a link is looked up as the table's own
    key only. Before: the menu lost its seats and Start did nothing, the embed died on its
    preview, a save for game "constructor" was listed as "function Object() { [native code] }",
    and a stored daily result for it made a streak."""
    page, probe = open_page(dist_url)
    today = page.evaluate("new Date().toISOString().slice(0, 10)")
    for name in OBJECT_NAMES:
        page.evaluate("""([n, today]) => {
            localStorage.clear();
            localStorage.setItem('pnd.menu.v1', JSON.stringify({
              game: n, players: {[n]: 3}, rules: {[n]: {}, waterworks: {[n]: 1}}}));
            localStorage.setItem('pnd.save.odd', JSON.stringify({format: 'pipes-and-ducks/saved-game',
              version: 1, players: 2, record: {format: 'pipes-and-ducks/record', game: n, moves: []}}));
            localStorage.setItem('pnd.daily', JSON.stringify({version: 1, days: {[today]: {[n]: {seed: '1', over: true}}}}));
        }""", [name, today])
        page.reload()
        wait_until_ready(page)
        assert page.get_attribute(".game-pick[data-game=waterworks]", "aria-checked") == "true", name
        assert page.locator("#seats .seat").count() == 2, name
        assert "native code" not in page.inner_text("#saves") and save_list(page) == [], name
        page.click("#daily-open")
        assert page.inner_text("[data-testid=daily-streak]").startswith("No streak yet"), name
        page.keyboard.press("Escape")
        assert probe.errors == [], (name, probe.errors)
    page.click("#start")
    page.locator("#game [data-testid=waterworks]").wait_for(timeout=30_000)
    assert probe.errors == []
    ctx = browser.new_context()
    try:
        embed = ctx.new_page()
        errors = []
        embed.on("pageerror", lambda e: errors.append(str(e)))
        for name in OBJECT_NAMES:
            embed.goto(f"{dist_url}embed.html?game={name}&seats={name},{name}")
            assert embed.inner_text("#embed-game-title") == "Water Works", name
            assert embed.locator("#embed-seats li").all_inner_texts() == ["You — Human", "Bo — Bot · normal"], name
        assert errors == []
    finally:
        ctx.close()


# ---- 3: full storage -------------------------------------------------------------------------
FILL = """() => {
  let n = 0;
  for (let size = 1 << 20; size >= 16; size >>= 1) {
    for (;;) {
      try { localStorage.setItem('filler.' + n++, 'x'.repeat(size)); } catch { break; }
    }
  }
  return n;
}"""


def test_a_full_storage_says_so_and_deletes_no_save(open_page, dist_url, dist_root):
    page, probe = open_page(dist_url)
    finished = {**autosave_game(page, "waterworks", 2), "over": True}
    seed_storage(page, {f"pnd.save.{finished['id']}": finished})
    page.evaluate(FILL)
    start_from_menu(page, "waterworks", 2, ["bot:random", "bot:random"])
    page.wait_for_function("() => document.querySelector('#toast') && !document.querySelector('#toast').hidden", timeout=30_000)
    text = page.inner_text("#toast")
    assert "could not be saved" in text and "delete" in text and "export" in text
    assert f"pnd.save.{finished['id']}" in page.evaluate("Object.keys(localStorage)")
    page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('filler.')).forEach(k => localStorage.removeItem(k))")
    assert probe.errors == []


# ---- 4: blocked storage, in a cross-site frame -----------------------------------------------
# What a browser that blocks a cross-site frame's storage does, one store at a time and all at
# once: reading localStorage (and sessionStorage) throws, indexedDB.open throws, Cache Storage
# and the origin private file system refuse. Init scripts reach every frame of the page, not
# workers.
BLOCKS = {
    "localStorage": """try { Object.defineProperty(window, 'localStorage', { get: no, configurable: true }); } catch {}""",
    "indexedDB": """try { IDBFactory.prototype.open = no; } catch {}""",
    "caches": """try { CacheStorage.prototype.open = refuse; CacheStorage.prototype.match = refuse; CacheStorage.prototype.keys = refuse; } catch {}""",
    "files": """try { StorageManager.prototype.getDirectory = refuse; } catch {}""",
}
BLOCKS["all"] = "\n".join([*BLOCKS.values(),
                            """try { Object.defineProperty(window, 'sessionStorage', { get: no, configurable: true }); } catch {}"""])
REFUSALS = """const no = () => { throw new DOMException('The user denied storage.', 'SecurityError'); };
const refuse = () => Promise.reject(new DOMException('The user denied storage.', 'SecurityError'));
"""


# Every sentence the toast says, in order (the same sentence twice is two entries).
TOASTS = """window.__toasts = [];
new MutationObserver((changes) => {
  for (const c of changes) if (c.target.id === 'toast') window.__toasts.push(c.target.textContent);
}).observe(document, { childList: true, subtree: true });"""


def block_worker_storage(ctx, blocked: str) -> list:
    """The engine worker is PyScript's (its code a Blob): the same refusals (those a worker has:
    no localStorage there) put by the test's router in front of the body of the first module of
    ours it imports, web/interpreter.mjs's bundle (web/interpreter.HASH.js, tools/bundle.mjs),
    before anything in it touches storage."""
    lines = [BLOCKS[k] for k in ("indexedDB", "caches", "files") if blocked in (k, "all")]
    served = []   # the worker's modules given the refusals: the test checks there was one

    def handle(route):
        served.append(route.request.url)
        res = route.fetch()
        route.fulfill(response=res, body=_after_imports(res.text(), REFUSALS + "\n".join(lines) + "\n"))
    ctx.route("**/web/interpreter.*.js", handle)
    return served


def _after_imports(source: str, code: str) -> str:
    lines = source.split("\n")
    last = max(i for i, line in enumerate(lines) if line.startswith("import "))
    return "\n".join(lines[:last + 1] + [code] + lines[last + 1:])



@pytest.mark.parametrize("blocked, game", [("localStorage", "aqueducks"), ("indexedDB", "waterworks"),
                                           ("files", "aqueducks"), ("all", "waterworks")])
def test_games_play_with_storage_blocked_in_a_cross_site_frame(browser, tmp_path, dist_url, dist_root, blocked, game):
    server, url = serve_blog(tmp_path, f"{dist_url}embed.html?game={game}&players=2&seats=easy,easy&speed=fast",
                             cross_site=True)
    assert "//localhost:" in dist_url and "//127.0.0.1:" in url
    ctx = browser.new_context(service_workers="block")
    try:
        ctx.add_init_script(REFUSALS + BLOCKS[blocked] + TOASTS)
        in_worker = block_worker_storage(ctx, blocked)
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url)
        frame = page.frame_locator("#game")
        wait_embed_ready(page)
        frame.locator("#embed-play").click()
        page.wait_for_function("() => window.events.filter(e => e.type === 'move').length >= 3", timeout=120_000)
        assert in_worker, "the engine worker's module was not given the refusals"
        assert not page.evaluate("window.events.some(e => e.type === 'error')")
        assert errors == []
        if blocked not in ("localStorage", "all"):
            return
        # the full site in the same browser: plays, and says it cannot save
        full = ctx.new_page()
        full.on("pageerror", lambda e: errors.append(str(e)))
        full.goto(dist_url)
        wait_until_ready(full)
        start_from_menu(full, "waterworks", 2, ["bot:random", "bot:random"])
        full.wait_for_function("() => window.__toasts.some((t) => t.includes('cannot be saved'))", timeout=30_000)
        gid = full.get_attribute("html", "data-game-id")
        wait_moves(full, gid, 3, 60)
        assert errors == []
    finally:
        ctx.close()
        server.shutdown()


def test_blocked_storage_is_said_once_as_it_is(browser, dist_url, dist_root):
    """Storage the browser refuses (private mode, a blocked site): the page says once that games
    can be played but not kept, and never that stored settings were damaged and reset (before:
    "Some settings or saved games stored in this browser were damaged...", then "This game
    cannot be saved" at the first game); the saved games' empty list does not promise saving."""
    contexts = []
    try:
        # a browser that refuses storage keeps no start-up snapshot either: always a first visit
        page, probe = open_in_context(browser, contexts, dist_url, service_workers="block",
                                      init_script=REFUSALS + BLOCKS["all"] + TOASTS, first_visit=True)
        said = page.evaluate("window.__toasts")
        assert len(said) == 1 and "damaged" not in said[0], said
        assert "played" in said[0] and "cannot be saved" in said[0], said
        assert "saved on this device" not in page.inner_text("#saves")
        assert "cannot be saved" in page.inner_text("#saves-empty")
        start_from_menu(page, "waterworks", 2, ["bot:random", "bot:random"])
        wait_moves(page, page.get_attribute("html", "data-game-id"), 3, 60)
        assert page.evaluate("window.__toasts") == said  # not said again by the game
        assert probe.errors == []
    finally:
        for ctx in contexts:
            ctx.close()


# ---- 5 and 6: a reload reopens the game, with its whole log ----------------------------------
def test_a_reload_reopens_the_game_with_its_whole_log(open_page, dist_url, dist_root):
    page, probe = open_page(dist_url)
    start_from_menu(page, "waterworks", 2, ["bot:random", "bot:random"])
    gid = page.get_attribute("html", "data-game-id")
    wait_moves(page, gid, 4, 60)
    page.select_option("#frame-speed", "slow")
    # the reload is to find what the autosave kept: wait for it to hold those moves
    page.wait_for_function("""() => Object.keys(localStorage).some((k) => k.startsWith('pnd.save.')
        && JSON.parse(localStorage.getItem(k)).moveCount >= 4)""", timeout=30_000)
    page.reload()
    page.wait_for_selector("html[data-screen=waterworks][data-game-id]", state="attached", timeout=60_000)
    gid = page.get_attribute("html", "data-game-id")
    moves = page.evaluate(f"async () => (await PipesAndDucks.state({{id: '{gid}'}})).result.moveCount")
    assert moves >= 4
    page.wait_for_function("() => document.querySelectorAll('.frame-log-list li').length >= 4")
    assert page.locator(".frame-log-list li.latest").count() >= 1
    # back in the menu, the game is first on it
    page.click("[data-act=menu]")
    assert page.is_visible("#continue-button")
    page.click("#continue-button")
    page.wait_for_selector("html[data-screen=waterworks][data-game-id]", state="attached")
    assert probe.errors == []


# ---- 17: one source of player counts ---------------------------------------------------------
def test_player_counts_come_from_the_engine(open_page, dist_url):
    page, probe = open_page(dist_url)
    compare = page.evaluate("""async () => {
        const { GAMES } = await import(new URL('web/shell/games.js', document.baseURI).href);
        const hello = await PipesAndDucks.hello();
        return hello.result.games.map((g) => [g.name, g.options.players.choices, GAMES[g.name].players]);
    }""")
    for name, engine, table in compare:
        assert engine == table, name
    ww = page.text_content(".game-pick[data-game=waterworks] .game-pick-meta")
    assert ww.startswith("2–5 players")


def test_the_embed_offers_the_engines_player_counts(browser, dist_url):
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(f"{dist_url}embed.html?game=waterworks&players=5")
        assert page.locator("#embed-seats li").count() == 5
    finally:
        ctx.close()


# ---- 22: the seed only when chosen; no CSP violation ------------------------------------------
CSP_PROBE = """window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));"""


def script_src(page) -> list[str]:
    """The page's CSP script-src, as the browser reads it from the meta tag."""
    policy = page.evaluate("document.querySelector('meta[http-equiv=Content-Security-Policy]')?.content")
    assert policy, "the page carries a Content-Security-Policy"
    return next(d.split()[1:] for d in policy.split(";") if d.split()[:1] == ["script-src"])


def test_no_csp_violation_while_a_game_is_played(browser, dist_url, dist_root):
    """Both pages play a game under a policy without 'unsafe-eval': PyScript's worker hooks
    rebuilt from text would be refused (a violation here, and a page that never starts)."""
    ctx = browser.new_context()
    try:
        ctx.add_init_script(CSP_PROBE)
        page = ctx.new_page()
        console = []
        page.on("console", lambda m: console.append(m.text))
        page.goto(dist_url)
        assert "'unsafe-eval'" not in script_src(page)   # issue 42 item 2: PyScript is patched
        wait_until_ready(page)
        start_from_menu(page, "aqueducks", 2, ["bot:random", "bot:random"])
        gid = page.get_attribute("html", "data-game-id")
        wait_moves(page, gid, 4, 60)
        embed = ctx.new_page()
        embed.on("console", lambda m: console.append(m.text))
        embed.goto(f"{dist_url}embed.html?game=waterworks&players=2&seats=easy,easy&speed=fast")
        assert "'unsafe-eval'" not in script_src(embed)
        embed.click("#embed-play")
        embed.wait_for_selector("html[data-screen=waterworks][data-game-id]", state="attached", timeout=60_000)
        eid = embed.get_attribute("html", "data-game-id")
        wait_moves(embed, eid, 3, 60)
        assert page.evaluate("window.__csp") == [] and embed.evaluate("window.__csp") == []
        assert not [m for m in console if "Content Security Policy" in m]
    finally:
        ctx.close()


def test_the_embed_posts_the_seed_only_when_the_page_chose_it(browser, tmp_path, dist_url):
    ctx = browser.new_context()
    src = f"{dist_url}embed.html?game=waterworks&players=2&seats=easy,easy"
    server, url = serve_blog(tmp_path, src)
    try:
        page = ctx.new_page()
        for query, seeded in (("", False), ("&seed=12345", True)):
            write_blog(tmp_path, src + query)
            page.goto(url)
            wait_embed_ready(page)
            page.frame_locator("#game").locator("#embed-play").click()
            page.wait_for_function("() => window.events.some(e => e.type === 'started')", timeout=90_000)
            started = page.evaluate("window.events.find(e => e.type === 'started')")
            assert ("seed" in started) is seeded
            if seeded:
                assert started["seed"] == "12345"
    finally:
        ctx.close()
        server.shutdown()
