# 11 q7. Right but unusual: graphlib static order to decide, then list in the order of deps.
from graphlib import TopologicalSorter
def to_rebuild(deps, changed, last_built):
    again = set()
    for j in TopologicalSorter(deps).static_order():
        if j not in last_built or j in changed or any(d in again for d in deps[j]):
            again.add(j)
    return [j for j in deps if j in again]
