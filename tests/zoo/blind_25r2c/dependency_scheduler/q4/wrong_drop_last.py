# wrong: cuts the path one short (the job that closes the loop is dropped)
def find_cycle(deps):
    color, path = {}, []
    def go(u):
        color[u] = 1; path.append(u)
        for v in deps.get(u, ()):
            if color.get(v) == 1:
                cyc = path[path.index(v):]
                return cyc[:-1] if len(cyc) > 2 else cyc
            if v not in color:
                r = go(v)
                if r:
                    return r
        color[u] = 2; path.pop()
    for u in deps:
        if u not in color:
            r = go(u)
            if r:
                return r
    return None
