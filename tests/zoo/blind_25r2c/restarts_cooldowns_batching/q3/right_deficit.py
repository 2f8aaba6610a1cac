# right: store the time the bucket would be full instead of a token count (GCRA-like)
class TokenBucket:
    def __init__(self, rate, capacity, clock):
        self.rate, self.cap, self.clock = rate, capacity, clock
        self.full_at = clock.now()          # bucket full from this time on
    def try_acquire(self, cost=1):
        now = self.clock.now()
        if self.rate == 0:
            have = self.cap if now >= self.full_at else self._have0
        else:
            have = self.cap - max(0, self.full_at - now) * self.rate
        if have >= cost:
            have -= cost
            if self.rate == 0:
                self._have0 = have; self.full_at = float("inf") if have < self.cap else now
            else:
                self.full_at = now + (self.cap - have) / self.rate
            return True
        return False
