"""kit.viz: pictures a person reads at a glance. Text on a coloured tile meets WCAG AA contrast
(4.5:1) in every explorer's picture; the contrast itself is checked against WCAG's own numbers."""

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import to_rgba
from matplotlib.patches import FancyBboxPatch, Rectangle
from matplotlib.transforms import Bbox

from kit import viz

AA = 4.5


@pytest.mark.parametrize("a, b, ratio", [("white", "black", 21.0), ("#777777", "white", 4.48),
                                         ("#767676", "white", 4.54), ("white", "white", 1.0)])
def test_contrast_matches_wcag(a, b, ratio):
    assert viz.contrast(a, b) == pytest.approx(ratio, abs=0.01)
    assert viz.contrast(b, a) == viz.contrast(a, b)


@pytest.mark.parametrize("colour", [*viz.PALETTE, viz.IDLE, "#ffff00", "#777777", "#000080"])
def test_ink_reads_on_every_colour(colour):
    assert viz.contrast(viz.ink(colour), colour) >= AA


def _explorers():
    from kit.widgets.backoff import AwsExplorer, BackoffExplorer
    from kit.widgets.balance import BalanceExplorer, SearchExplorer
    from kit.widgets.batching import BatchingExplorer
    from kit.widgets.cooldown import CooldownExplorer, RateLimitExplorer
    from kit.widgets.dag import DagExplorer
    from kit.widgets.edf import EdfExplorer
    from kit.widgets.lease import LeaseExplorer
    from kit.widgets.mlfq import FairExplorer, MlfqExplorer
    from kit.widgets.policies import RaceExplorer, StarvationExplorer
    from kit.widgets.scheduler import SchedulerExplorer

    return [EdfExplorer, RaceExplorer, StarvationExplorer, MlfqExplorer, FairExplorer,
            BackoffExplorer, AwsExplorer, lambda: LeaseExplorer("crash"), SchedulerExplorer,
            DagExplorer, lambda: SearchExplorer([3, 5, 7, 2, 9, 4, 6, 8], cpus=2),
            BalanceExplorer, CooldownExplorer, RateLimitExplorer, BatchingExplorer]


def _tiles(ax):
    """(display-space box, solid RGB) of every filled patch and marker in the axes."""
    for patch in ax.patches:
        if isinstance(patch, Rectangle | FancyBboxPatch) and patch.get_fill():
            yield patch.get_window_extent(), _on_white(patch.get_facecolor())
    for collection in ax.collections:  # scatter nodes (the dependency graph)
        colours = collection.get_facecolors()
        for k, (x, y) in enumerate(collection.get_offsets()):
            cx, cy = collection.get_offset_transform().transform((x, y))
            r = (collection.get_sizes()[0] ** 0.5) * ax.figure.dpi / 72 / 2 * 0.6
            yield Bbox([[cx - r, cy - r], [cx + r, cy + r]]), _on_white(colours[k % len(colours)])


def _on_white(rgba):
    r, g, b, a = to_rgba(rgba)
    return tuple(a * c + (1 - a) for c in (r, g, b))


def test_text_on_tiles_meets_wcag_aa_in_every_explorer(monkeypatch):
    figures = []
    real = viz.png
    monkeypatch.setattr(viz, "png", lambda fig, *a, **k: figures.append(fig) or real(fig, *a, **k))
    for make in _explorers():
        make()
    checked = 0
    for fig in figures:
        renderer = FigureCanvasAgg(fig).get_renderer()
        for ax in fig.axes:
            tiles = list(_tiles(ax))
            for text in ax.texts:
                if not text.get_text().strip() or not text.get_visible():
                    continue
                box = text.get_window_extent(renderer)
                x, y = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2  # the middle of the text
                under = [rgb for box, rgb in tiles if box.contains(x, y)]
                if under:
                    checked += 1
                    ratio = viz.contrast(text.get_color(), under[-1])
                    assert ratio >= AA, (text.get_text(), text.get_color(), under[-1], ratio)
    assert checked > 50  # the test looked at the tiles' labels, not at nothing


def test_an_explorer_marks_a_change_while_it_draws():
    """Between a control's change and the new picture the status line carries the late sign
    (the browser shows it if drawing takes over 150 ms); after the picture it is gone."""
    from kit.widgets import base
    from kit.widgets.cooldown import CooldownExplorer

    explorer = CooldownExplorer("AAB", n=1)
    seen = []
    real = explorer.update
    explorer.update = lambda: (seen.append(explorer.status.value), real())
    explorer.n.value = 2
    assert seen == [base.LATE] and "⏳" in base.LATE
    assert explorer.status.value == "" and explorer.lines[0].startswith("least_interval = 4")
