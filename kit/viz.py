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


def luminance(colour) -> float:
    """WCAG 2 relative luminance of a matplotlib colour (0 black, 1 white)."""
    from matplotlib.colors import to_rgb

    def linear(c):
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in to_rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """WCAG 2 contrast ratio of two colours, 1 to 21 (AA asks 4.5 for small text)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink(background) -> str:
    """The text colour for a label on `background`: white where it reads at WCAG AA (4.5:1),
    else black (every colour has one of the two at 4.5 or better)."""
    return "white" if contrast("white", background) >= 4.5 else "black"


def _tidy(ax, grid: str | None = "x") -> None:
    """The house style: light grid lines behind the data (on `grid`), no top or right frame."""
    if grid:
        ax.grid(axis=grid, alpha=0.3)
        ax.set_axisbelow(True)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)


def _titled(fig: Figure, ax, title: str) -> Figure:
    """A title on the left (when there is one), a tight layout, and the figure back."""
    if title:
        ax.set_title(title, fontsize=11, loc="left")
    fig.tight_layout()
    return fig


def _lanes_layout(fig: Figure, ax, title: str, labels: Sequence[str]) -> Figure:
    """`_titled` for lane charts, with margins worked out from the lane labels instead of a
    tight layout (which draws every text once more: a fifth of an explorer's redraw). Room for
    the longest label line at 10 pt, the time axis below, the title and the marks above."""
    if title:
        ax.set_title(title, fontsize=11, loc="left")
    widest = max((len(line) for label in labels for line in str(label).split("\n")), default=1)
    width, height = fig.get_size_inches()
    fig.subplots_adjust(left=min(0.45, (0.3 + 0.068 * widest) / width), right=1 - 0.2 / width,
                        bottom=0.5 / height, top=1 - (0.35 if title else 0.12) / height)
    return fig


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
        fills = [colour.get(s[0], IDLE) for s in slices]
        if slices:  # one call per lane: a call per slice costs more than drawing them
            ax.barh([y] * len(slices), [s[2] - s[1] for s in slices],
                    left=[s[1] for s in slices], height=0.7, color=fills, edgecolor="white",
                    linewidth=1)
        for (name, start, stop, *label), fill in zip(slices, fills, strict=True):
            if stop - start >= end / 60:
                ax.text((start + stop) / 2, y, str(label[0] if label else name), ha="center",
                        va="center", fontsize=8, color=ink(fill), fontweight="bold")
        shared: dict = {}  # deadlines at the same time sit side by side, not on top of each other
        for name, t in (deadlines or {}).items():
            if any(s[0] == name for s in slices):
                k = shared[t] = shared.get(t, -1) + 1
                x = t + k * end / 150
                ax.plot([x, x], [y + 0.38, y + 0.5], color=colour.get(name, "black"), lw=2.5)
        for t, text in (marks or {}).get(lane, ()):
            ax.text(t, y + 0.42, text, ha="center", va="bottom", fontsize=8)
    if now is not None:
        ax.axvline(now, color="black", lw=1, ls="--")
    ax.set_yticks(range(len(lanes)), list(lanes)[::-1])
    ax.set_xlim(0, end * 1.02)
    ax.set_ylim(-0.6, len(lanes) - 0.2 + 0.3)
    ax.set_xlabel("time (ticks)")
    _tidy(ax)
    return _lanes_layout(fig, ax, title, list(lanes))


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
    _tidy(ax, grid=None)
    return _titled(fig, ax, title)


DPI = 100  # pixels per inch of every picture: a 9-inch figure is 900 pixels wide on the page


def png(fig: Figure, dpi: int = DPI) -> bytes:
    """The figure as PNG bytes (for an ipywidgets.Image, or to save and look at). Light
    compression: an explorer redraws on every input, and level 1 is a fifth of the cost of the
    default for a few kilobytes more."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, pil_kwargs={"compress_level": 1})
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


# -- dependency graphs (topic 09) ---------------------------------------------------------------
def dag(deps: Mapping[str, Iterable[str]], *, path: Sequence[str] = (), text=None, labels=None,
        title: str = "", down: bool = False) -> Figure:
    """A dependency graph drawn in layers: a job's layer is the length of the longest chain of
    dependencies below it, so every arrow (dependency -> the job that needs it) points forward.
    Within a layer, jobs sit near the average height of their dependencies.

    path: a chain of names drawn thick and dark (e.g. the critical path); text: {name: str} written
    in the node (default the name); labels: {name: str} small caption beside it; down: layers from
    top to bottom (for trees) instead of left to right.
    """
    depth: dict = {}

    def layer(name, seen=()):
        if name not in depth:
            if name in seen:
                raise ValueError(f"deps has a cycle through {name!r}")
            depth[name] = 1 + max((layer(d, (*seen, name)) for d in deps[name]), default=-1)
        return depth[name]

    for name in deps:
        layer(name)
    layers: list[list] = [[] for _ in range(max(depth.values(), default=-1) + 1)]
    for name in deps:
        layers[depth[name]].append(name)
    across: dict = {}
    for i, names in enumerate(layers):
        if i:  # stable sort: near the dependencies' average, ties in input order
            names.sort(key=lambda n: sum(across[d] for d in deps[n]) / len(deps[n]))
        for j, name in enumerate(names):
            across[name] = j - (len(names) - 1) / 2
    xy = {n: (across[n], -depth[n]) if down else (depth[n], -across[n]) for n in deps}
    on_path = set(zip(path, path[1:], strict=False))
    long_side = max(len(layers), 1)
    short_side = max((len(names) for names in layers), default=1)
    size = (1.3 * short_side + 0.6, 1.1 * long_side + 0.5) if down else \
        (1.7 * long_side + 0.6, 0.95 * short_side + 0.7)
    fig = Figure(figsize=(max(size[0], 3.2), max(size[1], 1.8)))
    ax = fig.add_subplot()
    colour = colours(deps)
    for name in deps:
        for dep in deps[name]:
            hot = (dep, name) in on_path
            ax.annotate("", xy=xy[name], xytext=xy[dep], zorder=1, arrowprops=dict(
                arrowstyle="-|>", color="#333333" if hot else "#aaaaaa", lw=2.6 if hot else 1.2,
                shrinkA=17, shrinkB=17, mutation_scale=14))
    for name in deps:
        x, y = xy[name]
        hot = name in path
        ax.scatter([x], [y], s=1000, color=colour[name], zorder=2,
                   edgecolors="#333333" if hot else "white", linewidths=3 if hot else 1)
        ax.text(x, y, str(name if text is None else text[name]), ha="center", va="center",
                fontsize=10, color=ink(colour[name]), fontweight="bold", zorder=3)
        if labels is not None and name in labels:
            ax.text(x, y - 0.3, labels[name], ha="center", va="top", fontsize=8, zorder=3)
    xs, ys = [p[0] for p in xy.values()] or [0], [p[1] for p in xy.values()] or [0]
    ax.set_xlim(min(xs) - 0.5, max(xs) + 0.5)
    ax.set_ylim(min(ys) - 0.55, max(ys) + 0.4)
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=11, loc="left")
    fig.tight_layout()
    return fig


