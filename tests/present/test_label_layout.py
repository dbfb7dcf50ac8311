"""Issue 15: the system drawing never overlaps its labels, keeps them inside the drawing
and off the star.  The layout function alone, then as the Fief sheet and the window's
drawing use it, for the example Fiefs and generated twelve-House Fiefs."""

from __future__ import annotations

import pytest

from landsraad.house.content import load_house_content
from landsraad.house.document import load_fief
from landsraad.present.label_layout import (
    Box,
    Disc,
    Layout,
    Request,
    _crosses,
    _touches_disc,
    fit_labels,
    leader,
    leader_needed,
    place_labels,
)
from landsraad.sheets.fief import system_layout
from tests.support.places import generated_fief
from tests.support.sheets import EXAMPLE_FIEF, big_fief

HC = load_house_content()

FIEFS = {
    "example": lambda: load_fief(EXAMPLE_FIEF),
    "example-12-houses": big_fief,  # issue 17's twelve Houses
    "ten-bodies-12-houses": lambda: generated_fief("2x9 1 2 3 4 5 6 7 8 10"),  # the most bodies 11d10 gives
    "mixed-12-houses": lambda: generated_fief("2x3 2x7 3x10 1 2 4 5"),
    "arcologies-12-houses": lambda: generated_fief("3x1 2x2 2x6 3 5 7 9"),
}


def check(layout: Layout) -> None:
    """Every label placed, inside the drawing, off the star, clear of the bodies, and no two
    labels touching."""
    boxes = layout.boxes
    assert all(b is not None for b in boxes), [r for r, b in zip(layout.requests, boxes) if b is None]
    for i, a in enumerate(boxes):
        assert a.inside(layout.bounds), a
        if layout.star is not None:
            assert not layout.star.intersects(a), a
        for o in layout.obstacles:
            assert not a.intersects(o), (a, o)
        for b in boxes[i + 1 :]:
            assert not a.intersects(b), (a, b)


# ----- the function -----------------------------------------------------------------------
def test_labels_crowded_on_one_point_spread_out_without_overlap():
    bounds = Box(0, 0, 400, 200)
    star = Disc(200, 100, 20)
    reqs = [Request(200 + dx, 100, 6, 90, 20) for dx in (-30, -25, 25, 30, 35, 40, 45)]
    boxes = place_labels(reqs, bounds, star)
    check(Layout(reqs, boxes, bounds, star, []))


def test_a_label_with_no_room_is_left_out_not_overlapped():
    bounds = Box(0, 0, 100, 30)
    reqs = [Request(50, 15, 2, 90, 20), Request(50, 15, 2, 90, 20)]
    boxes = place_labels(reqs, bounds)
    assert boxes[0] is not None and boxes[1] is None


def test_fit_labels_takes_the_largest_type_that_fits():
    bounds = Box(0, 0, 300, 60)
    seen = []

    def measure(scale):
        seen.append(scale)
        return [Request(50 + 60 * k, 30, 4, 120 * scale, 20 * scale) for k in range(4)]

    scale, reqs, boxes = fit_labels(measure, (1.0, 0.8, 0.5, 0.3), bounds)
    assert seen[0] == 1.0 and scale < 1.0 and scale == seen[-1]
    check(Layout(reqs, boxes, bounds, None, []))


def test_leader_runs_from_the_body_edge_to_the_label():
    req = Request(0, 0, 10, 20, 10)
    box = Box(30, -5, 50, 5)
    assert leader_needed(req, box)
    assert leader(req, box) == (10, 0, 30, 0)
    assert not leader_needed(req, Box(12, -5, 32, 5))
    assert _crosses((0, 0, 10, 10), Box(4, 4, 6, 6)) and not _crosses((0, 0, 10, 0), Box(4, 4, 6, 6))
    assert _touches_disc((0, 0, 10, 0), Disc(5, 1, 2)) and not _touches_disc((0, 0, 10, 0), Disc(5, 3, 2))


def test_a_label_set_apart_is_not_joined_across_the_star():
    # a body just below the star, walled in but for the band along the top: the nearest
    # free spot is straight over the star, its line through it; the layout goes round
    bounds = Box(0, 0, 400, 200)
    star = Disc(100, 100, 30)
    walls = [Box(0, 40, 60, 200), Box(140, 40, 400, 200), Box(60, 131, 140, 200)]
    req = Request(100, 140, 4, 60, 14)
    (box,) = place_labels([req], bounds, star, walls)
    assert box is not None and box.y1 <= 40 and leader_needed(req, box)
    assert not _touches_disc(leader(req, box), star)
    (strict,) = place_labels(
        [req], bounds, star, walls[:2] + [Box(60, 131, 140, 200), Box(130, 0, 400, 40)], lines_may_cross=False
    )
    assert strict is None  # only spots whose line crosses the star are left


# ----- the sheet and the window ------------------------------------------------------------
@pytest.mark.parametrize("name", FIEFS)
@pytest.mark.parametrize("width", [535.0, 552.0])  # A4 and Letter
def test_sheet_diagram_labels(name, width):
    fief = FIEFS[name]()
    drawing, labels, layout = system_layout(fief, HC, width)
    check(layout)
    assert drawing.height <= 300
    # every body's name is a label of the diagram
    from landsraad.house.place_names import place_names

    texts = " ".join(lab.text for lab in labels)  # a name wrapped on two lines reads whole
    names = place_names(fief, HC)
    for b in fief.bodies:
        if b.circles and fief.body(b.circles) is not None:  # a ring is drawn round its body ("ringed")
            continue
        assert names.body(b.id) in texts, names.body(b.id)


@pytest.mark.parametrize("name", FIEFS)
@pytest.mark.parametrize("size", [(1000, 300), (1240, 330), (460, 380), (1800, 600)])
def test_window_drawing_labels(window, name, size):
    from landsraad.gui.documents import Document
    from landsraad.gui.fief.drawing import SystemDrawing

    doc = Document("fief", FIEFS[name]())
    drawing = SystemDrawing(doc)
    drawing.resize(*size)
    drawing.grab()
    check(drawing.last_layout)
    assert drawing.last_layout.bounds.x1 <= size[0] and drawing.last_layout.bounds.y1 <= size[1]
    assert len(drawing.accessibleDescription().split("; ")) >= len(doc.state.bodies)
