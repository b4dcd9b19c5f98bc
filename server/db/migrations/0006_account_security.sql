CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every refresh-token family becomes a session; a family with a revoked token was revoked as a whole.
INSERT INTO "sessions" ("id", "user_id", "revoked_at", "created_at")
SELECT "family_id", min("user_id"), max("revoked_at"), min("created_at") FROM "refresh_tokens" GROUP BY "family_id";--> statement-breakpoint
DROP INDEX "refresh_tokens_family_idx";--> statement-breakpoint
ALTER TABLE "refresh_tokens" RENAME COLUMN "family_id" TO "session_id";--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP COLUMN "revoked_at";--> statement-breakpoint
CREATE TABLE "confirmations" (
	"id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"address" text NOT NULL,
	"user_id" text,
	"token_hash" text NOT NULL,
	"code_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"name" text,
	"password_hash" text,
	"requester" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "confirmations" ADD CONSTRAINT "confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "confirmations_token_key" ON "confirmations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "confirmations_requester_idx" ON "confirmations" USING btree ("requester","created_at");--> statement-breakpoint
CREATE INDEX "confirmations_address_idx" ON "confirmations" USING btree ("address","purpose");--> statement-breakpoint
CREATE INDEX "confirmations_user_idx" ON "confirmations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "confirmations_created_idx" ON "confirmations" USING btree ("created_at");--> statement-breakpoint
-- Registrations are confirmations now, not accounts: an account nobody proved held its address (and a password that
-- may have been a stranger's). Such accounts could not sign in, so they own nothing; their owners register again.
DELETE FROM "users" WHERE "verified_at" IS NULL;--> statement-breakpoint
DELETE FROM "one_time_tokens" WHERE "purpose" <> 'reset-password';--> statement-breakpoint
DROP TABLE "otps" CASCADE;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "verified_at";--> statement-breakpoint
-- An account's email is now always one its owner proved. An address set through the profile without proof may be a
-- stranger's: it is removed, and the owner adds it again from Settings (a link to the address confirms it).
UPDATE "users" SET "email" = NULL WHERE NOT "is_email_verified";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_email_verified";
