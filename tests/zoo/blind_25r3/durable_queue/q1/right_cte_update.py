# right: a CTE picks the oldest free job (by :now only), the UPDATE takes it and says which
def claim_sql():
    return ["WITH pick AS (SELECT min(id) AS id FROM jobs WHERE NOT done AND :now >= visible_at) "
            "UPDATE jobs SET visible_at = :until, worker = :worker WHERE id = (SELECT id FROM pick) "
            "RETURNING id"]
