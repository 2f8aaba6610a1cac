# wrong: a changed job that was never built is skipped ("nothing to invalidate")
from graphlib import TopologicalSorter
def to_rebuild(deps, changed, last_built):
    again = set()
    for j in TopologicalSorter(deps).static_order():
        if (j in changed and j in last_built) or any(d in again for d in deps.get(j, ())):
            again.add(j)
        elif j not in last_built and j not in changed:
            again.add(j)
    return [j for j in deps if j in again]
