-- The search terms are the words of published products' names, tags and categories (keys marked n:, t:, c:), each
-- once: the terms no published product carries (a draft's, a deleted or renamed product's) are removed, with their
-- deletion variants. One set-based pass, not a lookup per term.
DELETE FROM "search_terms" AS t
USING (
  SELECT "term" FROM "search_terms"
  EXCEPT
  SELECT substr(k, 3) FROM "products" AS p CROSS JOIN LATERAL unnest(p."search_keys") AS k
  WHERE p."status" = 'published' AND substr(k, 1, 2) IN ('n:', 't:', 'c:')
) AS unused
WHERE t."term" = unused."term";