# -- backoff and jitter (topic 04): rows of counts over time, bars beside them ------------------
class CountRows:
    """The figure of `count_rows`, built once for fixed rows and side panels; `draw` changes only
    its artists' data (an explorer redraws it many times without building a figure again)."""

    def __init__(self, names: Sequence[str], panels: Sequence[str] = (), *, log: bool = False,
                 xlabel: str = "time", ylabel: str = "count", width: float = 10,
                 row_height: float = 1.05):
        from matplotlib.ticker import FuncFormatter, NullLocator

        self.names, self.log = list(names), log
        self.colour = {n: PALETTE[i % len(PALETTE)] for i, n in enumerate(self.names)}
        height = 0.8 + row_height * max(len(self.names), 2)
        self.fig = fig = Figure(figsize=(width, height))
        label = max((len(str(n)) for n in self.names), default=8)  # fixed margins: fast to draw
        grid = fig.add_gridspec(max(len(self.names), 1), 1 + len(panels),
                                width_ratios=[3.4] + [1] * len(panels),
                                left=(0.55 + 0.075 * label) / width, right=0.99,
                                top=1 - 0.35 / height, bottom=(0.75 if panels else 0.55) / height,
                                wspace=0.3, hspace=0.35)
        self.rows, first = {}, None
        for i, name in enumerate(self.names):
            ax = fig.add_subplot(grid[i, 0], sharex=first, sharey=first)
            first = first or ax
            steps = ax.stairs([0], [0, 1], fill=True, color=self.colour[name])
            ax.tick_params(labelsize=8)
            ax.tick_params(axis="x", labelbottom=i == len(self.names) - 1)
            for spine in ("top", "right"):
                ax.spines[spine].set_visible(False)
            if i == len(self.names) - 1:
                ax.set_xlabel(xlabel, fontsize=9)
            self.rows[name] = (ax, steps)
        self.first = first
        self.title = first.set_title("", fontsize=10, loc="left") if first else None
        if first is not None:
            if log:
                first.set_xscale("log")
                first.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
                first.xaxis.set_minor_locator(NullLocator())
            fig.text(0.005, 0.5, ylabel, rotation=90, va="center", fontsize=8, color="#555555")
        self.panels = {}
        for j, panel in enumerate(panels):
            ax = fig.add_subplot(grid[:, 1 + j])
            bars_ = ax.bar(range(len(self.names)), [0] * len(self.names),
                           color=[self.colour[k] for k in self.names])
            texts = [ax.text(p.get_x() + p.get_width() / 2, 0, "", ha="center", va="bottom",
                             fontsize=8) for p in bars_]
            ax.set_xticks(range(len(self.names)), self.names, rotation=30, ha="right",
                          fontsize=8)
            ax.tick_params(axis="y", labelsize=8)
            ax.set_xlim(-0.8, len(self.names) - 0.2)  # room for a wide number over the first bar
            ax.set_title(panel, fontsize=9, loc="left")
            for spine in ("top", "right"):
                ax.spines[spine].set_visible(False)
            self.panels[panel] = (ax, bars_, texts)

    def draw(self, rows: Mapping[str, tuple[Sequence[float], Sequence[int]]], *,
             highlight: str | None = None, side: Mapping[str, Mapping[str, float]] | None = None,
             title: str = "") -> Figure:
        """rows: {name: (edges, counts)} for the names given at first; side: {panel: {name:
        value}} for its panels (see `count_rows`)."""
        alpha = {n: 1.0 if highlight in (None, n) else 0.35 for n in self.names}
        for name, (ax, steps) in self.rows.items():
            edges, counts = rows[name]
            steps.set_data(values=counts, edges=edges)
            steps.set_alpha(alpha[name])
            ax.set_ylabel(f"{name}\npeak {max(counts, default=0):,}", rotation=0, ha="right",
                          va="center", fontsize=9,
                          fontweight="bold" if name == highlight else "normal")
        if self.first is not None:
            low = min((e[0] for e, _ in rows.values() if len(e)), default=0)
            high = max((e[-1] for e, _ in rows.values() if len(e)), default=1)
            # a little room past the last edge, so the rightmost bin is never flush with the frame
            self.first.set_xlim(low, high * (high / low) ** 0.02 if self.log and low > 0
                                else high + (high - low) * 0.02)
            peak = max((max(c, default=0) for _, c in rows.values()), default=0)
            self.first.set_ylim(0, max(peak, 1) * 1.05)
            self.title.set_text(title)
        for panel, (ax, bars_, texts) in self.panels.items():
            values = (side or {})[panel]
            for name, patch, text in zip(self.names, bars_, texts, strict=True):
                value = values.get(name, 0)
                patch.set_height(value)
                patch.set_alpha(alpha[name])
                text.set_position((patch.get_x() + patch.get_width() / 2, value))
                text.set_text(f"{value:,.0f}" if name in values else "")
            ax.set_ylim(0, max(max(values.values(), default=0), 1) * 1.15)
        return self.fig


