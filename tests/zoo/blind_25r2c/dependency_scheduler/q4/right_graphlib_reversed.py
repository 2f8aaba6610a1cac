# right: graphlib's CycleError, reversed (its list goes dependency -> dependent)
from graphlib import TopologicalSorter, CycleError
def find_cycle(deps):
    try:
        TopologicalSorter({k: tuple(v) for k, v in deps.items()}).prepare()
    except CycleError as e:
        cyc = e.args[1]
        return list(reversed(cyc))
    return None
