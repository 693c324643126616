ALTER TABLE `questions` ADD `last_message_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `questions_status_last_message` ON `questions` (`status`,`last_message_at`);