# wrong: only a changed job propagates; a never-built job is rebuilt but does not rebuild the jobs that need it
from graphlib import TopologicalSorter
def to_rebuild(deps, changed, last_built):
    carry, out = set(), set()
    for j in TopologicalSorter(deps).static_order():
        if j in changed or any(d in carry for d in deps[j]):
            carry.add(j); out.add(j)
        elif j not in last_built:
            out.add(j)
    return [j for j in deps if j in out]
