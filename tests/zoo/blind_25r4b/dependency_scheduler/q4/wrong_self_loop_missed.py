# WRONG: ignores self-dependencies
def find_cycle(deps):
    WHITE, GREY, BLACK = 0, 1, 2
    color = {}
    for start in deps:
        if color.get(start, WHITE) != WHITE:
            continue
        stack = [(start, iter(deps.get(start, ())))]
        path = [start]; color[start] = GREY
        while stack:
            node, it = stack[-1]
            for nxt in it:
                if nxt == node: continue
                c = color.get(nxt, WHITE)
                if c == GREY:
                    return path[path.index(nxt):]
                if c == WHITE:
                    color[nxt] = GREY; path.append(nxt)
                    stack.append((nxt, iter(deps.get(nxt, ()))))
                    break
            else:
                stack.pop(); path.pop(); color[node] = BLACK
    return None
