# 09 q4. Wrong: graphlib CycleError.args[1] as is: graphlib lists each node before the node that needs it (A C B A for A needs B needs C needs A).
# Breaks: "a list of jobs in which each job needs the next"
from graphlib import TopologicalSorter, CycleError
def find_cycle(deps):
    try:
        TopologicalSorter(deps).prepare()
    except CycleError as e:
        return list(e.args[1])
    return None
