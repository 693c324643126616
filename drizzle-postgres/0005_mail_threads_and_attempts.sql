CREATE TABLE "inbound_email_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_attempt_at" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "messages_channel_external_id";--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "mentions_question_id" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "sender_not_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_question_channel_external_id" ON "messages" USING btree ("question_id","channel","external_id");