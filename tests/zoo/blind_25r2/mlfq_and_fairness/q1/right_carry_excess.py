# right (unusual): subtracts the allotment instead of zeroing (bursts never overshoot, so same)
def levels_after(bursts, allotments):
    level, used, out = 0, 0, []
    for b in bursts:
        used += b
        while used >= allotments[level] and level < len(allotments) - 1:
            used -= allotments[level]; level += 1
        out.append(level)
    return out
