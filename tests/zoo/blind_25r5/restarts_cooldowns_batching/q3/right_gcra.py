# 11 q3. Right but unusual: keeps the time the bucket was (virtually) full... stores the "empty" time instead of a count.
class TokenBucket:
    def __init__(self, rate, capacity, clock):
        self.rate, self.capacity, self.clock = rate, capacity, clock
        self.full_at = clock.now()          # the time at which the bucket is (or was) full
    def try_acquire(self, cost=1):
        now = self.clock.now()
        base = max(self.full_at, now)       # never more than full
        tokens = self.capacity - (base - now) * self.rate
        if cost <= tokens:
            self.full_at = base + cost / self.rate
            return True
        return False
