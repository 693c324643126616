CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question_id` integer NOT NULL,
	`reply_id` integer NOT NULL,
	`email_message_id` text NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`in_reply_to` text,
	`references` text,
	`ticket_token` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`not_before` integer,
	`lease_owner` text,
	`lease_token` text,
	`lease_expires_at` integer,
	`last_error` text,
	`server_response` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reply_id`) REFERENCES `replies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_reply` ON `email_outbox` (`reply_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_message_id` ON `email_outbox` (`email_message_id`);--> statement-breakpoint
CREATE INDEX `email_outbox_status` ON `email_outbox` (`status`,`not_before`);--> statement-breakpoint
CREATE INDEX `email_outbox_question` ON `email_outbox` (`question_id`);--> statement-breakpoint
CREATE TABLE `ticket_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question_id` integer NOT NULL,
	`hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ticket_tokens_hash` ON `ticket_tokens` (`hash`);--> statement-breakpoint
CREATE INDEX `ticket_tokens_question` ON `ticket_tokens` (`question_id`);