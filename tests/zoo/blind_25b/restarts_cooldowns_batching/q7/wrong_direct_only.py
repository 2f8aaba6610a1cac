# mistake: only direct dependencies' own changes count (not transitive rebuilds)
def to_rebuild(deps, changed, last_built):
    def own(j): return j not in last_built or j in changed
    return [j for j in deps if own(j) or any(own(d) for d in deps[j])]
