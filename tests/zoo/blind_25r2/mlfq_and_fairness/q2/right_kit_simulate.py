# right: delegates to the reference the statement names, policies.simulate(..., "mlfq", 1, boost=boost)
from kit import policies
from kit.policies import Task
def mlfq_schedule(tasks, boost):
    ts = [Task(name, arrival, duration) for name, arrival, duration in tasks]
    return [tuple(s) for s in policies.simulate(ts, "mlfq", 1, boost=boost).slices]
