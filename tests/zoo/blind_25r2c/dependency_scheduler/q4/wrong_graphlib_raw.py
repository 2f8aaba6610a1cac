# wrong: graphlib's CycleError list as is (it runs from a dependency to the job that needs it)
from graphlib import TopologicalSorter, CycleError
def find_cycle(deps):
    try:
        TopologicalSorter({k: tuple(v) for k, v in deps.items()}).prepare()
    except CycleError as e:
        return list(e.args[1])
    return None
