# 09 q4. Wrong: a job that needs itself is ignored (self-dependencies skipped).
# Breaks: "a list of jobs in which each job needs the next and the last needs the first" (a cycle of one)
def find_cycle(deps):
    colour = {}
    path = []
    def dfs(n):
        colour[n] = 1
        path.append(n)
        for d in deps[n]:
            if d == n:
                continue
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
