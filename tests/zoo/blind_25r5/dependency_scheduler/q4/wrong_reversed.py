# 09 q4. Wrong: the cycle listed backwards (each job is needed by the next).
# Breaks: "a list of jobs in which each job needs the next"
def find_cycle(deps):
    colour = {}
    path = []
    def dfs(n):
        colour[n] = 1
        path.append(n)
        for d in deps[n]:
            if colour.get(d) == 1:
                return path[path.index(d):][::-1]
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
