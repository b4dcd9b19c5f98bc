ALTER TABLE "coupons" ADD COLUMN "per_customer_limit" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "min_order" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_ref_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_unpaid_created_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'pending' and "orders"."payment_status" = 'unpaid';--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_per_customer_limit_positive" CHECK ("coupons"."per_customer_limit" is null or "coupons"."per_customer_limit" > 0);--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_min_order_positive" CHECK ("coupons"."min_order" is null or "coupons"."min_order" > 0);