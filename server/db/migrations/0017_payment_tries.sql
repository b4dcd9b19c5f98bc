DROP INDEX "payments_order_key";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "surplus" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","created_at");