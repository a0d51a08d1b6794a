"""Repeat visits restore Python from the stored start-up snapshot (web/snapshot.mjs), play the
same games as a fresh start, and never restore a snapshot that is damaged or made by other
files. (A whole game clicked through on a restored engine: test_waterworks_game.py.)"""
import pytest
from helpers_snapshot import boot_kind, revisit_from_snapshot, stored_snapshots, wait_until_stored
from helpers_browser import SNAPSHOT_FOLDER, wait_until_ready

# A whole 3-player game between greedy bots through the API; its record and final state.
GREEDY_GAME = """async (seed) => {
    const E = window.PipesAndDucks;
    await E.ready;
    const id = (await E.newGame({game: 'waterworks', seed, options: {players: 3}})).result.id;
    let snap = (await E.state({id})).result;
    while (!snap.over) {
        const player = snap.toAct[0];
        const {move} = (await E.botMove({id, player, level: 'greedy'})).result;
        const played = (await E.play({id, player, move}));
        if (!played.ok) return played.error;
        snap = (await E.state({id})).result;
    }
    return {record: (await E.record({id})).result, save: (await E.save({id})).result};
}"""


def test_a_repeat_visit_restores_the_snapshot_and_plays_the_same_game(open_page):
    page, probe = open_page(first_visit=True)
    fresh = page.evaluate(GREEDY_GAME, 2026)
    revisit_from_snapshot(page)
    restored = page.evaluate(GREEDY_GAME, 2026)
    assert restored == fresh and restored["record"]["moves"]
    assert page.evaluate("async () => (await window.PipesAndDucks.hello()).result.games.length") == 2
    assert probe.errors == []
    assert probe.foreign == []


def test_a_repeat_visit_installs_nothing_and_the_engine_is_still_micropips(open_page):
    """The engine comes installed in the snapshot, its files written back from the snapshot's
    memory (web/snapshot-files.mjs): a repeat visit downloads no wheel, and the engine reads
    its tutorials from those files and says micropip installed it (its INSTALLER file)."""
    page, probe = open_page()
    wheels = []
    page.on("request", lambda req: req.url.endswith(".whl") and wheels.append(req.url))
    page.reload()
    wait_until_ready(page)
    assert boot_kind(page) == "snapshot"
    assert wheels == []
    engine = page.evaluate("async () => (await window.PipesAndDucks.hello()).result.engine")
    assert engine["installer"] == "micropip"
    tutorials = page.evaluate("async () => (await window.PipesAndDucks.tutorials({})).result")
    assert {t["game"] for t in tutorials} == {"waterworks", "aqueducks"}
    assert probe.errors == []


def test_a_damaged_snapshot_is_dropped_and_python_starts_afresh(open_page):
    """Overwritten, then truncated, in one device: each visit after the damage starts Python
    afresh and stores the snapshot again, which the next damage then hits (one first visit for
    both: a first visit is a page start's dearest kind)."""
    page, probe = open_page(first_visit=True)
    [name] = wait_until_stored(page)
    for damage in ("overwritten", "truncated"):
        page.evaluate("""async ([folder, name, damage]) => {
            const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder);
            const file = await dir.getFileHandle(name);
            const bytes = new Uint8Array(await (await file.getFile()).arrayBuffer());
            const writable = await file.createWritable();
            await writable.write(damage === 'truncated' ? bytes.slice(0, bytes.length >> 1) : bytes.fill(7));
            await writable.close(); }""", [SNAPSHOT_FOLDER, name, damage])
        page.reload()
        wait_until_ready(page)
        assert boot_kind(page) == "fresh", damage
        assert page.evaluate("async () => (await window.PipesAndDucks.hello()).ok"), damage
        assert probe.errors == [], damage
        wait_until_stored(page, [name])   # stored again for the next visit


def test_a_snapshot_of_other_files_is_never_restored_and_is_replaced(open_page):
    page, probe = open_page(first_visit=True)
    [current] = wait_until_stored(page)
    old = "pyodide-snapshot-0000000000000000"
    page.evaluate("""async ([folder, current, old]) => {
        const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder);
        await (await dir.getFileHandle(current)).move(old); }""", [SNAPSHOT_FOLDER, current, old])
    page.reload()
    wait_until_ready(page)
    assert boot_kind(page) == "fresh"
    assert stored_snapshots(page) == [old]
    wait_until_stored(page, [current])   # stored, and the old one dropped
    assert probe.errors == []
