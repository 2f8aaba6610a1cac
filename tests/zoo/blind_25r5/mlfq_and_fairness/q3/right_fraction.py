# Exercise 03 q3. RIGHT, unusual: exact Fraction arithmetic inside, deficits converted back to the
# input's number type at the end; served as tuples built with zip.
from fractions import Fraction
def drr_round(queues, deficits, weights, quantum):
    served, after = [], {}
    for tenant in list(queues):
        jobs = list(queues[tenant])
        if not jobs:
            after[tenant] = 0; continue
        d = Fraction(deficits[tenant]) + Fraction(quantum) * Fraction(weights[tenant])
        sent = 0
        for x in jobs:
            if Fraction(x) > d: break
            d -= Fraction(x); sent += 1
        served.extend(zip([tenant] * sent, jobs[:sent]))
        after[tenant] = 0 if sent == len(jobs) else (int(d) if d.denominator == 1 and all(isinstance(v, int) for v in (deficits[tenant], quantum, weights[tenant], *jobs)) else float(d))
    return served, after
