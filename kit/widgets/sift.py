"""The heap's sift, step by step: a slider walks through every comparison and swap of a push and
pop sequence (`kit.sift.sift_steps`); the tree is drawn with the two nodes just compared marked."""

import ipywidgets as w

from kit import viz
from kit.sift import sift_steps
from kit.widgets.base import Explorer

DEFAULT_OPS = "5 3 8 1 4 pop 2 pop"


def parse_ops(text: str) -> list:
    """"5 3 pop" -> [5, 3, None]; anything else is skipped."""
    ops = []
    for word in text.replace(",", " ").split()[:24]:
        if word.lower() == "pop":
            ops.append(None)
        elif word.lstrip("-").isdigit():
            ops.append(int(word))
    return ops


class SiftExplorer(Explorer):
    title = "Sift explorer"

    def __init__(self, ops: str = DEFAULT_OPS):
        self.ops = w.Text(ops, description="ops", continuous_update=False)
        self.step = w.IntSlider(0, min=0, max=0, description="step")
        self.ops.observe(lambda _change: self._reset(), names="value")
        self._reset(draw=False)
        super().__init__([w.HBox([self.ops, self.step])])

    def _reset(self, draw: bool = True) -> None:
        self.steps = sift_steps(parse_ops(self.ops.value))
        self.step.max = len(self.steps) - 1
        self.step.value = min(self.step.value, self.step.max)
        if draw:
            self.update()

    def update(self) -> None:
        k = min(self.step.value, len(self.steps) - 1)
        step = self.steps[k]
        tree = {str(i): () if i == 0 else (str((i - 1) // 2),) for i in range(len(step.heap))}
        marked = [str(i) for i in step.focus if i < len(step.heap)]
        fig = viz.dag(tree or {"empty": ()}, path=marked if len(marked) > 1 else (),
                      text={str(i): str(v) for i, v in enumerate(step.heap)} or {"empty": "-"},
                      labels={str(i): f"[{i}]" for i in range(len(step.heap))}, down=True,
                      title=f"step {k} of {len(self.steps) - 1}")
        self.show(fig, [f"step {k}: {step.says}", f"list: {list(step.heap)}"])
