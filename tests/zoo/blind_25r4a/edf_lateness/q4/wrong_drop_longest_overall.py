# wrong: drops the longest job seen so far even if already dropped list kept separately (drops from all, not kept)
def min_late_jobs(jobs):
    js = sorted(jobs, key=lambda j: j.deadline); keep = []; t = 0
    for j in js:
        keep.append(j); t += j.duration
        if t > j.deadline:
            s = max(js[:js.index(j) + 1], key=lambda x: x.duration)
            if s in keep: keep.remove(s); t -= s.duration
    return keep
