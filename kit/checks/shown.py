"""Large values shown short. A check's large case holds hundreds or thousands of items, and a
report that prints them all is unreadable: `Long` is a list that prints its first items, its last
and how many there are; `around(want, got)` says where two long lists first differ, with the
items on either side."""


class Long(list):
    """A list, compared and copied as one, printed short when it is long."""

    def __repr__(self) -> str:
        if len(self) <= 8:
            return list.__repr__(self)
        return f"[{', '.join(map(repr, self[:3]))}, …, {self[-1]!r}] ({len(self)} items)"


def around(want: list, got: list, width: int = 2) -> str:
    """"items 499 to 503: expected [...], got [...]": the first place two lists differ (or where
    the shorter ends), with `width` items on either side."""
    i = next((i for i, (w, g) in enumerate(zip(want, got, strict=False)) if w != g),
             min(len(want), len(got)))
    lo, hi = max(0, i - width), i + width + 1
    return (f"items {lo} to {min(hi, max(len(want), len(got))) - 1} of {len(want)}: expected "
            f"{list(want[lo:hi])!r}, got {list(got[lo:hi])!r}")


class LongDict(dict):
    """A dict, compared and copied as one, printed short when it is long."""

    def __repr__(self) -> str:
        if len(self) <= 8:
            return dict.__repr__(self)
        *head, last = [f"{k!r}: {v!r}" for k, v in (*list(self.items())[:3],
                                                       list(self.items())[-1])]
        return f"{{{', '.join(head)}, …, {last}}} ({len(self)} items)"
