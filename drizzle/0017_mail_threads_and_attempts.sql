CREATE TABLE `inbound_email_attempts` (
	`key` text PRIMARY KEY NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`last_attempt_at` integer NOT NULL
);
--> statement-breakpoint
DROP INDEX `messages_channel_external_id`;--> statement-breakpoint
CREATE UNIQUE INDEX `messages_question_channel_external_id` ON `messages` (`question_id`,`channel`,`external_id`);--> statement-breakpoint
ALTER TABLE `questions` ADD `mentions_question_id` integer;--> statement-breakpoint
ALTER TABLE `questions` ADD `sender_not_verified` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `questions` ADD `merged_into_id` integer;