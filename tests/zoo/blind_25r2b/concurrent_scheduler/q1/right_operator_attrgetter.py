# right: operator.attrgetter key
from operator import attrgetter
_key = attrgetter("priority", "seq")
def priority_before(a, b):
    return _key(a) < _key(b)
