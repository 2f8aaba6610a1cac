# wrong: deletes finished jobs from deps while searching (mutates the input)
def find_cycle(deps):
    while True:
        leaf = next((k for k, v in deps.items() if all(d not in deps for d in v)), None)
        if leaf is None:
            break
        del deps[leaf]
    if not deps:
        return None
    start = next(iter(deps)); path = [start]; seen = {start: 0}
    while True:
        nxt = next(d for d in deps[path[-1]] if d in deps)
        if nxt in seen:
            return path[seen[nxt]:]
        seen[nxt] = len(path); path.append(nxt)
