# wrong: returns the jobs in topological order, not the order of deps
from graphlib import TopologicalSorter
def to_rebuild(deps, changed, last_built):
    again = []
    for j in TopologicalSorter(deps).static_order():
        if j not in last_built or j in changed or any(d in again for d in deps.get(j, ())):
            again.append(j)
    return again
