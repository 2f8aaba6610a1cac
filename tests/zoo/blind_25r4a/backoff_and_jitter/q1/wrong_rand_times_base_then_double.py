# wrong: jitter on base then doubled: min(cap, rand()*base*2^a)
def backoff_delay(attempt, base, cap, rand):
    r = rand() * base; a = 0
    while a < attempt and r < cap:
        r *= 2; a += 1
    return min(cap, r)
