# wrong: wrong time base: time.monotonic() instead of the clock it was given
import time
class TokenBucket:
    def __init__(self, rate, capacity, clock):
        self.rate, self.capacity = rate, capacity
        self.tokens, self.last = capacity, time.monotonic()
    def try_acquire(self, cost=1):
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False
