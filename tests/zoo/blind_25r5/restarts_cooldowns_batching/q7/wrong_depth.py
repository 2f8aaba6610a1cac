# 11 q7. Wrong: propagation stops after 6 levels of dependencies.
# Breaks: "or one of its dependencies runs again" (transitively)
def to_rebuild(deps, changed, last_built):
    def need(j, depth=0):
        if depth > 6:
            return False
        return (j not in last_built) or (j in changed) or any(need(d, depth + 1) for d in deps[j])
    return [j for j in deps if need(j)]
