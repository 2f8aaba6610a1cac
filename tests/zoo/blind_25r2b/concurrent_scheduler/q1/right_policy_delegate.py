# right: delegates to the kit's PriorityPolicy
from kit.jobs import PriorityPolicy
_p = PriorityPolicy()
def priority_before(a, b):
    return _p.before(a, b) is True
