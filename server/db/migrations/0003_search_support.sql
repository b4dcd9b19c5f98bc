-- Trigram indexes make `ILIKE '%word%'` searches an index lookup instead of a scan of every product.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- What a product search looks through: name, description and tags, one field per line. Declared IMMUTABLE (it is:
-- array_to_string of text is) so it can be indexed; the listing's search calls the same function.
CREATE OR REPLACE FUNCTION product_search_text(name text, description text, tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT name || E'\n' || description || E'\n' || array_to_string(tags, ' ') $$;
