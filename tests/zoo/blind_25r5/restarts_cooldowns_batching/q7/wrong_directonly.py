# 11 q7. Wrong: only direct dependencies that changed or were never built propagate (not a dependency that is rebuilt because of its own dependency).
# Breaks: "or one of its dependencies runs again"
def to_rebuild(deps, changed, last_built):
    memo = {}
    def need(j):
        if j not in memo:
            memo[j] = False
            memo[j] = (j not in last_built) or (j in changed) or any((d not in last_built) or (d in changed) for d in deps[j])
        return memo[j]
    return [j for j in deps if need(j)]
