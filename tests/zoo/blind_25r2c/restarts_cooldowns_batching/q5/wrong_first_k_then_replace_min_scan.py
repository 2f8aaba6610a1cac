# wrong (too slow): keeps k items, finds the weakest by a scan for each newcomer
def top_k_longest(durations, k):
    best = []
    for seq, (name, d) in enumerate(durations):
        if len(best) < k:
            best.append((d, -seq, name)); continue
        if not k:
            continue
        w = min(range(len(best)), key=lambda i: best[i])
        if (d, -seq, name) > best[w]:
            best[w] = (d, -seq, name)
    best.sort(reverse=True)
    return [(name, d) for d, _, name in best]
