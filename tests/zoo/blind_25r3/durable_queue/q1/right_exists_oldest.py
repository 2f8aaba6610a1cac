# right: takes the free job with no older free job (NOT EXISTS), in one statement
def claim_sql():
    return ["UPDATE jobs AS j SET worker = :worker, visible_at = :until "
            "WHERE j.done = 0 AND j.visible_at <= :now AND NOT EXISTS "
            "(SELECT 1 FROM jobs o WHERE o.id < j.id AND o.done = 0 AND o.visible_at <= :now) "
            "RETURNING id"]
