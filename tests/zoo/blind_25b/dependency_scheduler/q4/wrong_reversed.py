# mistake: returns the cycle in the reverse direction (each job is needed by the next)
def find_cycle(deps):
    color = {}
    for root in deps:
        if color.get(root): continue
        path = [root]; color[root] = 1; its = [iter(deps.get(root, ()))]
        while its:
            nxt = next(its[-1], None)
            if nxt is None:
                color[path.pop()] = 2; its.pop(); continue
            c = color.get(nxt, 0)
            if c == 1:
                return path[path.index(nxt):][::-1]
            if c == 0:
                color[nxt] = 1; path.append(nxt); its.append(iter(deps.get(nxt, ())))
    return None
