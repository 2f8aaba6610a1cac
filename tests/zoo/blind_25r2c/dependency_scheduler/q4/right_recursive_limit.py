# right: recursive DFS, recursion limit raised for long chains
import sys
def find_cycle(deps):
    sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))
    state, stack = {}, []
    def visit(u):
        state[u] = 1; stack.append(u)
        for v in deps.get(u, ()):
            if state.get(v) == 1:
                return stack[stack.index(v):] + [v]
            if v not in state:
                r = visit(v)
                if r:
                    return r
        state[u] = 2; stack.pop()
        return None
    for u in deps:
        if u not in state:
            r = visit(u)
            if r:
                return r
    return None
