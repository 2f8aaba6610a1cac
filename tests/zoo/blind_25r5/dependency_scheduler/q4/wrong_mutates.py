# 09 q4. Wrong: strips the caller's dict (Kahn's algorithm deleting keys from deps itself).
# Breaks: the input is the caller's (mutating input)
def find_cycle(deps):
    changed = True
    while changed:
        changed = False
        for n in list(deps):
            if all(d not in deps for d in deps[n]):
                del deps[n]
                changed = True
    if not deps:
        return None
    n = next(iter(deps))
    seen, path = {}, []
    while n not in seen:
        seen[n] = len(path)
        path.append(n)
        n = next(d for d in deps[n] if d in deps)
    return path[seen[n]:]
