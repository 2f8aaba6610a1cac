# 11 q7. Right: memoised recursion.
def to_rebuild(deps, changed, last_built):
    memo = {}
    def need(j):
        if j not in memo:
            memo[j] = False
            memo[j] = (j not in last_built) or (j in changed) or any(need(d) for d in deps[j])
        return memo[j]
    return [j for j in deps if need(j)]
