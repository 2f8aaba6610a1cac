# wrong: compares the TOTAL usage so far with the sum of allotments of the levels passed
# but forgets the bottom clamp when allotments has one level
def levels_after(bursts, allotments):
    total, out = 0, []
    for b in bursts:
        total += b
        level, acc = 0, allotments[0]
        while total >= acc:
            level += 1
            acc += allotments[min(level, len(allotments) - 1)]
        out.append(level)
    return out
