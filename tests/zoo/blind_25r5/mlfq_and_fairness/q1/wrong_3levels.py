# Exercise 03 q1. WRONG with more than 3 levels: never drops below level 2.
# Breaks "the task drops one level (never below the last)" with len(allotments) levels.
def levels_after(bursts, allotments):
    lvl, used, out = 0, 0, []
    for b in bursts:
        used += b
        if used >= allotments[lvl]:
            lvl = min(lvl + 1, len(allotments) - 1, 2); used = 0
        out.append(lvl)
    return out
