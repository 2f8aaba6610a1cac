# wrong: no floor, the level keeps growing past the last one (allotment reused from the last)
def levels_after(bursts, allotments):
    level, used, out = 0, 0, []
    for b in bursts:
        used += b
        if used >= allotments[min(level, len(allotments) - 1)]:
            level, used = level + 1, 0
        out.append(level)
    return out
