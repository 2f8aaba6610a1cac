# right (unusual): prefers idle CPUs while any exists (an idle CPU is always a least-loaded one)
def lpt(tasks, cpus):
    loads = [0] * cpus
    for t in sorted(tasks, reverse=True):
        loaded = [c for c in range(cpus) if loads[c]]
        pool = loaded if loaded and len(loaded) == cpus else [c for c in range(cpus) if not loads[c]] or list(range(cpus))
        c = min(pool, key=loads.__getitem__)
        loads[c] += t
    return loads
