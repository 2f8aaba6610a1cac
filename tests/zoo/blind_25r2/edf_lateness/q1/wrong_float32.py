# wrong: compares deadlines as float32 (array module), so close float deadlines tie
from array import array
def edf_order(jobs):
    keys = array("f", [j.deadline for j in jobs])
    return [jobs[k] for k in sorted(range(len(jobs)), key=lambda k: keys[k])]
