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
ALTER TABLE "refresh_tokens" DROP COLUMN "revoked_at";
