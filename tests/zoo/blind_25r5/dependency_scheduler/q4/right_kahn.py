# 09 q4. Right but unusual: Kahn's algorithm strips everything not on or upstream... then walks the leftovers.
def find_cycle(deps):
    needed_by = {n: [] for n in deps}
    left = {n: len(deps[n]) for n in deps}
    for n, ds in deps.items():
        for d in ds:
            needed_by[d].append(n)
    todo = [n for n in deps if left[n] == 0]
    gone = set()
    while todo:
        n = todo.pop()
        gone.add(n)
        for m in needed_by[n]:
            left[m] -= 1
            if left[m] == 0:
                todo.append(m)
    rest = [n for n in deps if n not in gone]
    if not rest:
        return None
    # every leftover needs at least one leftover: walk until a repeat
    seen = {}
    n = rest[0]
    path = []
    while n not in seen:
        seen[n] = len(path)
        path.append(n)
        n = next(d for d in deps[n] if d not in gone)
    return path[seen[n]:] + [n]
