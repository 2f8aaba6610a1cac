# 09 q4. Right: iterative DFS with colours (no recursion limit), cycle cut from the stack.
def find_cycle(deps):
    WHITE, GREY, BLACK = 0, 1, 2
    colour = {n: WHITE for n in deps}
    for root in deps:
        if colour[root] != WHITE:
            continue
        stack = [(root, iter(deps[root]))]
        path = [root]
        colour[root] = GREY
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                stack.pop(); path.pop(); colour[node] = BLACK
                continue
            if colour[nxt] == GREY:
                return path[path.index(nxt):]
            if colour[nxt] == WHITE:
                colour[nxt] = GREY
                stack.append((nxt, iter(deps[nxt])))
                path.append(nxt)
    return None
