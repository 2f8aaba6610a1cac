# wrong: memo kept at module level across calls
_memo = {}
def to_rebuild(deps, changed, last_built):
    def dirty(j):
        if j not in _memo:
            _memo[j] = (j not in last_built) or (j in changed) or any([dirty(d) for d in deps[j]])
        return _memo[j]
    return [j for j in deps if dirty(j)]
