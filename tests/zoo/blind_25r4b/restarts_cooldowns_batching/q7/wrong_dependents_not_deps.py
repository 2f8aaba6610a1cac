# WRONG: a job rebuilds when one of its dependents changes (reversed edge)
def to_rebuild(deps, changed, last_built):
    redo = set(n for n in deps if n not in last_built or n in changed)
    grew = True
    while grew:
        grew = False
        for n in deps:
            if n not in redo and any(n in deps[m] and m in redo for m in deps):
                redo.add(n); grew = True
    return [n for n in deps if n in redo]
