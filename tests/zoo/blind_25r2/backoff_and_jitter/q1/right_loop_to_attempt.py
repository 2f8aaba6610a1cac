# right (unusual): loops all the way to `attempt` (10**6 multiplications at most), inf is fine under min
def backoff_delay(attempt, base, cap, rand):
    c = base
    for _ in range(attempt):
        c *= 2
    return rand() * min(cap, c)
