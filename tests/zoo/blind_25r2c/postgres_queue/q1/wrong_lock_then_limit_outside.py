# wrong: SKIP LOCKED on all free rows in a subquery, LIMIT outside: locks every free job
def claim_sql():
    return [
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = (SELECT min(id) FROM (SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now FOR UPDATE SKIP LOCKED) s) RETURNING id"
]
