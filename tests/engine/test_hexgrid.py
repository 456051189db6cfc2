import pytest

from lapilli.engine import hexgrid as hx


def test_six_neighbours_at_distance_one():
    h = (2, -1)
    ns = hx.neighbours(h)
    assert len(set(ns)) == 6
    assert all(hx.distance(h, n) == 1 for n in ns)
    assert all(hx.direction(h, n) == d for d, n in enumerate(ns))
    assert hx.direction(h, (5, 5)) is None


def test_distance_is_a_metric():
    pts = hx.spiral((0, 0), 3)
    assert len(pts) == 37
    for a in pts[:10]:
        for b in pts:
            assert hx.distance(a, b) == hx.distance(b, a)
            assert (hx.distance(a, b) == 0) == (a == b)


def test_edge_is_shared_and_canonical():
    a, b = (0, 0), (1, 0)
    assert hx.edge(a, b) == hx.edge(b, a) == hx.edge(a, 0) == hx.edge(b, 3)
    assert len(set(hx.edges_of(a))) == 6
    # two hexes around one corner share exactly one edge each pair
    assert len(set(hx.edges_of(a)) & set(hx.edges_of(b))) == 1
    with pytest.raises(ValueError):
        hx.edge((0, 0), (2, 0))


def test_rotation_turns_directions_and_has_order_six():
    for d in range(6):
        assert hx.rotate(hx.DIRECTIONS[d], 1) == hx.DIRECTIONS[(d + 1) % 6]
        assert hx.rotate(hx.DIRECTIONS[d], -1) == hx.DIRECTIONS[(d - 1) % 6]
    c = (3, -2)
    for h in hx.spiral(c, 2):
        assert hx.rotate(h, 6, c) == h
        assert hx.distance(hx.rotate(h, 2, c), c) == hx.distance(h, c)
    assert hx.rotate((3, -2), 1, center=(3, -2)) == (3, -2)


def test_ring_sizes():
    assert [len(hx.ring((0, 0), k)) for k in range(4)] == [1, 6, 12, 18]
    assert all(hx.distance((0, 0), h) == 3 for h in hx.ring((0, 0), 3))


@pytest.mark.parametrize("layout", hx.LAYOUTS)
def test_offset_round_trip(layout):
    for col in range(-4, 9):
        for row in range(-4, 9):
            assert hx.to_offset(hx.from_offset(col, row, layout), layout) == (col, row)


def test_even_r_rows_are_pushed_right():
    # pointy-top even-r: even rows sit half a hex to the right, so the hex at (col 0, row 1)
    # touches columns -1 and 0 of row 0, and columns 0 and 1 of row 2 sit on either side below it
    below = hx.from_offset(0, 1, "even-r")
    assert hx.distance(hx.from_offset(0, 0, "even-r"), below) == 1
    assert hx.distance(hx.from_offset(-1, 0, "even-r"), below) == 1
    assert hx.distance(hx.from_offset(1, 0, "even-r"), below) == 2
    assert hx.distance(hx.from_offset(0, 2, "even-r"), below) == 1
    assert hx.distance(hx.from_offset(-1, 2, "even-r"), below) == 1
    # odd-r is the mirror image
    below = hx.from_offset(0, 1, "odd-r")
    assert hx.distance(hx.from_offset(1, 0, "odd-r"), below) == 1
    assert hx.distance(hx.from_offset(-1, 0, "odd-r"), below) == 2


def test_flat_columns():
    for layout in ("even-q", "odd-q"):
        a = hx.from_offset(0, 0, layout)
        assert hx.distance(a, hx.from_offset(0, 1, layout)) == 1
        assert hx.distance(a, hx.from_offset(1, 0, layout)) == 1
    with pytest.raises(ValueError):
        hx.from_offset(0, 0, "diagonal")


def test_connected_components_and_line():
    cells = {(0, 0), (1, 0), (5, 5), (5, 6)}
    parts = hx.connected_components(cells)
    assert sorted(len(p) for p in parts) == [2, 2]
    line = list(hx.iter_line((0, 0), (3, 0)))
    assert line == [(0, 0), (1, 0), (2, 0), (3, 0)]


def test_pixels_of_neighbours_are_equidistant():
    for flat in (False, True):
        c = hx.to_pixel((0, 0), 1.0, flat)
        ds = {round(((x - c[0]) ** 2 + (y - c[1]) ** 2) ** 0.5, 6) for x, y in (hx.to_pixel(n, 1.0, flat) for n in hx.neighbours((0, 0)))}
        assert ds == {round(3 ** 0.5, 6)}
        assert len(hx.corners((0, 0), 1.0, flat)) == 6
