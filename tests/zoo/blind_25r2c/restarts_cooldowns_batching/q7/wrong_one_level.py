# wrong: only direct dependencies propagate (not transitive)
def to_rebuild(deps, changed, last_built):
    dirty = {j for j in deps if j in changed or j not in last_built}
    return [j for j in deps if j in dirty or any(d in dirty for d in deps[j])]
