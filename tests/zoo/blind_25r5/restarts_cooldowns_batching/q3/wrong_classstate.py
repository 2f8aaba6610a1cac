# 11 q3. Wrong: the refill mark is a class attribute shared by every bucket.
# Breaks: "Each bucket holds its own tokens"
class TokenBucket:
    def __init__(self, rate, capacity, clock):
        self.rate, self.capacity, self.clock = rate, capacity, clock
        self.tokens = capacity
        TokenBucket.last = clock.now()

    def try_acquire(self, cost=1):
        now = self.clock.now()
        self.tokens = min(self.capacity, self.tokens + (now - self.last) * self.rate)
        TokenBucket.last = now
        if cost <= self.tokens:
            self.tokens -= cost
            return True
        return False
