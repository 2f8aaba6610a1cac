# style: plain loop, clamp at last level
def levels_after(bursts, allotments):
    lvl = 0; used = 0; out = []
    for b in bursts:
        used += b
        if used >= allotments[lvl]:
            if lvl < len(allotments) - 1:
                lvl += 1
            used = 0
        out.append(lvl)
    return out