def count_rows(rows: Mapping[str, tuple[Sequence[float], Sequence[int]]], *,
               highlight: str | None = None, side: Mapping[str, Mapping[str, float]] | None = None,
               log: bool = False, xlabel: str = "time", ylabel: str = "count", title: str = "",
               width: float = 10, row_height: float = 1.05) -> Figure:
    """One row per key: `(edges, counts)` drawn as a step histogram (counts[i] between edges[i]
    and edges[i + 1]: calls per tick, retries per bin), all rows on shared axes so a spike in one
    row dwarfs a spread in another; each row's label shows its peak. log: a logarithmic time axis.
    side: {panel title: {row: value}} adds one bar chart per panel in a column on the right (e.g.
    total calls per row). highlight: the row drawn in full colour, the others faded."""
    chart = CountRows(list(rows), list(side or {}), log=log, xlabel=xlabel, ylabel=ylabel,
                      width=width, row_height=row_height)
    return chart.draw(rows, highlight=highlight, side=side, title=title)


def histogram_counts(rows: Mapping[str, Sequence[float]], *, bins: int = 80, xmin: float = 0.0,
                     xmax: float | None = None, log: bool = False) -> dict:
    """{name: (edges, counts)}: `bins` equal bins from xmin to xmax (default: the largest value);
    log: equal *ratios* instead (xmin must be > 0), so that times that grow exponentially get the
    same resolution early and late. Values below xmin count in the first bin; values above xmax
    are left out."""
    from bisect import bisect_right

    top = xmax if xmax is not None else max((max(v, default=0) for v in rows.values()), default=0)
    top = max(top, xmin * 2 if log else xmin + 1)
    if log:
        if xmin <= 0:
            raise ValueError(f"xmin must be > 0 for a log axis, got {xmin!r}")
        edges = [xmin * (top / xmin) ** (i / bins) for i in range(bins + 1)]
    else:
        edges = [xmin + (top - xmin) * i / bins for i in range(bins + 1)]
    counted = {}
    for name, values in rows.items():
        counts = [0] * bins
        for v in values:
            if v <= top:
                counts[min(max(bisect_right(edges, v) - 1, 0), bins - 1)] += 1
        counted[name] = (edges, counts)
    return counted


