"""What the services announce once a change is committed; who listens is not their business.

The services (games/services.py) write, then announce here. Reactions (pushing each viewer
their fragment, a computer player's turn, a flag at its deadline, turn emails, the API's
event streams, ratings) live in their app's ``reactions.py`` and are connected in that app's
``AppConfig.ready`` and nowhere else, so a new reaction is a receiver and one ``connect``
line, and the writers never import what reacts to them.

Every signal is sent with ``sender=Match`` and the keyword ``match``; see each for the rest.
All but ``match_ending`` (below: inside the transaction) are sent after the commit by
``games.announce.send_on_commit``.
"""

from __future__ import annotations

from django.dispatch import Signal

from games.announce import send_on_commit

#: Anything a viewer must see: a seat taken, the start, a move, a leave. ``state`` is the
#: decoded engine state when the writer had it (else None), ``played`` the ``(seat, entry)``
#: of the ply that made it (else None).
position_changed = Signal()
#: Every seat is taken and the first clock runs.
match_started = Signal()
#: The match has its result (``match.result``).
match_finished = Signal()

#: The one signal sent INSIDE the writer's transaction, not after its commit: the move
#: service (``_record``) sends it right where it sets a match's result, once that end is
#: saved (status finished, ``result``, ``finished_at``, every move, the last included) and
#: before the commit. Its receivers run synchronously under the writer's row lock and in its
#: transaction, so what they write commits with the end or not at all (ratings, docs/rules.md
#: §7.6). It is sent with ``send``, not ``send_robust``: an exception in a receiver rolls the
#: whole end back (the last move is not recorded; the error reaches the caller), so a
#: receiver must be correct, must not wait on anything slow and must leave work outside the
#: database to ``transaction.on_commit``.
#: An aborted match (no result) and an import do not send it.
match_ending = Signal()


#: A rematch offer of the finished ``match`` changed (made, accepted by one more, declined,
#: lapsed, or accepted by all: then ``offer.new_match`` is the new match); keyword ``offer``.
#: Sent after the commit by games/rematches.py (``announce_offer_on_commit``).
rematch_changed = Signal()


def announce_offer_on_commit(match, offer) -> None:
    """Schedules ``rematch_changed`` for after the commit."""
    send_on_commit(type(match), (rematch_changed, {"match": match, "offer": offer}))


def announce_on_commit(match, state=None, played: tuple | None = None, *, started=False) -> None:
    """Schedules the announcements of ``match``'s new position for after the commit: the
    position, then a start or an end. A move or a leave is the position's ``played``; a
    signal is declared here once something listens to it."""
    sends: list[tuple[Signal, dict]] = [
        (position_changed, {"match": match, "state": state, "played": played}),
    ]
    if started:
        sends.append((match_started, {"match": match}))
    if match.status == match.Status.FINISHED:
        sends.append((match_finished, {"match": match}))
    send_on_commit(type(match), *sends)
