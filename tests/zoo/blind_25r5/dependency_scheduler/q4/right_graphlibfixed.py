# 09 q4. Right but unusual: graphlib's cycle, reversed (graphlib lists predecessors first), first node repeated at the end.
from graphlib import TopologicalSorter, CycleError
def find_cycle(deps):
    try:
        TopologicalSorter(deps).prepare()
    except CycleError as e:
        return list(e.args[1])[::-1]
    return None
