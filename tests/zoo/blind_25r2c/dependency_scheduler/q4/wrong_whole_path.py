# wrong: returns the whole DFS path, not just the cycle
def find_cycle(deps):
    WHITE, GRAY, BLACK = 0, 1, 2
    color = {}
    for root in list(deps):
        if color.get(root, WHITE) != WHITE:
            continue
        path = [root]; color[root] = GRAY
        its = [iter(deps.get(root, ()))]
        while its:
            for nxt in its[-1]:
                c = color.get(nxt, WHITE)
                if c == GRAY:
                    return list(path)
                if c == WHITE:
                    color[nxt] = GRAY; path.append(nxt); its.append(iter(deps.get(nxt, ())))
                    break
            else:
                its.pop(); color[path.pop()] = BLACK
    return None
