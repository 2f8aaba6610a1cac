# wrong: updates last before computing the refill (never refills)
class TokenBucket:
    def __init__(self, rate, capacity, clock):
        self.rate, self.capacity, self.clock = rate, capacity, clock
        self.tokens = capacity
        self.last = clock.now()
    def try_acquire(self, cost=1):
        now = self.clock.now()
        self.last = now
        self.tokens = min(self.capacity, self.tokens + (now - self.last) * self.rate)
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False
