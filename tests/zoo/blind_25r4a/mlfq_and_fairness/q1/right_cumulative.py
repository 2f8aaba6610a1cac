# right: cumulative usage against cumulative allotments (equivalent given the burst bound)
def levels_after(bursts, allotments):
    lvl = 0; used = 0; out = []
    last = len(allotments) - 1
    for b in bursts:
        used += b
        if used >= sum(allotments[:lvl + 1]):
            lvl = min(lvl + 1, last)
        out.append(lvl)
    return out
