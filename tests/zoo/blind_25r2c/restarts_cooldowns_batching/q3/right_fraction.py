# right: exact arithmetic with fractions.Fraction, refill computed in a helper
from fractions import Fraction
class TokenBucket:
    def __init__(self, rate, capacity, clock):
        self._rate = Fraction(rate)
        self._cap = Fraction(capacity)
        self._clock = clock
        self._have = Fraction(capacity)
        self._t = Fraction(clock.now())
    def _refill(self):
        now = Fraction(self._clock.now())
        self._have = min(self._cap, self._have + (now - self._t) * self._rate)
        self._t = now
    def try_acquire(self, cost=1):
        self._refill()
        if self._have < cost:
            return False
        self._have -= cost
        return True
