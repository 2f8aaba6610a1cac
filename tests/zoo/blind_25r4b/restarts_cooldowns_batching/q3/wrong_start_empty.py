# WRONG: starts empty
class TokenBucket:
    def __init__(self, rate, capacity, clock):
        self.rate = rate; self.capacity = capacity; self.clock = clock
        self.tokens = 0; self.last = clock.now()
    def try_acquire(self, cost=1):
        now = self.clock.now()
        self.tokens = min(self.capacity, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False
