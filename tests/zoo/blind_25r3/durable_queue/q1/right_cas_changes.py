# right: compare-and-set on the whole free rule; changes() says whether the row was mine to take
def claim_sql():
    return ["SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1",
            "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id AND done = 0 AND visible_at <= :now",
            "SELECT iif(changes() = 1, :id, NULL)"]
