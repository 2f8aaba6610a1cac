# WRONG: only direct dependencies in changed, not transitive rebuilds
def to_rebuild(deps, changed, last_built):
    from graphlib import TopologicalSorter
    redo = set()
    for n in TopologicalSorter(deps).static_order():
        if n not in deps: continue
        if n not in last_built or n in changed or any(d in changed for d in deps[n]):
            redo.add(n)
    return [n for n in deps if n in redo]
