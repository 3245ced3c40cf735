"""The tournament pages: the list, the create form, a tournament's page and its buttons
(join, withdraw, pause, start now). Thin: the services decide, the selectors read."""

from __future__ import annotations

from datetime import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from clubs import selectors as clubs
from games import guard
from games import services as match_services
from games.clock_words import error_words
from games.clocks import CORRESPONDENCE_DAYS, BadTimeControl, TimeControl
from games.errors import Refused
from games.registry import all_games
from tournaments import rendering, selectors, services
from tournaments.directors import arena
from tournaments.models import Tournament

REALTIME_CHOICES = ("1+0", "3+2", "5+3", "10+5", "15+10", "25+15", "30+15", "45+20")
START_CHOICES = (2, 5, 10, 30, 60)  # minutes from now


def tournament_list(request):
    return render(request, "tournaments/list.html", {"lists": selectors.lists()})


def _form_context(values: dict, user) -> dict:
    games = [(g.slug, g.name, g.engine.max_players) for g in all_games()]
    return {
        "clubs": clubs.led_by(user),
        "games": games,
        "formats": Tournament.Format.choices,
        "realtime_choices": REALTIME_CHOICES,
        "days_choices": [f"{d}d" for d in CORRESPONDENCE_DAYS],
        "arena_minutes": arena.MINUTES,
        "start_choices": START_CHOICES,
        "values": values,
    }


def _whole(values: dict, key: str, default: int, high: int = 10_000) -> int:
    raw = (values.get(key) or "").strip()
    if not raw:
        return default
    number = guard.whole_number(raw, low=0, high=high)
    if number is None:
        raise Refused(gettext("“%(value)s” is not a whole number.") % {"value": raw[:20]})
    return number


def _starts_at(values: dict, now: int) -> int:
    """ "in N minutes" or a moment in the creator's time zone offset (``tz``, minutes)."""
    if values.get("start") != "at":
        minutes = _whole(values, "start_in", 5, high=60)
        return now + minutes * 60_000
    try:
        local = datetime.fromisoformat(values.get("start_at") or "")
    except ValueError:
        raise Refused(gettext("Give the start as a date and a time.")) from None
    offset = _whole(values, "tz", 0, high=24 * 60) * (-1 if values.get("tz_sign") == "-" else 1)
    moment = local.replace(tzinfo=timezone.get_fixed_timezone(offset))
    return int(moment.timestamp() * 1000)


@login_required
def tournament_new(request):
    values = request.POST.dict() if request.method == "POST" else {}
    if request.method == "POST":
        now = match_services.server_now()
        try:
            try:
                control = TimeControl.parse(values.get("time_control"))
            except BadTimeControl as error:
                raise Refused(error_words(error)) from None
            tournament = services.tournament_create(
                creator=request.user,
                name=values.get("name", ""),
                game=values.get("game", ""),
                format=values.get("format", ""),
                table_size=_whole(values, "table_size", 2, high=8),
                rounds=_whole(values, "rounds", 0, high=100),
                encounter=_whole(values, "encounter", 2, high=100),
                minutes=_whole(values, "minutes", 0, high=1000),
                time_control=control,
                round_days=_whole(values, "round_days", 0, high=100),
                rated=bool(values.get("rated")),
                private=bool(values.get("private")),
                max_players=_whole(values, "max_players", 64, high=100_000),
                starts_at=_starts_at(values, now),
                club=_club(values),
                now=now,
            )
            if values.get("join"):
                services.tournament_join(
                    public_id=tournament.public_id,
                    user=request.user,
                    invite=tournament.invite,
                    now=now,
                )
        except Refused as refused:
            messages.error(request, str(refused))
        else:
            return redirect(_link(tournament))
    values.setdefault("format", "swiss")
    values.setdefault("rated", "1")
    values.setdefault("join", "1")
    values.setdefault("club", request.GET.get("club", ""))
    return render(request, "tournaments/new.html", _form_context(values, request.user))


def _club(values: dict):
    """The club the form keeps the tournament to (None: open to all)."""
    if not values.get("club"):
        return None
    club = clubs.club(values["club"])
    if club is None:
        raise Refused(gettext("There is no such club."))
    return club


def _link(tournament: Tournament) -> str:
    url = tournament.get_absolute_url()
    return f"{url}?invite={tournament.invite}" if tournament.private else url


def tournament_detail(request, public_id: str):
    invite = request.GET.get("invite")
    tournament = selectors.visible(public_id, invite, request.user)
    if tournament is None:
        raise Http404
    context = {
        "tournament": tournament,
        "live_html": rendering.live_html(tournament),
        "invite": invite if tournament.private else None,
        "invite_link": request.build_absolute_uri(_link(tournament))
        if tournament.private and request.user.pk == tournament.created_by_id
        else None,
        "is_creator": request.user.pk == tournament.created_by_id,
        "server_now": match_services.server_now(),
    }
    if request.user.is_authenticated:
        context.update(rendering.you_context(tournament, request.user))
    return render(request, "tournaments/detail.html", context)


def _act(request, public_id: str, action) -> object:
    try:
        action(now=match_services.server_now())
    except Refused as refused:
        messages.error(request, str(refused))
    tournament = Tournament.objects.filter(public_id=public_id).first()
    if tournament is None:
        raise Http404
    back = tournament.get_absolute_url()
    invite = request.POST.get("invite")
    return redirect(f"{back}?invite={invite}" if invite else back)


@login_required
@require_POST
def join(request, public_id: str):
    return _act(
        request,
        public_id,
        lambda now: services.tournament_join(
            public_id=public_id, user=request.user, invite=request.POST.get("invite"), now=now
        ),
    )


@login_required
@require_POST
def withdraw(request, public_id: str):
    return _act(
        request,
        public_id,
        lambda now: services.tournament_withdraw(public_id=public_id, user=request.user, now=now),
    )


@login_required
@require_POST
def pause(request, public_id: str):
    paused = request.POST.get("paused") == "1"
    return _act(
        request,
        public_id,
        lambda now: services.tournament_pause(
            public_id=public_id, user=request.user, paused=paused, now=now
        ),
    )


@login_required
@require_POST
def start_now(request, public_id: str):
    return _act(
        request,
        public_id,
        lambda now: services.tournament_start_now(public_id=public_id, user=request.user, now=now),
    )
