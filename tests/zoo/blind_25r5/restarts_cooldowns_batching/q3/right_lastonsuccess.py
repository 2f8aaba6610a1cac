# 11 q3. Right (on reflection): a refused request stores nothing; since a refusal means the bucket was below cost <= capacity, no cap was hit, so refilling later from the old mark gives the same tokens.
class TokenBucket:
    def __init__(self, rate, capacity, clock):
        self.rate, self.capacity, self.clock = rate, capacity, clock
        self.tokens = capacity
        self.last = clock.now()

    def try_acquire(self, cost=1):
        now = self.clock.now()
        t = min(self.capacity, self.tokens + (now - self.last) * self.rate)
        if cost <= t:
            self.tokens = t - cost
            self.last = now
            return True
        return False
