# wrong: a burst of 0 (gave up the worker) is treated as using nothing but resets usage
def levels_after(bursts, allotments):
    lvl = 0; used = 0; out = []
    for b in bursts:
        if b == 0: used = 0
        used += b
        if used >= allotments[lvl]:
            lvl = min(lvl + 1, len(allotments) - 1); used = 0
        out.append(lvl)
    return out
