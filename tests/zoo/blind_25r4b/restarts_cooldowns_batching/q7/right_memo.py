# RIGHT: memoised recursion
def to_rebuild(deps, changed, last_built):
    memo = {}
    def need(n):
        if n not in memo:
            memo[n] = n not in last_built or n in changed or any(need(d) for d in deps.get(n, ()))
        return memo[n]
    return [n for n in deps if need(n)]
