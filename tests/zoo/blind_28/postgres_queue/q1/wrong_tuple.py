# wrong type: returns a tuple of statements; notebook 06: 'Return a **list of SQL strings** (a Python list, even for one statement)'
def claim_sql():
    return ("UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = (SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id",)
