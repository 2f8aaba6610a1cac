# wrong: last starts at 0, not at clock.now(), and no cap at the first refill
class TokenBucket:
    def __init__(self, rate, capacity, clock):
        self.rate, self.capacity, self.clock = rate, capacity, clock
        self.tokens = capacity
        self.last = 0
    def try_acquire(self, cost=1):
        now = self.clock.now()
        self.tokens = (self.tokens + (now - self.last) * self.rate) if self.last == 0 else min(self.capacity, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False
