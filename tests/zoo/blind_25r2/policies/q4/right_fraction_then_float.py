# right: exact Fraction arithmetic for the mean, converted to float at the end
from fractions import Fraction
from kit import policies
def srtf_average_wait(tasks):
    s = policies.simulate(list(tasks), "srtf")
    waits = [s.stats[t.name].finish - t.arrival - t.duration for t in tasks]
    return float(Fraction(sum(waits), len(waits)))
