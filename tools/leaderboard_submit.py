"""Take one leaderboard submission: the one script .github/workflows/leaderboard.yml runs.

    python3 tools/leaderboard_submit.py --body BODY.md --opened 2025-05-03T10:00:00Z \
        --board leaderboard --comment COMMENT.md

BODY.md is the issue's text (the form of .github/ISSUE_TEMPLATE/leaderboard.yml: a score
link). The card is verified with the engine (arcade.verify: the same replay as the page's),
checked against the board (duplicates, one daily score per name, at most PER_NAME entries per
name per table) and, once accepted, written into the board (board.json, and the card under
cards/<id>.json for anyone to verify again). COMMENT.md gets the answer for the issue.
Exit 0: accepted; 1: not accepted (the comment says why); 3: the check itself failed.
"""
from __future__ import annotations

import argparse
import datetime
import json
import sys
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from arcade import board, links, registry, verify  # noqa: E402
from gamecore import GameError  # noqa: E402

ACCEPTED, REFUSED, FAILED = 0, 1, 3


def opened_day(stamp: str) -> datetime.date:
    """The UTC date of the issue's ``created_at`` (ISO 8601, as GitHub gives it)."""
    moment = datetime.datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=datetime.timezone.utc)
    return moment.astimezone(datetime.timezone.utc).date()


def describe(result: dict) -> str:
    """"Ada's 191 duckats (Ravenna)": the score as the board shows it."""
    c = result["claim"]
    if result["game"] == "aqueducks":
        what = f"{c['duckats']} duckats" if result["players"] == 1 else f"{c['favour']} Favour"
        return f"{result['name']}'s {what} ({c['faction'].capitalize()})"
    won = f"win in {c['turns']} turns" if c["won"] else f"line of {c['line']}"
    return f"{result['name']}'s {won}"


def table_title(name: str) -> str:
    kind, game, *rest = name.split("/") + [""]
    if kind == "solo":
        return f"the best solo scores of {game.capitalize()}"
    title = registry.get(game).title
    if kind == "daily":
        return f"the {title} daily table of {rest[0]}"
    return f"the {title} wins"


def submit(body: str, opened: datetime.date, folder: Path) -> tuple[int, str]:
    """``(exit code, comment)``; writes the board only when the entry is accepted."""
    try:
        card = links.decode(body)
        current = board.read(str(folder))
        result = verify.verify_card(card, board.ids(current), today=opened)
        if result["table"] is None:
            raise verify.Refused("unranked", result["note"])
        entry = board.entry_of(result, opened.isoformat())
        new, rank, replaced = board.add(current, result["table"], entry)
    except GameError as exc:
        return REFUSED, f"Not accepted: {exc.message}\n"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "cards").mkdir(exist_ok=True)
    card["name"] = result["name"]           # the board's cleaned name, everywhere
    (folder / "cards" / f"{result['id']}.json").write_text(
        json.dumps(card, separators=(",", ":"), ensure_ascii=False) + "\n", encoding="utf-8")
    if replaced:
        (folder / "cards" / f"{replaced['id']}.json").unlink(missing_ok=True)
    board.write(str(folder / "board.json"), new)
    note = " It replaces a lower score of the same name." if replaced else ""
    return ACCEPTED, (f"Accepted: {describe(result)} is number {rank} in {table_title(result['table'])}."
                      f"{note} The board shows it once the site is published again.\n")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--body", required=True, help="a file holding the issue's text")
    ap.add_argument("--opened", required=True, help="when the issue was opened (ISO 8601)")
    ap.add_argument("--board", default="leaderboard", help="the leaderboard folder")
    ap.add_argument("--comment", required=True, help="where to write the answer")
    args = ap.parse_args(argv)
    try:
        body = Path(args.body).read_text(encoding="utf-8", errors="replace")
        code, comment = submit(body, opened_day(args.opened), Path(args.board))
    except Exception:   # the check broke, not the card: say so, and fail the job for a maintainer
        traceback.print_exc()
        code, comment = FAILED, "The submission could not be checked because of an error in the check itself; a maintainer will look at it.\n"
    Path(args.comment).write_text(comment, encoding="utf-8")
    print(comment, end="")
    return code


if __name__ == "__main__":
    sys.exit(main())
