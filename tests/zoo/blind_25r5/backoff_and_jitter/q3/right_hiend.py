# Exercise 04 q3. RIGHT, unusual: hi - rand()*(hi-lo), then capped; max(base, ...) guard (a no-op).
def decorrelated(previous, base, cap, rand):
    hi, lo = 3 * previous, base
    return max(base, min(cap, hi - rand() * (hi - lo)))