def histogram_rows(rows: Mapping[str, Sequence[float]], *, bins: int = 80, xmin: float = 0.0,
                   xmax: float | None = None, log: bool = False, **kwargs) -> Figure:
    """One histogram per key on shared axes (e.g. every retry time of every client, per strategy):
    `histogram_counts` drawn by `count_rows` (which takes the other keyword arguments). Narrow
    bins show a lock-step crowd as one tall spike."""
    return count_rows(histogram_counts(rows, bins=bins, xmin=xmin, xmax=xmax, log=log), log=log,
                      **kwargs)


# -- state timelines (topic 05) -----------------------------------------------------------------
def state_lanes(lanes: Mapping[str, Sequence[tuple]], *, colours: Mapping[str, str],
                marks: Mapping[str, Sequence[tuple[float, str]]] | None = None,
                deadlines: Mapping[str, tuple[float, str]] | None = None,
                now: float | None = None, xmax: float | None = None, title: str = "",
                width: float = 9, lane_height: float = 0.6) -> Figure:
    """One lane per key (e.g. a job); each lane is a list of (state, start, end, label) bars
    coloured by `colours[state]` (grey when missing), so a lane reads as the item's life.
    marks: {lane: [(t, text)]} a tick at t with a short text above the lane (texts at one t are
    joined; close ones are staggered); deadlines: {lane: (t, text)} a dotted red tick (e.g. when a
    lease runs out); now: a dashed vertical line; xmax: a fixed right edge (stable while stepping).
    """
    end = xmax if xmax is not None else max(
        [s[2] for bars_ in lanes.values() for s in bars_] + [now or 0, 1])
    fig = Figure(figsize=(width, 1.0 + lane_height * max(len(lanes), 1) * 1.6))
    ax = fig.add_subplot()
    for row, (lane, bars_) in enumerate(lanes.items()):
        y = len(lanes) - 1 - row
        if bars_:  # one call per lane, as in `gantt`
            ax.barh([y] * len(bars_), [max(b[2] - b[1], end / 300) for b in bars_],
                    left=[b[1] for b in bars_], height=0.45,
                    color=[colours.get(b[0], IDLE) for b in bars_], edgecolor="white",
                    linewidth=1)
        for state, start, stop, label in bars_:
            if label and stop - start >= end / 25:
                ax.text((start + stop) / 2, y, label, ha="center", va="center", fontsize=10,
                        fontweight="bold", color=ink(colours.get(state, IDLE)))
        joined: dict = {}
        for t, text in (marks or {}).get(lane, ()):
            joined.setdefault(t, []).append(text)
        level, last = 0, None
        for t in sorted(joined):
            level = 1 - level if last is not None and t - last < end / 8 else 0
            last = t
            ax.plot([t, t], [y - 0.25, y + 0.25 + 0.2 * level], color="black", lw=1.2)
            ax.text(t, y + 0.26 + 0.2 * level, " ".join(joined[t]), ha="center", va="bottom",
                    fontsize=7.5)
        if deadlines and lane in deadlines:
            t, text = deadlines[lane]
            ax.plot([t, t], [y - 0.3, y + 0.3], color="#cf222e", lw=1.5, ls=":")
            ax.text(t, y - 0.32, text, ha="center", va="top", fontsize=7.5, color="#cf222e")
    if now is not None:
        ax.axvline(now, color="black", lw=1, ls="--", alpha=0.6)
    ax.set_yticks(range(len(lanes)), list(lanes)[::-1])
    ax.set_xlim(0, end)
    ax.set_ylim(-0.7, len(lanes) - 0.25)
    ax.set_xlabel("time (ticks)")
    _tidy(ax)
    return _lanes_layout(fig, ax, title, list(lanes))


