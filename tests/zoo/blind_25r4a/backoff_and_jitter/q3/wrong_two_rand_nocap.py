# wrong: two rand() calls AND no cap (to see rand_calls in the report)
def decorrelated(previous, base, cap, rand):
    rand(); return base + rand() * (3 * previous - base)
