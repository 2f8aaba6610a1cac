# 09 q4. Wrong: one visited set (no "on the stack" colour): a diamond looks like a cycle.
# Breaks: "or None when there is no cycle"
def find_cycle(deps):
    seen = set()
    path = []
    def dfs(n):
        seen.add(n)
        path.append(n)
        for d in deps[n]:
            if d in seen:
                return path[path.index(d):] if d in path else [n, d]
            r = dfs(d)
            if r:
                return r
        path.pop()
        return None
    for n in deps:
        if n not in seen:
            r = dfs(n)
            if r:
                return r
    return None
