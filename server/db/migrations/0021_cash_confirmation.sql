ALTER TABLE "orders" ADD COLUMN "cash_confirmation" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirm_code_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirm_code_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirm_codes_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirm_code_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_phone_status_idx" ON "orders" USING btree ("phone","status");--> statement-breakpoint
CREATE INDEX "orders_unconfirmed_created_idx" ON "orders" USING btree ("created_at") WHERE "orders"."cash_confirmation" = 'awaiting';