ALTER TABLE "products" ADD COLUMN "sku" text;--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_key" ON "products" USING btree (lower("sku"));