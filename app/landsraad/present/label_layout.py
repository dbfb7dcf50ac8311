"""Where the labels of a drawing of the system go, so that none overlaps another, none
leaves the drawing and none sits on the star (issue 15).

Plain geometry, free of Qt and of reportlab: the window's drawing (y down, pixels) and the
Fief sheet's diagram (y up, points) both measure their labels in their own fonts and ask
``place_labels`` for the rectangles; both then draw each label's text inside its
rectangle.  Each label goes to the free spot nearest its body: first round the body at
growing distances, then anywhere in the drawing, nearest first.  ``fit_labels`` tries
smaller type when the labels at full size cannot all be placed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TypeVar

import attrs

T = TypeVar("T")


@attrs.frozen
class Box:
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2

    def intersects(self, other: Box) -> bool:
        return self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1

    def inside(self, other: Box) -> bool:
        return self.x0 >= other.x0 and self.y0 >= other.y0 and self.x1 <= other.x1 and self.y1 <= other.y1

    def grown(self, by: float) -> Box:
        return Box(self.x0 - by, self.y0 - by, self.x1 + by, self.y1 + by)


@attrs.frozen
class Disc:
    x: float
    y: float
    r: float

    def intersects(self, box: Box) -> bool:
        nx = min(max(self.x, box.x0), box.x1)
        ny = min(max(self.y, box.y0), box.y1)
        return (nx - self.x) ** 2 + (ny - self.y) ** 2 < self.r**2


@attrs.frozen
class Request:
    """One label: the point it belongs to (a body's centre), how far from that point it
    must start (the body and its Territory marks), and its width and height."""

    x: float
    y: float
    clear: float
    width: float
    height: float


@attrs.frozen
class Layout:
    """A drawing's labels as placed, with what they had to keep clear of (for checks)."""

    requests: list[Request]
    boxes: list[Box | None]
    bounds: Box
    star: Disc | None
    obstacles: list[Box]

    @property
    def complete(self) -> bool:
        return all(b is not None for b in self.boxes)


# directions tried round a body: each group at growing distances before the next group;
# in a group, this order (y down: 90 is below).  Round a body: right, left, below, above,
# then the diagonals, nearest first.
SIDES_FIRST: tuple[tuple[float, ...], ...] = (
    (0, 180, 90, 270, 45, 135, 225, 315, 22.5, 157.5, 202.5, 337.5, 67.5, 112.5, 247.5, 292.5),
)
# for a row of bodies (the sheet's orrery): straight above or below the body, however far,
# so each label stands over its own body and not its neighbour's; then anywhere round it
ABOVE_BELOW_FIRST: tuple[tuple[float, ...], ...] = ((90, 270), (60, 120, 240, 300, 30, 150, 210, 330, 0, 180))


_UNIT: dict[float, tuple[float, float]] = {}  # angle -> its unit vector, computed once


def _unit(a: float) -> tuple[float, float]:
    found = _UNIT.get(a)
    if found is None:
        found = _UNIT[a] = (math.cos(math.radians(a)), math.sin(math.radians(a)))
    return found


def _round_the_body(req: Request, step: float, rings: int, angles: Sequence[Sequence[float]]):
    for group in angles:
        for k in range(rings):
            d = req.clear + 2 + k * step
            for a in group:
                ux, uy = _unit(a)
                cx = req.x + ux * d + (math.copysign(req.width / 2, ux) if abs(ux) > 1e-6 else 0)
                cy = req.y + uy * d + (math.copysign(req.height / 2, uy) if abs(uy) > 1e-6 else 0)
                yield cx - req.width / 2, cy - req.height / 2, cx + req.width / 2, cy + req.height / 2


def _anywhere(req: Request, bounds: Box):
    """Every spot of the drawing on a grid, nearest to the body first."""
    sx = max(req.height / 2, 4.0)
    sy = max(req.height / 3, 3.0)
    spots = []
    nx = int((bounds.width - req.width) / sx) + 1
    ny = int((bounds.height - req.height) / sy) + 1
    for i in range(max(nx, 0)):
        for j in range(max(ny, 0)):
            x0, y0 = bounds.x0 + i * sx, bounds.y0 + j * sy
            cx, cy = x0 + req.width / 2, y0 + req.height / 2
            spots.append(((cx - req.x) ** 2 + (cy - req.y) ** 2, x0, y0))
    spots.sort()
    for _d, x0, y0 in spots:
        yield x0, y0, x0 + req.width, y0 + req.height


def place_labels(
    requests: Sequence[Request],
    bounds: Box,
    star: Disc | None = None,
    obstacles: Sequence[Box] = (),
    gap: float = 2.0,
    angles: Sequence[Sequence[float]] = SIDES_FIRST,
    lines_may_cross: bool = True,
) -> list[Box | None]:
    """A rectangle per request (None where no free spot is left), each inside ``bounds``,
    clear of the star's disc and of ``obstacles`` (the bodies, the legend), and at least
    ``gap`` from every other label; the line joining a label set apart to its body crosses
    no other label nor the star where any free spot allows it (and never, if not
    ``lines_may_cross``: the label is left without a place).

    Labels are placed one after the other, each taking the free spot nearest its body; when
    that leaves a label out or far from its body, other orders are tried (the reverse, from
    the star outwards, top to bottom) and the one that places most, with the shortest
    lines, is kept."""
    n = len(requests)
    orders = [list(range(n))]
    best = _place_in_order(requests, orders[0], bounds, star, obstacles, gap, angles, lines_may_cross)
    if _cost(requests, best)[0] == 0 and _longest(requests, best) <= _far(requests):
        return best
    cx, cy = (star.x, star.y) if star is not None else bounds.centre
    orders += [
        list(reversed(range(n))),
        sorted(range(n), key=lambda i: math.hypot(requests[i].x - cx, requests[i].y - cy)),
        sorted(range(n), key=lambda i: requests[i].y),
    ]
    for order in orders[1:]:
        boxes = _place_in_order(requests, order, bounds, star, obstacles, gap, angles, lines_may_cross)
        if _cost(requests, boxes) < _cost(requests, best):
            best = boxes
    return best


def _far(requests: Sequence[Request]) -> float:
    """A line longer than twice the shortest label's height is a long one."""
    return 2 * min((r.height for r in requests), default=0.0)


def _longest(requests: Sequence[Request], boxes: Sequence[Box | None]) -> float:
    return max(
        (
            math.dist(*(lambda s: ((s[0], s[1]), (s[2], s[3])))(leader(r, b)))
            for r, b in zip(requests, boxes)
            if b is not None and leader_needed(r, b)
        ),
        default=0.0,
    )


def _cost(requests: Sequence[Request], boxes: Sequence[Box | None]) -> tuple[int, float]:
    """(labels left out, total length of the lines joining labels to their bodies)."""
    missing = sum(1 for b in boxes if b is None)
    length = 0.0
    for req, box in zip(requests, boxes):
        if box is not None and leader_needed(req, box):
            x1, y1, x2, y2 = leader(req, box)
            length += math.hypot(x2 - x1, y2 - y1)
    return missing, length


def _place_in_order(requests, order, bounds, star, obstacles, gap, angles, lines_may_cross) -> list[Box | None]:
    placed: list[Box] = []
    placed_grown: list[Box] = []  # each placed label grown by gap / 2, once (see _free)
    lines: list[tuple[float, float, float, float]] = []
    out: list[Box | None] = [None] * len(requests)
    for i in order:
        req = requests[i]
        spot = fallback = None
        for spot_xy in _candidates(req, bounds, angles):  # (x0, y0, x1, y1): a Box once free
            if not _free_xy(spot_xy, bounds, star, obstacles, gap, placed_grown):
                continue
            box = Box(*spot_xy)
            fallback = fallback or box
            if any(_crosses(seg, box) for seg in lines):
                continue
            seg = leader(req, box) if leader_needed(req, box) else None
            if seg is not None and (
                any(_crosses(seg, p) for p in placed) or (star is not None and _touches_disc(seg, star))
            ):
                continue
            spot = box
            break
        # no spot whose line crosses no label: the nearest free one (its line may cross)
        spot = spot or (fallback if lines_may_cross else None)
        if spot is not None and leader_needed(req, spot):
            lines.append(leader(req, spot))
        out[i] = spot
        if spot is not None:
            placed.append(spot)
            placed_grown.append(spot.grown(gap / 2))
    return out


def _candidates(req: Request, bounds: Box, angles: Sequence[Sequence[float]]):
    yield from _round_the_body(req, max(req.height / 3, 4.0), 10, angles)
    yield from _anywhere(req, bounds)


def _touches_disc(seg: tuple[float, float, float, float], disc: Disc) -> bool:
    """Whether a line segment runs over a disc (the star)."""
    x1, y1, x2, y2 = seg
    dx, dy = x2 - x1, y2 - y1
    t = ((disc.x - x1) * dx + (disc.y - y1) * dy) / ((dx * dx + dy * dy) or 1.0)
    t = min(max(t, 0.0), 1.0)
    return math.hypot(x1 + t * dx - disc.x, y1 + t * dy - disc.y) < disc.r


def _crosses(seg: tuple[float, float, float, float], box: Box) -> bool:
    """Whether a line segment passes through a rectangle (Liang-Barsky)."""
    x1, y1, x2, y2 = seg
    dx, dy = x2 - x1, y2 - y1
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x1 - box.x0), (dx, box.x1 - x1), (-dy, y1 - box.y0), (dy, box.y1 - y1)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return t1 - t0 > 1e-6


