CREATE TABLE "search_term_variants" (
	"variant" text NOT NULL,
	"term" text NOT NULL,
	CONSTRAINT "search_term_variants_variant_term_pk" PRIMARY KEY("variant","term")
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_words" (
	"id" text PRIMARY KEY NOT NULL,
	"words" text[] DEFAULT '{}'::text[] NOT NULL,
	"keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_keys_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "search_term_variants" ADD CONSTRAINT "search_term_variants_term_search_terms_term_fk" FOREIGN KEY ("term") REFERENCES "public"."search_terms"("term") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_terms_prefix_idx" ON "search_terms" USING btree ("term" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "shop_words_keys_idx" ON "shop_words" USING gin ("keys");--> statement-breakpoint
CREATE INDEX "products_search_keys_idx" ON "products" USING gin ("search_keys");--> statement-breakpoint
CREATE INDEX "products_search_keys_version_idx" ON "products" USING btree ("search_keys_version");