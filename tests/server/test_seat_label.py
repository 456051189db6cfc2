"""One name per seat at the table, from one function (hub.seat_label): the name its person gave,
else its colour; a computer adds its level; in both languages."""
from lapilli.engine.registry import new_game
from lapilli.server.hub import players, seat_label, seat_labels
from lapilli.server.store import SeatInfo, TableInfo


def _info(seats):
    return TableInfo(id="t", game="the-island", players=len(seats), options={}, seed=1, version=0,
                     status="playing", seats=seats)


def test_a_seat_goes_by_its_name_else_its_colour_and_a_computer_by_its_level():
    st = new_game("the-island", 3, 1, {})
    info = _info([SeatInfo(0, "human", "", ""), SeatInfo(1, "bot", "computer (easy)", "easy"),
                  SeatInfo(2, "human", "Marta", "")])
    assert seat_labels(st, info) == {"en": ["Red", "Blue (computer, easy)", "Marta"],
                                     "it": ["Rosso", "Blu (computer, facile)", "Marta"]}
    assert [p["label"]["en"] for p in players(st, info)] == ["Red", "Blue (computer, easy)", "Marta"]


def test_a_computer_standing_in_for_a_person_keeps_the_persons_name():
    st = new_game("the-island", 2, 1, {})
    stand_in = SeatInfo(1, "bot", "Luca", "normal", stand_in=True)
    assert seat_label(st, stand_in, "en") == "Luca (computer, normal)"
    assert seat_label(st, stand_in, "it") == "Luca (computer, normale)"


def test_a_seat_with_no_colour_yet_goes_by_its_place_never_a_number():
    """Eruption's players choose their colour (a village) in play: until then a seat is named by
    its place in the seat order, the order in which the villages are chosen."""
    st = new_game("eruption", 2, 1, {})
    info = TableInfo(id="t", game="eruption", players=2, options={}, seed=1, version=0, status="playing",
                     seats=[SeatInfo(0, "human", "", ""), SeatInfo(1, "bot", "computer (random)", "random")])
    assert seat_labels(st, info) == {"en": ["First player", "Second player (computer, random)"],
                                     "it": ["Primo giocatore", "Secondo giocatore (computer, casuale)"]}
    st.apply(st.legal_actions()[0])  # the first player chooses a village: from then on its colour
    assert seat_label(st, info.seats[0], "en") == ["Orange", "Yellow", "Green", "Blue", "Purple", "Red"][st.seat_colour(0)]


def test_the_view_tells_an_accounts_seat_from_a_guests():
    """A guest and an account may not share a name, and the view says which a seat's person is,
    so that the table can draw them differently."""
    st = new_game("the-island", 3, 1, {})
    info = _info([SeatInfo(0, "human", "alice", "", user_id=7), SeatInfo(1, "human", "Marta", ""),
                  SeatInfo(2, "bot", "computer (easy)", "easy")])
    assert [(p["name"], p["account"]) for p in players(st, info)] == [("alice", True), ("Marta", False), ("", False)]
