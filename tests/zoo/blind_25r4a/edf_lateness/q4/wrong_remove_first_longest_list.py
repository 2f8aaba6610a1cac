# wrong: keeps list, removes the longest via max() but by value with list.remove (removes first equal)- right actually; also returns set
def min_late_jobs(jobs):
    out = []; t = 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        out.append(j); t += j.duration
        while out and t > j.deadline:
            s = max(out, key=lambda x: x.duration); out.remove(s); t -= s.duration
    return set(out)
