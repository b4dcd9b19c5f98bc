ALTER TABLE "categories" ADD COLUMN "name_bn" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "product_name_bn" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_bn" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_bn" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "details_bn" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unit_bn" text;--> statement-breakpoint
ALTER TABLE "sub_categories" ADD COLUMN "name_bn" text;--> statement-breakpoint
ALTER TABLE "sub_sub_categories" ADD COLUMN "name_bn" text;