# right: per-level usage, >=, reset
def levels_after(bursts, allotments):
    lvl = 0; used = 0; out = []
    last = len(allotments) - 1
    for b in bursts:
        used += b
        if used >= allotments[lvl]:
            lvl = min(lvl + 1, last); used = 0
        out.append(lvl)
    return out
