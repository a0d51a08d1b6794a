"""The service's score methods (docs/api.md, docs/leaderboard.md): today's deal, a finished
game's score card and link, and a score link verified by replaying it. Imported only when
first called, so the page's start-up does not pay for hashing and compression."""
from __future__ import annotations

from gamecore import BadRequest
from gamecore.errors import shown

from . import daily, links, scorecard, verify
from .params import param as _param


def methods(service) -> dict:
    """The score methods of ``service`` (an ``arcade.service.Service``)."""

    def deal(params: dict) -> dict:
        game = _param(params, "game", str)
        if game not in daily.GAMES:
            raise BadRequest(f"There is no daily deal of {shown(game)}.")
        return daily.deal(game, daily.parse_date(_param(params, "date", str)))

    def score_card(params: dict) -> dict:
        game = service._game(params)
        seat = service._player(params, game, "seat")
        seats = _param(params, "seats", list)
        if len(seats) != game.num_players or any(c not in scorecard.CONTROLLERS for c in seats):
            raise BadRequest(f"Parameter 'seats' must name who played each of the {game.num_players} seats.")
        if seats[seat] not in scorecard.PERSONS:
            raise BadRequest("A score card is for a seat a person played.")
        name = _param(params, "name", str)
        date = _param(params, "date", str)
        daily.parse_date(date)
        is_daily = _param(params, "daily", bool, required=False, default=False)
        favourites = _param(params, "favourites", list, required=False)
        if not game.is_over:
            raise BadRequest("A score card is made once the game is over.")
        city = scorecard.city_buildings(game, seat)
        if favourites is not None and (len(favourites) > scorecard.MAX_FAVOURITES
                                       or any(k not in city for k in favourites)):
            raise BadRequest(f"Favourites are up to {scorecard.MAX_FAVOURITES} buildings of the seat's city.")
        card = scorecard.make(game, seat, seats, name, date, is_daily, favourites)
        if is_daily:
            verify.check_daily(game, card, None)      # a practice game is not the day's deal
        return {"card": card, "link": links.encode(card), "buildings": city}

    def verify_score(params: dict) -> dict:
        card = links.decode(_param(params, "link", str))
        return {"card": card, "result": verify.verify_card(card)}

    return {"dailyDeal": deal, "scoreCard": score_card, "verifyScore": verify_score}
