# right: double while below the cap, then take the fraction
def backoff_delay(attempt, base, cap, rand):
    c = base
    for _ in range(attempt):
        if c >= cap:
            break
        c *= 2
    return rand() * min(cap, c)
