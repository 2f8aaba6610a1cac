# wrong: ceiling - rand()*ceiling: the fraction is 1 - rand()
def backoff_delay(attempt, base, cap, rand):
    c = cap if attempt > 2000 else min(cap, base * 2 ** attempt)
    return c - rand() * c
