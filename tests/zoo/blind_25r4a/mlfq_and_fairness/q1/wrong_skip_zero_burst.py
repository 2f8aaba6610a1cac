# wrong: a burst of 0 gets no entry
def levels_after(bursts, allotments):
    lvl = 0; used = 0; out = []
    for b in bursts:
        if b == 0: continue
        used += b
        if used >= allotments[lvl]:
            lvl = min(lvl + 1, len(allotments) - 1); used = 0
        out.append(lvl)
    return out
