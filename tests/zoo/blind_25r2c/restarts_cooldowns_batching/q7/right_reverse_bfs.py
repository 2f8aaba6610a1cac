# right: start from the dirty roots and walk to every job that needs them (reverse edges, BFS)
from collections import deque
def to_rebuild(deps, changed, last_built):
    users = {j: [] for j in deps}
    for j, ds in deps.items():
        for d in ds:
            users.setdefault(d, []).append(j)
    seen = {j for j in deps if j in changed or j not in last_built}
    q = deque(seen)
    while q:
        for u in users.get(q.popleft(), ()):
            if u not in seen:
                seen.add(u); q.append(u)
    return [j for j in deps if j in seen]
