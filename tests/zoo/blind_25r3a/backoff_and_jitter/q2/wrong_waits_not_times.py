# wrong: returns the waits, not absolute times
def retry_schedule(attempts, base, cap, rand):
    return [rand() * min(cap, base * 2 ** min(a, 2000)) for a in range(attempts)]
