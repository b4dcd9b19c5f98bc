CREATE TABLE "parcel_events" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"status" text NOT NULL,
	"courier_status" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_parcels" (
	"consignment_id" text PRIMARY KEY NOT NULL,
	"tracking_code" text NOT NULL,
	"invoice" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_phone" text NOT NULL,
	"recipient_address" text NOT NULL,
	"cod_amount" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_parcels_tracking_code_unique" UNIQUE("tracking_code"),
	CONSTRAINT "sandbox_parcels_invoice_unique" UNIQUE("invoice")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier_provider" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "consignment_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier_booking_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "parcel_events" ADD CONSTRAINT "parcel_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parcel_events_order_status_key" ON "parcel_events" USING btree ("order_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_consignment_key" ON "orders" USING btree ("courier_provider","consignment_id");