# right: DFS that carries the path with each stack entry (unusual style)
def find_cycle(deps):
    done = set()
    for root in deps:
        if root in done:
            continue
        stack = [(root, [root])]
        onpath = {root}
        while stack:
            u, path = stack.pop()
            done.add(u)
            for v in deps.get(u, ()):
                if v in onpath and v in path:
                    return path[path.index(v):]
                if v not in done:
                    onpath.add(v)
                    stack.append((v, path + [v]))
    return None
