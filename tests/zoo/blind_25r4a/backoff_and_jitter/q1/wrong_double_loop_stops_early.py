# wrong: doubling loop stops when c*2 would pass cap (ceiling below cap)
def backoff_delay(attempt, base, cap, rand):
    c = base; a = 0
    while a < attempt and c * 2 <= cap:
        c *= 2; a += 1
    return rand() * c
