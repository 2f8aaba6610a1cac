# mistake: propagates the wrong way: a job is rebuilt when a job that needs it is rebuilt
from functools import lru_cache
def to_rebuild(deps, changed, last_built):
    users = {j: [] for j in deps}
    for j, ds in deps.items():
        for d in ds: users.setdefault(d, []).append(j)
    @lru_cache(None)
    def dirty(j):
        return j not in last_built or j in changed or any(dirty(u) for u in users.get(j, ()))
    return [j for j in deps if dirty(j)]
