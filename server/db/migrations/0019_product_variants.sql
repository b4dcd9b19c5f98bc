CREATE TABLE "product_variants" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"position" integer NOT NULL,
	"sku" text NOT NULL,
	"size" text,
	"color" text,
	"original_price" numeric(12, 2) NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"remaining" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_discount_range" CHECK ("product_variants"."discount" between 0 and 100),
	CONSTRAINT "product_variants_remaining_nonnegative" CHECK ("product_variants"."remaining" >= 0),
	CONSTRAINT "product_variants_price_positive" CHECK ("product_variants"."original_price" > 0),
	CONSTRAINT "product_variants_has_option" CHECK ("product_variants"."size" is not null or "product_variants"."color" is not null)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_key" ON "product_variants" USING btree (lower("sku"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_product_position_key" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_product_options_key" ON "product_variants" USING btree ("product_id",lower(coalesce("size", '')),lower(coalesce("color", '')));--> statement-breakpoint
CREATE INDEX "product_variants_remaining_idx" ON "product_variants" USING btree ("remaining");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_variant_idx" ON "order_items" USING btree ("variant_id");