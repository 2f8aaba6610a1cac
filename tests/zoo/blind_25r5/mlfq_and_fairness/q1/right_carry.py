# Exercise 03 q1. RIGHT, unusual: subtracts the allotment instead of zeroing (bursts never overshoot),
# and never resets at the bottom level (not observable); a generator turned into a list.
def levels_after(bursts, allotments):
    def gen():
        lvl, used = 0, 0
        for b in bursts:
            used += b
            if used >= allotments[lvl] and lvl < len(allotments) - 1:
                used -= allotments[lvl]; lvl += 1
            yield lvl
    return list(gen())
