CREATE TABLE `conversation_labels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question_id` integer NOT NULL,
	`label_id` integer NOT NULL,
	`added_at` integer NOT NULL,
	`added_by` integer,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`label_id`) REFERENCES `labels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`added_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversation_labels_pair` ON `conversation_labels` (`question_id`,`label_id`);--> statement-breakpoint
CREATE INDEX `conversation_labels_label` ON `conversation_labels` (`label_id`);--> statement-breakpoint
CREATE TABLE `conversation_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question_id` integer NOT NULL,
	`author_id` integer NOT NULL,
	`text` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `conversation_notes_question` ON `conversation_notes` (`question_id`,`at`);--> statement-breakpoint
CREATE TABLE `labels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`colour` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `labels_name` ON `labels` (`name`);--> statement-breakpoint
CREATE TABLE `snippets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`text` text NOT NULL,
	`owner_id` integer NOT NULL,
	`shared` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `bakery` ADD `assign_on_open` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `bakery` ADD `undo_send_seconds` integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE `questions` ADD `assignee_id` integer REFERENCES users(id);--> statement-breakpoint
CREATE INDEX `questions_assignee` ON `questions` (`assignee_id`,`status`);--> statement-breakpoint
ALTER TABLE `replies` ADD `held_until` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `preferences` text DEFAULT '{}' NOT NULL;