# wrong: rounds the wait to milliseconds
def decorrelated(previous, base, cap, rand):
    return round(min(cap, base + rand() * (3 * previous - base)), 3)
