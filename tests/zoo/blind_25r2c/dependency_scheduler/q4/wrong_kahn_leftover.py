# wrong: Kahn's algorithm, returns every job left over (includes jobs that only wait on the cycle)
def find_cycle(deps):
    nodes = set(deps) | {d for v in deps.values() for d in v}
    left = {n: len(set(deps.get(n, ()))) for n in nodes}
    users = {n: [] for n in nodes}
    for n in nodes:
        for d in set(deps.get(n, ())):
            users[d].append(n)
    q = [n for n in nodes if left[n] == 0]
    while q:
        n = q.pop()
        for u in users[n]:
            left[u] -= 1
            if left[u] == 0:
                q.append(u)
    rest = [n for n in deps if left[n] > 0]
    return rest or None
