# wrong: one pass in the order of deps (a job listed before its dependency misses the rebuild)
def to_rebuild(deps, changed, last_built):
    again = []
    for j in deps:
        if j not in last_built or j in changed or any(d in again for d in deps[j]):
            again.append(j)
    return again
