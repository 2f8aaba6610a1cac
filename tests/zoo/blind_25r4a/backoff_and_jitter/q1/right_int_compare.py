# right: exact with fractions for the compare
from fractions import Fraction
def backoff_delay(attempt, base, cap, rand):
    r = rand()
    if attempt > 1100 or Fraction(base) * 2 ** attempt >= Fraction(cap):
        return r * cap
    return r * (base * 2 ** attempt)