def box_rows(rows: Mapping[str, Sequence[tuple]], *, names: Iterable[str] = (), title: str = "",
             width: float = 9.5, columns: int = 8, front: int = 0) -> Figure:
    """One labelled row of boxes per key, left to right (e.g. a heap's entries in pop order).

    A box is (name, text, faded): coloured per name as in `gantt` (`names` fixes the colours
    across pictures); a faded box (a dead entry, an idle slot) is grey with a dashed edge.
    The first `front` rows get a small "front" mark over their first box.
    """
    from matplotlib.patches import FancyBboxPatch

    colour = colours([*names, *(box[0] for boxes in rows.values() for box in boxes)])
    columns = max([len(boxes) for boxes in rows.values()] + [columns])
    fig = Figure(figsize=(width, 0.5 + 0.85 * len(rows)))
    ax = fig.add_subplot()
    for r, (label, boxes) in enumerate(rows.items()):
        y = len(rows) - 1 - r
        ax.text(-0.15, y, label, ha="right", va="center", fontsize=9)
        if boxes and r < front:
            ax.text(0.45, y + 0.36, "front", ha="center", va="bottom", fontsize=7, color="#666")
        if not boxes:
            ax.text(0.05, y, "(empty)", ha="left", va="center", fontsize=9, color="#888888")
        for i, (name, text, faded) in enumerate(boxes):
            fill = "#eeeeee" if faded else colour.get(name, IDLE)
            ax.add_patch(FancyBboxPatch(
                (i + 0.04, y - 0.34), 0.82, 0.68, boxstyle="round,pad=0.02", facecolor=fill,
                edgecolor="#999999" if faded else "white", linestyle="--" if faded else "-"))
            ax.text(i + 0.45, y, text, ha="center", va="center", fontsize=8,
                    color="#595959" if faded else ink(fill), fontweight="bold")
    ax.set_xlim(-0.1, columns)
    ax.set_ylim(-0.6, len(rows) - 0.4)
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=10, loc="left")
    fig.subplots_adjust(left=0.2, right=0.99, top=0.88 if title else 0.98, bottom=0.02)
    return fig


