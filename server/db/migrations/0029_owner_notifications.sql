CREATE TABLE "morning_summaries" (
	"day" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_messages" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "owner_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_messages_owner_alert_key" ON "customer_messages" USING btree ("order_id","kind","channel","recipient") WHERE "customer_messages"."kind" = 'owner-new-order';