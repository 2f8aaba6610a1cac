# wrong: topological static_order, then a stable sort by priority (ignores deps after sorting)
from graphlib import TopologicalSorter
def dispatch_order(jobs):
    order = list(TopologicalSorter({n: jobs[n][2] for n in jobs}).static_order())
    return sorted(order, key=lambda n: jobs[n][0])
