# wrong: rebuilds on a dependency only when all of its dependencies rebuild (all for any)
from graphlib import TopologicalSorter
def to_rebuild(deps, changed, last_built):
    again = set()
    for j in TopologicalSorter(deps).static_order():
        ds = deps.get(j, ())
        if j not in last_built or j in changed or (ds and all(d in again for d in ds)):
            again.add(j)
    return [j for j in deps if j in again]
