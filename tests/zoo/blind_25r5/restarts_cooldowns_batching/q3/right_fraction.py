# 11 q3. Right but unusual: exact arithmetic with Fraction (no float drift).
from fractions import Fraction
class TokenBucket:
    def __init__(self, rate, capacity, clock):
        self.rate, self.capacity, self.clock = Fraction(rate), Fraction(capacity), clock
        self.tokens = Fraction(capacity)
        self.last = Fraction(clock.now())
    def try_acquire(self, cost=1):
        now = Fraction(self.clock.now())
        self.tokens = min(self.capacity, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if cost <= self.tokens:
            self.tokens -= Fraction(cost)
            return True
        return False
