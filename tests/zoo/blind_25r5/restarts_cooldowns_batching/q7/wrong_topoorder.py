# 11 q7. Wrong: returns the jobs in a topological order, not in the order of deps.
# Breaks: "Return the jobs to run again, in the order of deps"
def to_rebuild(deps, changed, last_built):
    memo = {}
    def need(j):
        if j not in memo:
            memo[j] = False
            memo[j] = (j not in last_built) or (j in changed) or any(need(d) for d in deps[j])
        return memo[j]
    from graphlib import TopologicalSorter
    return [j for j in TopologicalSorter(deps).static_order() if need(j)]
