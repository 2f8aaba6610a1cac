# right (not a statement break; robustness only): plain recursive DFS (RecursionError on a long chain)
def find_cycle(deps):
    state, stack = {}, []
    def visit(u):
        state[u] = 1; stack.append(u)
        for v in deps.get(u, ()):
            if state.get(v) == 1:
                return stack[stack.index(v):]
            if v not in state:
                r = visit(v)
                if r:
                    return r
        state[u] = 2; stack.pop()
    for u in deps:
        if u not in state:
            r = visit(u)
            if r:
                return r
    return None
