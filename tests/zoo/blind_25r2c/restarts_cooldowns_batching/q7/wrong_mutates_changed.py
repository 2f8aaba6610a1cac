# wrong: grows the caller's `changed` set while propagating
from graphlib import TopologicalSorter
def to_rebuild(deps, changed, last_built):
    for j in TopologicalSorter(deps).static_order():
        if j not in last_built or any(d in changed for d in deps.get(j, ())):
            changed.add(j)
    return [j for j in deps if j in changed]
