# wrong: returns the cycle as one string "A -> B"
from graphlib import TopologicalSorter, CycleError
def find_cycle(deps):
    try:
        TopologicalSorter({k: tuple(v) for k, v in deps.items()}).prepare()
    except CycleError as e:
        return " -> ".join(map(str, reversed(e.args[1])))
    return None
