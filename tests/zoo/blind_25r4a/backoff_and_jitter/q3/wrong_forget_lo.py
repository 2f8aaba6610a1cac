# wrong: base + rand()*3*previous (forgets - lo)
def decorrelated(previous, base, cap, rand):
    return min(cap, base + rand() * 3 * previous)
