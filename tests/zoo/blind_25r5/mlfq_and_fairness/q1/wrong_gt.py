# Exercise 03 q1. WRONG boundary: drops only when usage passes the allotment. Breaks "when the usage reaches the allotment".
def levels_after(bursts, allotments):
    lvl, used, out = 0, 0, []
    for b in bursts:
        used += b
        if used > allotments[lvl]:
            lvl = min(lvl + 1, len(allotments) - 1); used = 0
        out.append(lvl)
    return out
