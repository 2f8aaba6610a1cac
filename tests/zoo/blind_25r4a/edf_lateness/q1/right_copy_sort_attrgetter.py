# right: copy then list.sort with attrgetter
from operator import attrgetter
def edf_order(jobs):
    out = list(jobs); out.sort(key=attrgetter("deadline")); return out
