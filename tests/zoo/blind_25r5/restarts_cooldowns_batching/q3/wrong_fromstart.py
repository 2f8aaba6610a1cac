# 11 q3. Wrong: refills for the time since creation on every call (not since the last call).
# Breaks: "Refill for the time since the last call"
class TokenBucket:
    def __init__(self, rate, capacity, clock):
        self.rate, self.capacity, self.clock = rate, capacity, clock
        self.tokens = capacity
        self.last = clock.now()

    def try_acquire(self, cost=1):
        now = self.clock.now()
        self.tokens = min(self.capacity, self.tokens + (now - self.last) * self.rate)
        if cost <= self.tokens:
            self.tokens -= cost
            return True
        return False