# -- MLFQ levels and fair shares (topic 03) -----------------------------------------------------
def gantt_levels(lanes: Mapping[str, Sequence[tuple]], steps: Mapping[str, Sequence[tuple]], *,
                 levels: int, boosts: Sequence[float] = (), xmax: float | None = None,
                 title: str = "", width: float = 9,
                 colour: Mapping[str, str] | None = None) -> Figure:
    """A Gantt chart (one lane per job: (name, start, end, label) bars) above a plot of each job's
    level over time: steps {lane: [(start, end, level), ...]} drawn as lines in the lane's colour,
    level 0 at the top so a job that sinks goes down. boosts: times drawn as dotted lines;
    colour: {lane: colour} to keep a job's colour fixed across pictures (default by name)."""
    colour = dict(colour) if colour is not None else colours(lanes)
    end = xmax if xmax is not None else max(
        [s[2] for slices in lanes.values() for s in slices] + [1])
    fig = Figure(figsize=(width, 1.6 + 0.45 * max(len(lanes), 1) + 0.45 * levels))
    grid = fig.add_gridspec(2, 1, height_ratios=[max(len(lanes), 1), levels + 0.6], hspace=0.12)
    top = fig.add_subplot(grid[0])
    low = fig.add_subplot(grid[1], sharex=top)
    for row, (lane, slices) in enumerate(lanes.items()):
        y = len(lanes) - 1 - row
        for _name, start, stop, label in slices:
            top.barh(y, stop - start, left=start, height=0.7, color=colour[lane],
                     edgecolor="white", linewidth=0.8)
            if label and stop - start >= end / 40:
                top.text((start + stop) / 2, y, label, ha="center", va="center", fontsize=7.5,
                         color=ink(colour[lane]), fontweight="bold")
    top.set_yticks(range(len(lanes)), list(lanes)[::-1])
    top.set_ylim(-0.6, len(lanes) - 0.4)
    top.tick_params(axis="x", labelbottom=False)
    for row, (lane, segments) in enumerate(steps.items()):
        nudge = (row - (len(steps) - 1) / 2) * 0.09
        xs, ys = [], []
        for start, stop, level in segments:
            if xs and xs[-1] != start:  # a gap (the job was not in the system): break the line
                xs.append(float("nan"))
                ys.append(float("nan"))
            xs += [start, stop]
            ys += [level + nudge, level + nudge]
        low.plot(xs, ys, color=colour.get(lane, IDLE), lw=2.2)
    low.set_yticks(range(levels), [f"level {k}" + (" (top)" if k == 0 else "")
                                   for k in range(levels)])
    low.set_ylim(levels - 0.5, -0.5)
    low.set_xlabel("time (ticks)")
    for ax in (top, low):
        for t in boosts:
            ax.axvline(t, color="#555555", lw=1, ls=":")
        _tidy(ax)
    top.set_xlim(0, end * 1.01)
    if title:
        top.set_title(title, fontsize=11, loc="left")
    height = fig.get_figheight()
    fig.subplots_adjust(left=0.14, right=0.98, top=1 - (0.4 if title else 0.15) / height,
                        bottom=0.5 / height)
    return fig


def share_lines(series: Mapping[str, tuple[Sequence[float], Sequence[float]]], *,
                targets: Mapping[str, float] | None = None, xlabel: str = "", ylabel: str = "",
                title: str = "", width: float = 8) -> Figure:
    """One line per key, series {name: (xs, ys)}, e.g. each tenant's share of the work after each
    round; targets {name: y}: a dashed line in the same colour where that line should settle."""
    colour = colours(series)
    fig = Figure(figsize=(width, 3.4))
    ax = fig.add_subplot()
    for name, (xs, ys) in series.items():
        ax.plot(xs, ys, color=colour[name], lw=2, label=name, marker="o", markersize=3)
        if targets and name in targets:
            ax.axhline(targets[name], color=colour[name], lw=1.2, ls="--", alpha=0.8)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_ylim(bottom=0)
    ax.legend(fontsize=8, frameon=False, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    ax.grid(alpha=0.3)
    _tidy(ax, grid=None)
    return _titled(fig, ax, title)
