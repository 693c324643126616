CREATE TABLE `replaced_ticket_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question_id` integer NOT NULL,
	`hash` text NOT NULL,
	`replaced_at` integer NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `replaced_ticket_links_hash` ON `replaced_ticket_links` (`hash`);--> statement-breakpoint
CREATE INDEX `replaced_ticket_links_question` ON `replaced_ticket_links` (`question_id`);--> statement-breakpoint
ALTER TABLE `bakery` ADD `widget_origins` text DEFAULT '[]' NOT NULL;