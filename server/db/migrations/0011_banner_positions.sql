-- The existing banners keep the order the home page showed them in (newest first), numbered 1..n.
ALTER TABLE "banners" ADD COLUMN "position" integer;--> statement-breakpoint
UPDATE "banners" SET "position" = "ranked"."position" FROM (SELECT "id", row_number() OVER (ORDER BY "created_at" DESC, "id" DESC) AS "position" FROM "banners") AS "ranked" WHERE "banners"."id" = "ranked"."id";--> statement-breakpoint
ALTER TABLE "banners" ALTER COLUMN "position" SET NOT NULL;
