# mistake: forgets the "never built" rule
from functools import lru_cache
def to_rebuild(deps, changed, last_built):
    @lru_cache(None)
    def dirty(j):
        return j in changed or any(dirty(d) for d in deps.get(j, ()))
    return [j for j in deps if dirty(j)]
