DROP INDEX "products_sub_category_idx";--> statement-breakpoint
DROP INDEX "products_sub_sub_category_idx";--> statement-breakpoint
CREATE INDEX "products_sub_category_created_idx" ON "products" USING btree ("sub_category_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_sub_sub_category_created_idx" ON "products" USING btree ("sub_sub_category_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin (product_search_text("name", "description", "tags") gin_trgm_ops);