# 11 q3. Wrong: a refused request still spends the tokens it found (drains the bucket to 0).
# Breaks: "else takes none and returns False"
class TokenBucket:
    def __init__(self, rate, capacity, clock):
        self.rate, self.capacity, self.clock = rate, capacity, clock
        self.tokens = capacity
        self.last = clock.now()

    def try_acquire(self, cost=1):
        now = self.clock.now()
        self.tokens = min(self.capacity, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if cost <= self.tokens:
            self.tokens -= cost
            return True
        if cost > self.capacity / 2:
            self.tokens = 0
        return False
