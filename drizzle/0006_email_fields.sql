CREATE TABLE `mail_channels` (
	`name` text PRIMARY KEY NOT NULL,
	`last_ok_at` integer,
	`last_error` text,
	`last_error_at` integer
);
--> statement-breakpoint
ALTER TABLE `messages` ADD `email_message_id` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `email_subject` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `email_from` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `email_references` text;--> statement-breakpoint
CREATE UNIQUE INDEX `messages_email_message_id` ON `messages` (`email_message_id`);