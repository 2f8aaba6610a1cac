# Exercise 03 q1. WRONG: consumes the bursts list (pop) while working. Breaks the caller's list (no mutation).
def levels_after(bursts, allotments):
    lvl, used, out = 0, 0, []
    while bursts:
        used += bursts.pop(0)
        if used >= allotments[lvl]:
            lvl = min(lvl + 1, len(allotments) - 1); used = 0
        out.append(lvl)
    return out
