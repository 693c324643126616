CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question_id` integer NOT NULL,
	`author` text NOT NULL,
	`channel` text NOT NULL,
	`text` text NOT NULL,
	`external_id` text,
	`reply_id` integer,
	`at` integer NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reply_id`) REFERENCES `replies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `messages_question` ON `messages` (`question_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `messages_channel_external_id` ON `messages` (`channel`,`external_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `messages_reply` ON `messages` (`reply_id`);--> statement-breakpoint
DROP INDEX `replies_question`;--> statement-breakpoint
CREATE INDEX `replies_question` ON `replies` (`question_id`,`sent_at`);--> statement-breakpoint
ALTER TABLE `agent_runs` ADD `answered_message_id` integer;--> statement-breakpoint
ALTER TABLE `agent_runs` ADD `messages_read` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `bakery` ADD `show_staff_names` integer DEFAULT false NOT NULL;