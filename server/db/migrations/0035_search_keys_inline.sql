-- A product's search keys stay in its row, compressed, rather than in the TOAST table: a search reads them for every
-- product it checks (a walk of the best sellers tests each one's keys), and reading them from the row costs a
-- decompression where the TOAST table cost an index lookup and more pages. Keys written from now on are kept so; the
-- search keys' version raised with this change writes every product's keys again.
ALTER TABLE "products" ALTER COLUMN "search_keys" SET STORAGE MAIN;--> statement-breakpoint
-- The planner chooses, per tier of a search, between walking the best sellers (a common key) and reading the index (a
-- rare one) by each key's share of the products. A word's starts make thousands of common keys (n>s, n>sa, …); the
-- default sample keeps the 1,000 most common, and a key below them counts as rare even when it is in every
-- twentieth product. Ten thousand keep every key common enough to be walked.
ALTER TABLE "products" ALTER COLUMN "search_keys" SET STATISTICS 1000;--> statement-breakpoint
-- New keys wait in the index's pending list until it is merged (by VACUUM, which PGlite never runs on its own, or once
-- it outgrows its limit), and every search reads the whole list: at the default 4 MB that is some 500 pages per
-- lookup. A 256 kB list is merged sooner, in smaller steps, and read in a few dozen pages.
ALTER INDEX "products_search_keys_idx" SET (gin_pending_list_limit = 256);
