# right (unusual): lets a float power overflow to inf on purpose (2.0 ** 1023 max, times base may be inf)
def backoff_delay(attempt, base, cap, rand):
    ceiling = base * 2.0 ** min(attempt, 1023)
    return rand() * (cap if ceiling > cap else ceiling)
