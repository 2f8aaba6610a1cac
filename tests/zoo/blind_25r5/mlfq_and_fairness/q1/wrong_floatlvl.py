# Exercise 03 q1. WRONG type: levels as floats. Breaks "as a list of ints".
def levels_after(bursts, allotments):
    lvl, used, out = 0, 0, []
    for b in bursts:
        used += b
        if used >= allotments[lvl]:
            lvl = min(lvl + 1, len(allotments) - 1); used = 0
        out.append(float(lvl))
    return out
