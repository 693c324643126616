CREATE TABLE `inbound_emails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`outcome` text NOT NULL,
	`reason` text,
	`question_id` integer,
	`message_id` integer,
	`from_address` text,
	`subject` text,
	`attachments` text DEFAULT '[]' NOT NULL,
	`raw` blob NOT NULL,
	`size` integer NOT NULL,
	`received_at` integer NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inbound_emails_key` ON `inbound_emails` (`key`);--> statement-breakpoint
CREATE INDEX `inbound_emails_question` ON `inbound_emails` (`question_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `inbound_emails_message` ON `inbound_emails` (`message_id`);