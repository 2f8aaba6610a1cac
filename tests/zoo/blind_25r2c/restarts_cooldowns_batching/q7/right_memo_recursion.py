# right: memoised recursion per job (a local cache)
def to_rebuild(deps, changed, last_built):
    memo = {}
    def dirty(j):
        if j not in memo:
            memo[j] = (j not in last_built) or (j in changed) or any([dirty(d) for d in deps[j]])
        return memo[j]
    return [j for j in deps if dirty(j)]
