"""Drawing what the core returns: Gantt lanes, bars and timelines, with matplotlib.

Every function returns a `matplotlib.figure.Figure` built without pyplot (no global state), so a
notebook cell that ends with it shows one picture, and a widget can redraw it in an Output.
Colours are fixed per job name, so the same job has the same colour in every lane and picture.
"""

import io
from collections.abc import Iterable, Mapping, Sequence

from matplotlib.figure import Figure

PALETTE = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1",
           "#ff9da7", "#9c755f", "#bab0ac"]
IDLE = "#dddddd"


def colours(names: Iterable[str]) -> dict[str, str]:
    """A fixed colour per name, in order of first appearance (sorted, so it is stable)."""
    return {n: PALETTE[i % len(PALETTE)] for i, n in enumerate(sorted(set(names), key=str))}


def gantt(lanes: Mapping[str, Sequence[tuple]], *, title: str = "", deadlines=None,
          marks: Mapping[str, Sequence[tuple[float, str]]] | None = None, now: float | None = None,
          width: float = 9, lane_height: float = 0.55, xmax: float | None = None) -> Figure:
    """One horizontal lane per key; each lane is a list of (name, start, end[, label]) slices.

    The bar shows `label` (default: the name). deadlines: {name: t} drawn as a tick (a small
    flag above the bar) in the job's colour on every lane where the job runs;
    marks: {lane: [(t, text)]} short labels above a lane (e.g. lateness); now: a vertical line.
    """
    names = [s[0] for slices in lanes.values() for s in slices]
    colour = colours(names)
    end = max([s[2] for slices in lanes.values() for s in slices] + [now or 0, 1]
              + list((deadlines or {}).values()))
    end = xmax if xmax is not None else end
    fig = Figure(figsize=(width, 0.6 + lane_height * max(len(lanes), 1) * 1.6))
    ax = fig.add_subplot()
    for row, (lane, slices) in enumerate(lanes.items()):
        y = len(lanes) - 1 - row
        for name, start, stop, *label in slices:
            ax.barh(y, stop - start, left=start, height=0.7, color=colour.get(name, IDLE),
                    edgecolor="white", linewidth=1)
            if stop - start >= end / 60:
                ax.text((start + stop) / 2, y, str(label[0] if label else name), ha="center",
                        va="center", fontsize=8, color="white", fontweight="bold")
        for name, t in (deadlines or {}).items():
            if any(s[0] == name for s in slices):
                ax.plot([t, t], [y + 0.38, y + 0.5], color=colour.get(name, "black"), lw=2.5)
        for t, text in (marks or {}).get(lane, ()):
            ax.text(t, y + 0.42, text, ha="center", va="bottom", fontsize=8)
    if now is not None:
        ax.axvline(now, color="black", lw=1, ls="--")
    ax.set_yticks(range(len(lanes)), list(lanes)[::-1])
    ax.set_xlim(0, end * 1.02)
    ax.set_ylim(-0.6, len(lanes) - 0.2 + 0.3)
    ax.set_xlabel("time (ticks)")
    ax.grid(axis="x", alpha=0.3)
    ax.set_axisbelow(True)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    if title:
        ax.set_title(title, fontsize=11, loc="left")
    fig.tight_layout()
    return fig


def bars(values: Mapping[str, float], *, title: str = "", ylabel: str = "", width: float = 5,
         fmt: str = "{:g}") -> Figure:
    """A labelled bar per key (e.g. total calls per strategy)."""
    fig = Figure(figsize=(width, 3))
    ax = fig.add_subplot()
    keys = list(values)
    ax.bar(keys, [values[k] for k in keys], color=PALETTE[: len(keys)])
    for i, k in enumerate(keys):
        ax.text(i, values[k], fmt.format(values[k]), ha="center", va="bottom", fontsize=9)
    ax.set_ylabel(ylabel)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    if title:
        ax.set_title(title, fontsize=11, loc="left")
    fig.tight_layout()
    return fig


def png(fig: Figure, dpi: int = 100) -> bytes:
    """The figure as PNG bytes (for an ipywidgets.Image, or to save and look at)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()


def _show_figures_in_ipython() -> None:
    """In IPython, show a returned Figure as PNG (pyplot is never imported to do it)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython is a dependency of the kit
        return
    shell = get_ipython()
    if shell is not None:
        shell.display_formatter.formatters["image/png"].for_type(Figure, png)


_show_figures_in_ipython()
