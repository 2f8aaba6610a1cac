# WRONG: tokens shared by all buckets (class attribute)
class TokenBucket:
    def __init__(self, rate, capacity, clock):
        self.rate = rate; self.capacity = capacity; self.clock = clock
        TokenBucket.tokens = capacity; self.last = clock.now()
    def try_acquire(self, cost=1):
        now = self.clock.now()
        TokenBucket.tokens = min(self.capacity, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= cost:
            TokenBucket.tokens -= cost
            return True
        return False
