# style: track the time at which the bucket would be full (GCRA-like "theoretical arrival time")
class TokenBucket:
    def __init__(self, rate, capacity, clock):
        self.rate = rate; self.capacity = capacity; self.clock = clock
        self.full_at = clock.now()
    def try_acquire(self, cost=1):
        now = self.clock.now()
        start = max(self.full_at, now)
        tokens = self.capacity - (start - now) * self.rate
        if tokens >= cost:
            self.full_at = start + cost / self.rate
            return True
        return False
