# mistake: ignores a job that needs itself (skips d == n)
def find_cycle(deps):
    color = {}
    for root in deps:
        if color.get(root): continue
        path = [root]; color[root] = 1; its = [iter([d for d in deps.get(root, ()) if d != root])]
        while its:
            nxt = next(its[-1], None)
            if nxt is None:
                color[path.pop()] = 2; its.pop(); continue
            c = color.get(nxt, 0)
            if c == 1:
                return path[path.index(nxt):]
            if c == 0:
                color[nxt] = 1; path.append(nxt); its.append(iter([d for d in deps.get(nxt, ()) if d != nxt]))
    return None
