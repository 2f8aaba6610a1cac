# mistake: returns the jobs in topological order, not in the order of deps
from graphlib import TopologicalSorter
def to_rebuild(deps, changed, last_built):
    again = []; s = set()
    for j in TopologicalSorter(deps).static_order():
        if j not in deps: continue
        if j not in last_built or j in changed or any(d in s for d in deps[j]):
            s.add(j); again.append(j)
    return again
