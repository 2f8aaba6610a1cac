# Exercise 03 q1. WRONG after the 8th burst: usage is reset at every burst from then on.
# Breaks "add it to the task's usage at its level".
def levels_after(bursts, allotments):
    lvl, used, out = 0, 0, []
    for b in bursts:
        used = used + b if len(out) < 8 else b
        if used >= allotments[lvl]:
            lvl = min(lvl + 1, len(allotments) - 1); used = 0
        out.append(lvl)
    return out
