# wrong: uses the global random module instead of the rand passed in
import random
def backoff_delay(attempt, base, cap, rand):
    c = base
    for _ in range(attempt):
        if c >= cap:
            break
        c *= 2
    return random.random() * min(cap, c)
