# 11 q7. Wrong: adds the rebuilt jobs to the caller's `changed` set.
# Breaks: the inputs are the caller's (mutating input)
def to_rebuild(deps, changed, last_built):
    memo = {}
    def need(j):
        if j not in memo:
            memo[j] = False
            memo[j] = (j not in last_built) or (j in changed) or any(need(d) for d in deps[j])
        return memo[j]
    out = [j for j in deps if need(j)]
    changed.update(out)
    return out
