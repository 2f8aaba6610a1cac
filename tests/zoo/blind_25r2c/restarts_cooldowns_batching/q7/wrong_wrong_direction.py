# wrong: a changed job makes its dependencies rebuild (edges read backwards)
def to_rebuild(deps, changed, last_built):
    again = {j for j in deps if j in changed or j not in last_built}
    stack = list(again)
    while stack:
        for d in deps.get(stack.pop(), ()):
            if d not in again:
                again.add(d); stack.append(d)
    return [j for j in deps if j in again]
