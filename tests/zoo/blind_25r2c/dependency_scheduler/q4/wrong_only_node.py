# wrong: returns only the job where the search came back (a one-element list)
def find_cycle(deps):
    color = {}
    def go(u):
        color[u] = 1
        for v in deps.get(u, ()):
            if color.get(v) == 1:
                return [v]
            if v not in color:
                r = go(v)
                if r:
                    return r
        color[u] = 2
    for u in deps:
        if u not in color:
            r = go(u)
            if r:
                return r
    return None
