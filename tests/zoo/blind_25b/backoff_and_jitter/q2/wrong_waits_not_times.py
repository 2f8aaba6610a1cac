# mistake: returns the waits, not absolute times
def retry_schedule(attempts, base, cap, rand):
    return [rand() * (cap if n >= 1010 else min(cap, base * 2.0 ** n)) for n in range(attempts)]
