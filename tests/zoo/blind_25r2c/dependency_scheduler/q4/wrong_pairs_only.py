# wrong: only looks for self-loops and two-job cycles
def find_cycle(deps):
    for a, ds in deps.items():
        for b in ds:
            if a == b:
                return [a]
            if a in deps.get(b, ()):
                return [a, b]
    return None
