# mistake: one pass in the order of deps, so a dependency listed later is not known as rebuilt yet
def to_rebuild(deps, changed, last_built):
    again = set(); out = []
    for j in deps:
        if j not in last_built or j in changed or any(d in again for d in deps[j]):
            again.add(j); out.append(j)
    return out
