"""Take-backs and statistics through the page's engine API (Pyodide): a misplaced pipe against
a bot is taken back, the record keeps the take-back and loads again, the statistics answer."""


def test_take_back_and_stats_through_the_page_api(open_page):
    page, probe = open_page()
    out = page.evaluate("""async () => {
        const E = window.PipesAndDucks;
        const g = (await E.newGame({game: 'waterworks', seed: 21, options: {players: 2, first_player: '1'}})).result.id;
        const before = (await E.state({id: g, player: 0})).result;
        const move = before.legal.find((m) => m.type === 'lay');
        await E.play({id: g, player: 0, move, viewer: 0});
        const offered = (await E.undoable({id: g, player: 0, bots: [1]})).result;
        const undone = (await E.undo({id: g, player: 0, bots: [1], moves: offered.moves})).result;
        const again = (await E.undoable({id: g, player: 0, bots: [1]})).result;
        const rec = (await E.record({id: g})).result;
        const loaded = (await E.load({data: JSON.stringify(rec)})).result.id;
        const same = JSON.stringify((await E.save({id: loaded})).result) ===
                     JSON.stringify((await E.save({id: g})).result);
        const stats = (await E.stats({id: g})).result;
        const aq = (await E.newGame({game: 'aqueducks', seed: 4, options: {players: 3}})).result.id;
        const aqStats = (await E.stats({id: aq})).result;
        return {offered, event: undone.events[0], moveCount: undone.moveCount,
                legalBack: JSON.stringify(undone.legal) === JSON.stringify(before.legal),
                again, last: rec.moves[rec.moves.length - 1], same,
                line: stats.players[0].line, takebacks: stats.players[0].takebacks,
                cities: aqStats.cities, visits: aqStats.visits};
    }""")
    assert out["offered"] == {"moves": 1}
    assert out["event"] == {"type": "undo", "player": 0, "moves": 1, "text": "Player 1 took back 1 move."}
    assert out["moveCount"] == 0 and out["legalBack"]
    assert out["again"]["moves"] == 0 and out["again"]["reason"]
    assert out["last"] == {"player": 0, "undo": 1, "bots": [1]} and out["same"]
    assert out["line"] == [0] and out["takebacks"] == 1
    assert out["cities"] is None and out["visits"] == []
    assert probe.errors == []


def test_against_a_bot_a_take_back_after_its_reply_through_the_page_api(open_page):
    """docs/rulings/take-backs.md T1, T2, T6 in the page's engine (the wheel the page installs):
    the bot's reply dealt you a card you were shown; against the bot the play goes back with
    the reply, marked as after seeing a new card, and the statistics count it; with the other
    seat a person (a shared device) the same play stands."""
    page, probe = open_page()
    out = page.evaluate("""async () => {
        const E = window.PipesAndDucks;
        const g = (await E.newGame({game: 'waterworks', seed: 21, options: {players: 2, first_player: '1'}})).result.id;
        const before = (await E.state({id: g, player: 0})).result;
        await E.play({id: g, player: 0, move: before.legal.find((m) => m.type === 'lay'), viewer: 0});
        const reply = (await E.botMove({id: g, player: 1, level: 'greedy'})).result.move;
        await E.play({id: g, player: 1, move: reply, viewer: 0});
        const withPerson = (await E.undoable({id: g, player: 0})).result;
        const offered = (await E.undoable({id: g, player: 0, bots: [1]})).result;
        const undone = (await E.undo({id: g, player: 0, bots: [1], moves: offered.moves})).result;
        const stats = (await E.stats({id: g})).result;
        return {withPerson, offered, event: undone.events[0],
                legalBack: JSON.stringify(undone.legal) === JSON.stringify(before.legal),
                counted: [stats.players[0].takebacks, stats.players[0].takebacks_revealed]};
    }""")
    assert out["withPerson"] == {"moves": 0, "reason": "Another player has moved since your last move, so it stands."}
    assert out["offered"] == {"moves": 2, "revealed": True}
    assert out["event"]["revealed"] and out["event"]["text"] == "Player 1 took back 2 moves, after seeing a new card."
    assert out["legalBack"] and out["counted"] == [1, 1]
    assert probe.errors == []
