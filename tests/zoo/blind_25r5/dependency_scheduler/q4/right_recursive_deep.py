# 09 q4. Wrong on big inputs: recursive DFS hits the recursion limit on a long chain (RecursionError).
# Breaks: "Return a list ... or None when there is no cycle" (for every graph, not only small ones)
def find_cycle(deps):
    colour = {}
    path = []
    def dfs(n):
        colour[n] = 1
        path.append(n)
        for d in deps[n]:
            if colour.get(d) == 1:
                return path[path.index(d):]
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
