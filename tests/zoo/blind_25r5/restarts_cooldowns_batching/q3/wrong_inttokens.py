# 11 q3. Wrong: earned tokens truncated to whole numbers (fractions lost each call).
# Breaks: "gains rate tokens per unit of time"
class TokenBucket:
    def __init__(self, rate, capacity, clock):
        self.rate, self.capacity, self.clock = rate, capacity, clock
        self.tokens = capacity
        self.last = clock.now()

    def try_acquire(self, cost=1):
        now = self.clock.now()
        self.tokens = min(self.capacity, self.tokens + int((now - self.last) * self.rate))
        self.last = now
        if cost <= self.tokens:
            self.tokens -= cost
            return True
        return False
