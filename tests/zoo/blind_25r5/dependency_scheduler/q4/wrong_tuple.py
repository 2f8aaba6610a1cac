# 09 q4. Wrong: returns a tuple.
# Breaks: "Return a **list** of jobs"
from graphlib import TopologicalSorter, CycleError
def find_cycle(deps):
    try:
        TopologicalSorter(deps).prepare()
    except CycleError as e:
        return tuple(e.args[1])
    return None
