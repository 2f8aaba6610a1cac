# Exercise 03 q3. RIGHT, unusual: the result is a namedtuple Round(served, deficits) (a tuple), pairs are namedtuples,
# deficits an OrderedDict (a dict subclass).
from collections import namedtuple, OrderedDict
Round = namedtuple('Round', 'served deficits'); Sent = namedtuple('Sent', 'tenant size')
def drr_round(queues, deficits, weights, quantum):
    served, after = [], OrderedDict()
    for tenant, jobs in queues.items():
        if not jobs:
            after[tenant] = 0; continue
        d = deficits[tenant] + quantum * weights[tenant]; i = 0
        while i < len(jobs) and jobs[i] <= d:
            d -= jobs[i]; served.append(Sent(tenant, jobs[i])); i += 1
        after[tenant] = 0 if i == len(jobs) else d
    return Round(served, after)
