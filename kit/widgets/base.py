"""What every explorer shares: a VBox with a readout, a picture, and a stable plain-text form."""

import html

import ipywidgets as w

from kit import viz

BUSY_STYLE = "color:#7a4d00;background:#fff3cd;padding:2px 8px;border-radius:3px"
# the sign put up while a change is drawn: it fades in only if the new picture is not there within
# 150 ms, so a quick redraw shows no flash and a slow one never leaves a stale picture unmarked
LATE = ("<style>@keyframes kit-late {from {opacity: 0} to {opacity: 1}}</style>"
        f"<span style='{BUSY_STYLE};animation:kit-late 0.1s linear 0.15s both'>⏳ drawing the "
        "new picture</span>")


class Explorer(w.VBox):
    """An explorer is controls + a picture + a readout (HTML), redrawn by `update()`.

    Its plain-text form (what a notebook stores and nbval compares) is the readout as text, so a
    stored notebook shows the same numbers the widget shows, without addresses or model ids.
    The picture is shown at the size it was drawn (100 pixels per inch, like the static charts),
    never stretched; a narrow window shrinks it. `busy(text)` puts a visible sign above a picture
    that is about to be replaced; `show` takes it away.
    """

    title = "Explorer"

    def __init__(self, controls, **kwargs):
        self.picture = w.Image(format="png", layout=w.Layout(max_width="100%", height="auto"))
        self.status = w.HTML(layout=w.Layout(min_height="24px"))  # no jump when a sign shows
        self.readout = w.HTML()
        self.lines: list[str] = []
        super().__init__([*controls, self.status, self.picture, self.readout], **kwargs)
        self.add_class("kit-explorer")  # what the browser tests and the benchmark look for
        for c in self.watched(controls):
            c.observe(lambda _change: self.changed(), names="value")
        self.update()

    def changed(self) -> None:
        """A control moved: the late sign goes up first (the browser gets it while the kernel
        draws), then `update`; the sign comes down unless `update` left a sign of its own."""
        self.status.value = LATE
        self.update()
        if self.status.value == LATE:
            self.status.value = ""

    @staticmethod
    def watched(controls):
        """Every value widget inside `controls` (boxes are searched)."""
        for c in controls:
            if isinstance(c, w.Box):
                yield from Explorer.watched(c.children)
            elif hasattr(c, "value") and not isinstance(c, w.HTML | w.Label | w.Image):
                yield c

    @staticmethod
    def place(image: w.Image, fig) -> None:
        """Put the figure into an Image widget at the width it was drawn (never stretched)."""
        width = f"{round(fig.get_figwidth() * viz.DPI)}px"
        if image.layout.width != width:
            image.layout.width = width
        image.value = viz.png(fig)

    def show(self, fig, lines: list[str]) -> None:
        """Draw a figure and a list of readout lines (plain text; shown as HTML lines)."""
        self.place(self.picture, fig)
        self.lines = lines
        self.readout.value = "<br>".join(html.escape(line) for line in lines)
        self.status.value = ""

    def busy(self, text: str) -> None:
        """A visible sign that the picture and readout below are about to change."""
        self.status.value = f"<span style='{BUSY_STYLE}'>⏳ {html.escape(text)}</span>"

    def update(self) -> None:  # pragma: no cover - each explorer defines it
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = "\n".join([f"[{self.title}]", *self.lines])
        return bundle
