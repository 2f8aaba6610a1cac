# reads time.monotonic() instead of the given clock
class TokenBucket:
    def __init__(self, rate, capacity, clock):
        self.rate = rate; self.capacity = capacity; self.clock = clock
        self.tokens = capacity; import time; self.last = time.monotonic()
    def try_acquire(self, cost=1):
        import time; now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False
