# Exercise 03 q1. WRONG: a 0 burst gets no entry. Breaks "A burst may be 0 ...: it still has its entry".
def levels_after(bursts, allotments):
    lvl, used, out = 0, 0, []
    for b in [x for x in bursts if x]:
        used += b
        if used >= allotments[lvl]:
            lvl = min(lvl + 1, len(allotments) - 1); used = 0
        out.append(lvl)
    return out
