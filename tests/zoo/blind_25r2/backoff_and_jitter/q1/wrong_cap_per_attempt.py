# wrong: the cap applied to the exponent's result of the previous attempt (ceiling = min(cap, base*2**(attempt-1))*2)
def backoff_delay(attempt, base, cap, rand):
    if attempt == 0:
        return rand() * min(cap, base)
    c = base
    for _ in range(attempt - 1):
        if c >= cap:
            break
        c *= 2
    return rand() * (min(cap, c) * 2)
