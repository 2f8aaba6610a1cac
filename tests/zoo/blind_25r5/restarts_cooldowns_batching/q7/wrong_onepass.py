# 11 q7. Wrong: one pass in the order of deps (right only when deps is listed dependencies-first).
# Breaks: "or one of its dependencies runs again" (transitively, whatever the order of deps)
def to_rebuild(deps, changed, last_built):
    memo = {}
    out = []
    for j in deps:
        if j not in last_built or j in changed or any(d in out for d in deps[j]):
            out.append(j)
    return out
    def need(j):
        if j not in memo:
            memo[j] = False
            memo[j] = (j not in last_built) or (j in changed) or any(need(d) for d in deps[j])
        return memo[j]
    return [j for j in deps if need(j)]