def _free(
    box: Box,
    bounds: Box,
    star: Disc | None,
    obstacles: Sequence[Box],
    placed: Sequence[Box],
    gap: float,
    placed_grown: Sequence[Box] | None = None,
) -> bool:
    """Whether ``box`` is inside the drawing, off the star, and clear of the obstacles and
    of the labels placed (``placed_grown``: those labels already grown by ``gap / 2``)."""
    return _free_xy(
        (box.x0, box.y0, box.x1, box.y1),
        bounds,
        star,
        obstacles,
        gap,
        placed_grown if placed_grown is not None else [q.grown(gap / 2) for q in placed],
    )


def _free_xy(
    spot: tuple[float, float, float, float],
    bounds: Box,
    star: Disc | None,
    obstacles: Sequence[Box],
    gap: float,
    placed_grown: Sequence[Box],
) -> bool:
    """``_free`` of a spot given as its four numbers: the comparisons ``Box.inside``,
    ``Disc.intersects`` and ``Box.intersects`` make, on the numbers ``Box.grown`` gives,
    with no Box made: it runs for every spot tried round every body (issue 15: a House's
    name typed with the table view open lays the labels out at every key)."""
    x0, y0, x1, y1 = spot
    if not (x0 >= bounds.x0 and y0 >= bounds.y0 and x1 <= bounds.x1 and y1 <= bounds.y1):
        return False
    if star is not None:
        sx, sy = star.x, star.y
        nx = min(max(sx, x0 - gap), x1 + gap)
        ny = min(max(sy, y0 - gap), y1 + gap)
        if (nx - sx) ** 2 + (ny - sy) ** 2 < star.r**2:
            return False
    g = gap / 2
    wx0, wy0, wx1, wy1 = x0 - g, y0 - g, x1 + g, y1 + g
    for o in obstacles:
        if wx0 < o.x1 and o.x0 < wx1 and wy0 < o.y1 and o.y0 < wy1:
            return False
    return all(not (wx0 < p.x1 and p.x0 < wx1 and wy0 < p.y1 and p.y0 < wy1) for p in placed_grown)


