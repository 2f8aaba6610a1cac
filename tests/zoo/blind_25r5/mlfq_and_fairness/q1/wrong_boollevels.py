# Exercise 03 q1. WRONG type: levels 0/1 given as False/True (bool is an int subclass, but not an int here).
# Breaks "as a list of ints".
def levels_after(bursts, allotments):
    lvl, used, out = 0, 0, []
    for b in bursts:
        used += b
        if used >= allotments[lvl]:
            lvl = min(lvl + 1, len(allotments) - 1); used = 0
        out.append(bool(lvl) if lvl < 2 else lvl)
    return out
