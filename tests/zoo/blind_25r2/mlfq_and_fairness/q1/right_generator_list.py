# right (unusual): a generator with a closure, materialised as a list; bottom level never resets
def levels_after(bursts, allotments):
    def gen():
        level = used = 0
        for b in bursts:
            used += b
            if level < len(allotments) - 1 and used >= allotments[level]:
                level += 1; used = 0
            yield level
    return list(gen())
