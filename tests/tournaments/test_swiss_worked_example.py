"""A three-round Swiss of seven players, paired and scored by hand, against the code.

Players and ratings (pairing numbers in this order): A 2000, B 1900, C 1800, D 1700,
E 1600, F 1500, G 1400.

Round 1 (everyone 0). Seven players: the bye goes to the lowest ranked, G. The group A-F:
S1 = A B C, S2 = D E F, so A-D, B-E, C-F. Nobody has a seat yet: the better ranked moves
first on tables 1 and 3, second on table 2: (A, D), (E, B), (C, F).
Results: A beats D, E beats B, C and F draw. G +1 (bye).
Points: A 1, E 1, G 1, C ½, F ½, B 0, D 0.

Round 2. Ranking: A E G | C F | B D. The bye goes to the lowest ranked without one: D.
Group 1: A E G: S1 = A, S2 = E G: A-E; G floats down. Group ½: G meets the best ranked
resident not met, C; F is left alone and floats down. Group 0: F meets B.
Seats: A and E both moved first once (balance +1 each); the better ranked, A, alternates:
(E, A). G (balance 0) against C (+1): G moves first, (G, C). F and B both −1; F, the better
ranked, moved second last time: (F, B).
Results: E beats A, G and C draw, F beats B. D +1 (bye).
Points: E 2, G 1½, F 1½, A 1, C 1, D 1, B 0.

Round 3. Ranking: E | F G | A C D | B. Bye: the lowest ranked without one is B.
Group 2: E alone, floats down. Group 1½: E meets F (not met); G floats down. Group 1: G
meets A (G has met C); C-D remain and meet.
Seats: E +2 against F 0: (F, E). G +1 against A 0: (A, G). C 0 against D −1: (D, C).
Results: E beats F, A beats G, D and C draw. B +1 (bye).

Final points: E 3, A 2, F 1½, G 1½, C 1½, D 1½, B 1.
Buchholz (opponents' points; a round not played counts as an opponent with one's own):
E: B 1 + A 2 + F 1½ = 4½. A: D 1½ + E 3 + G 1½ = 6. F: C 1½ + B 1 + E 3 = 5½.
G: own 1½ + C 1½ + A 2 = 5. C: F 1½ + G 1½ + D 1½ = 4½. D: A 2 + own 1½ + C 1½ = 5.
B: E 3 + F 1½ + own 1 = 5½.
Sonneborn-Berger (opponents' points times the result against them; the bye a win against
one's own points): E: 1 + 2 + 1½ = 4½. A: 1½ + 0 + 1½ = 3. F: ¾ + 1 + 0 = 1¾.
G: 1½ + ¾ + 0 = 2¼. C: ¾ + ¾ + ¾ = 2¼. D: 0 + 1½ + ¾ = 2¼. B: 0 + 0 + 1 = 1.
Standings: 1 E 3, 2 A 2, 3 F 1½ (Bu 5½), 4 D and 4 G 1½ (Bu 5, SB 2¼ both; shared ranks
list in entry order), 6 C 1½ (Bu 4½), 7 B 1.
"""

from tournaments.formats import Entrant, Result, Table, standings, swiss_pairing

ENTRANTS = [Entrant(k, r) for k, r in zip("ABCDEFG", range(2000, 1300, -100), strict=True)]
WIN, LOSS, DRAW = (1, 2), (2, 1), (1, 1)
ROUNDS = [
    (["AD", "EB", "CF"], "G", [WIN, WIN, DRAW]),
    (["EA", "GC", "FB"], "D", [WIN, DRAW, WIN]),
    (["FE", "AG", "DC"], "B", [LOSS, WIN, DRAW]),
]


def tables(*seats):
    return tuple(Table(tuple(s)) for s in seats)


def test_the_worked_example_round_by_round():
    results, byes = [], {}

    def play(number, expected_tables, expected_bye, outcomes):
        pairing = swiss_pairing(ENTRANTS, results, number, byes)
        assert pairing.tables == tables(*expected_tables)
        assert pairing.byes == (expected_bye,)
        byes[expected_bye] = [number]
        for table, places in zip(pairing.tables, outcomes, strict=True):
            results.append(Result(number, table.seats, places))

    for number, (expected_tables, expected_bye, outcomes) in enumerate(ROUNDS, 1):
        play(number, expected_tables, expected_bye, outcomes)

    rows = standings("swiss", ENTRANTS, results, byes)
    assert [(r.rank, r.key, r.points, r.tiebreaks) for r in rows] == [
        (1, "E", 3.0, (4.5, 4.5)),
        (2, "A", 2.0, (6.0, 3.0)),
        (3, "F", 1.5, (5.5, 1.75)),
        (4, "D", 1.5, (5.0, 2.25)),
        (4, "G", 1.5, (5.0, 2.25)),
        (6, "C", 1.5, (4.5, 2.25)),
        (7, "B", 1.0, (5.5, 1.0)),
    ]
    e = rows[0]
    assert (e.played, e.wins, e.draws, e.losses) == (3, 3, 0, 0)


def test_each_round_paired_again_afterwards_reads_only_the_rounds_before_it():
    """A round's pairing is a function of what happened before it: paired again once the
    tournament is over, with every result and bye known, each round gives its tables and
    bye again (the results, the byes and the points of that round and later left out)."""
    results = [
        Result(number, tuple(seats), places)
        for number, (seats_of, _, outcomes) in enumerate(ROUNDS, 1)
        for seats, places in zip(seats_of, outcomes, strict=True)
    ]
    byes = {bye: [number] for number, (_, bye, _) in enumerate(ROUNDS, 1)}
    for number, (expected_tables, expected_bye, _) in enumerate(ROUNDS, 1):
        pairing = swiss_pairing(ENTRANTS, results, number, byes)
        assert pairing.tables == tables(*expected_tables)
        assert pairing.byes == (expected_bye,)
