-- A product's search keys stay in its row, compressed, rather than in the TOAST table: a search reads them for every
-- product it checks (a walk of the best sellers tests each one's keys), and reading them from the row costs a
-- decompression where the TOAST table cost an index lookup and more pages. Keys written from now on are kept so; the
-- search keys' version raised with this change writes every product's keys again.
ALTER TABLE "products" ALTER COLUMN "search_keys" SET STORAGE MAIN;
