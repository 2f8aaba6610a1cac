# 09 q4. Wrong: returns the whole DFS path from the root, tail before the cycle included.
# Breaks: "the last needs the first"
def find_cycle(deps):
    colour = {}
    path = []
    def dfs(n):
        colour[n] = 1
        path.append(n)
        for d in deps[n]:
            if colour.get(d) == 1:
                return list(path)
            if d not in colour:
                r = dfs(d)
                if r:
                    return r
        colour[n] = 2
        path.pop()
        return None
    for n in deps:
        if n not in colour:
            r = dfs(n)
            if r:
                return r
    return None
