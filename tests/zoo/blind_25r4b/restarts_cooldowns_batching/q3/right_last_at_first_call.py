# RIGHT: last time set at the first call (bucket full until then anyway)
class TokenBucket:
    def __init__(self, rate, capacity, clock):
        self.rate = rate; self.capacity = capacity; self.clock = clock
        self.tokens = capacity; self.last = None
    def try_acquire(self, cost=1):
        now = self.clock.now()
        if self.last is None: self.last = now
        self.tokens = min(self.capacity, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False
