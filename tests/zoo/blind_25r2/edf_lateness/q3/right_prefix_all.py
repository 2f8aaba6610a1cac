# right: every deadline prefix: total work due by d must be <= d (demand criterion)
def feasible(jobs):
    ds = sorted({j.deadline for j in jobs})
    return all(sum(j.duration for j in jobs if j.deadline <= d) <= d for d in ds)