def fit_labels(
    measure: Callable[[T], Sequence[Request]],
    levels: Sequence[T],
    bounds: Box,
    star: Disc | None = None,
    obstacles: Sequence[Box] = (),
    gap: float = 2.0,
    angles: Sequence[Sequence[float]] = SIDES_FIRST,
) -> tuple[T, list[Request], list[Box | None]]:
    """The first of ``levels`` (type sizes, say, largest first) at which every label finds a
    place, with its requests (``measure(level)``) and rectangles; past the last level, the
    labels that found a place at it."""
    if not levels:
        raise ValueError("fit_labels needs at least one level")
    reqs: list[Request] = []
    boxes: list[Box | None] = []
    for level in levels:
        reqs = list(measure(level))
        boxes = place_labels(reqs, bounds, star, obstacles, gap, angles)
        if all(b is not None for b in boxes):
            return level, reqs, boxes
    return levels[-1], reqs, boxes


def leader(req: Request, box: Box) -> tuple[float, float, float, float]:
    """The line joining a label set apart to its body: from the body's edge (``clear``
    from its centre) to the nearest point of the label's rectangle."""
    nx = min(max(req.x, box.x0), box.x1)
    ny = min(max(req.y, box.y0), box.y1)
    d = math.hypot(nx - req.x, ny - req.y) or 1.0
    k = min(req.clear / d, 1.0)
    return req.x + (nx - req.x) * k, req.y + (ny - req.y) * k, nx, ny


def leader_needed(req: Request, box: Box, slack: float = 6.0) -> bool:
    """Whether a label sits so far from its body that a line should join them."""
    nx = min(max(req.x, box.x0), box.x1)
    ny = min(max(req.y, box.y0), box.y1)
    return math.hypot(nx - req.x, ny - req.y) > req.clear + 2 + slack
