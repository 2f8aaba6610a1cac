# 11 q3. Wrong: takes the cost before capping (tokens above capacity are spent first).
# Breaks: "never holding more than capacity"
class TokenBucket:
    def __init__(self, rate, capacity, clock):
        self.rate, self.capacity, self.clock = rate, capacity, clock
        self.tokens = capacity
        self.last = clock.now()

    def try_acquire(self, cost=1):
        now = self.clock.now()
        t = self.tokens + (now - self.last) * self.rate
        self.last = now
        if cost <= t:
            self.tokens = min(self.capacity, t - cost)
            return True
        self.tokens = min(self.capacity, t)
        return False
