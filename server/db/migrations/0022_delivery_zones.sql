CREATE TABLE "delivery_zones" (
	"id" text PRIMARY KEY NOT NULL,
	"zones" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
