# Exercise 03 q1. WRONG when an allotment exceeds 10: it is taken as 10.
# Breaks "allotments[k] is its allotment at level k".
def levels_after(bursts, allotments):
    lvl, used, out = 0, 0, []
    for b in bursts:
        used += b
        if used >= min(allotments[lvl], 10):
            lvl = min(lvl + 1, len(allotments) - 1); used = 0
        out.append(lvl)
    return out
