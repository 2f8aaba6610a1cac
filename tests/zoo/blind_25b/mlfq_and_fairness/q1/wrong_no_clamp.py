# mistake: no floor at the last level (index grows past it -> crash or wrong)
def levels_after(bursts, allotments):
    lvl = 0; used = 0; out = []
    for b in bursts:
        used += b
        if used >= allotments[min(lvl, len(allotments)-1)]:
            lvl += 1; used = 0
        out.append(lvl)
    return out
