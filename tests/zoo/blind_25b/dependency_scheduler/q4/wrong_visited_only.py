# mistake: one visited set (no grey/black): a diamond (two paths to one job) is called a cycle
def find_cycle(deps):
    seen = set()
    def dfs(n, path):
        if n in seen:
            return path[path.index(n):] if n in path else [n]
        seen.add(n)
        for d in deps.get(n, ()):
            r = dfs(d, path + [n])
            if r: return r
        return None
    for n in deps:
        if n not in seen:
            r = dfs(n, [])
            if r: return r
    return None
