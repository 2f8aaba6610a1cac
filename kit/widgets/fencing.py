"""The fencing story, with sliders: how long the first lease holder is paused, how far the second
worker's clock runs ahead, and whether the store is fenced (`kit.fencing.fencing_story`)."""

import ipywidgets as w

from kit import viz
from kit.fencing import FIRST, LEASE_FOR, SECOND, WORK, PlainStore, fencing_story
from kit.widgets.base import Explorer

COLOURS = {"work": "#54a24b", "paused": "#e45756", "lease": "#4c78a8", "first": "#f58518",
           "second": "#4c78a8"}
XMAX = 20


def _lanes(story, pause):
    """state_lanes bars and marks: each worker's work and pause, the value the store holds."""
    lanes = {FIRST + " (token 1)": [("work", 0, story.first_writes - pause, "work"),
                                    ("paused", story.first_writes - pause, story.first_writes,
                                     "paused")],
             SECOND + " (token 2)": [], "store holds": []}
    marks = {lane: [] for lane in lanes}
    held, since = None, 0
    for e in story.events:
        lane = f"{e.worker} (token {e.token})"
        if e.what == "lease" and e.worker == SECOND:
            lanes[lane].append(("work", e.t, e.t + WORK, "work"))
            marks[lane].append((e.t, "lease #2"))
        elif e.what == "write":
            marks[lane].append((e.t, "write ✓" if e.ok else "write ✗ refused"))
            if e.ok:
                if held is not None:
                    lanes["store holds"].append((held[0], since, e.t, held[1]))
                held, since = (e.worker.split()[0], f"#{e.token}"), e.t
    if held is not None:
        lanes["store holds"].append((held[0], since, XMAX, f"{held[1]}"))
    return lanes, marks


class FencingExplorer(Explorer):
    title = "Fencing explorer"

    def __init__(self, fenced_store, pause: int = 6, skew: int = 0, fenced: bool = True):
        """`fenced_store`: the class of a store that refuses a stale token (the notebook's
        FencedStore), shown against one where the last writer wins."""
        self.stores = {"fenced store": fenced_store, "plain store": PlainStore}
        self.pause = w.IntSlider(pause, min=0, max=10, description="GC pause")
        self.skew = w.IntSlider(skew, min=0, max=4, description="clock skew")
        names = list(self.stores)
        self.store = w.ToggleButtons(options=names, value=names[0 if fenced else 1])
        super().__init__([w.HBox([self.pause, self.skew]), self.store])

    def update(self) -> None:
        pause, skew = self.pause.value, self.skew.value
        story = fencing_story(pause, skew, self.stores[self.store.value]())
        lanes, marks = _lanes(story, pause)
        deadlines = {FIRST + " (token 1)": (LEASE_FOR, "lease ends")}
        if story.taken_at is not None and skew:
            deadlines[SECOND + " (token 2)"] = (story.seen_over, "ends, by its fast clock")
        fig = viz.state_lanes(lanes, colours=COLOURS, marks=marks, deadlines=deadlines,
                              xmax=XMAX, title=f"{self.store.value.split()[0]} store: lease "
                              f"{LEASE_FOR} s, work {WORK} s, pause {pause} s, skew {skew} s")
        said = [f"t={e.t:g} {e.worker}: {e.what} (token {e.token}) "
                f"{'accepted' if e.ok else 'refused'}" for e in story.events]
        if story.taken_at is None:
            verdict = "the first worker finished within its lease: nobody else took the job"
        elif story.stale:
            verdict = (f"the store holds {story.final!r}: the STALE holder's late write "
                       "overwrote the newer one")
        else:
            verdict = f"the store holds {story.final!r}: the newest holder's result"
        self.show(fig, [*said, verdict])
