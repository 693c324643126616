CREATE TABLE `reply_feedback` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_id` integer NOT NULL,
	`question_id` integer NOT NULL,
	`answer` text NOT NULL,
	`comment` text,
	`answered_at` integer NOT NULL,
	`changed_at` integer NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reply_feedback_comment_length" CHECK(length("reply_feedback"."comment") <= 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reply_feedback_message` ON `reply_feedback` (`message_id`);--> statement-breakpoint
CREATE INDEX `reply_feedback_question` ON `reply_feedback` (`question_id`);--> statement-breakpoint
CREATE INDEX `reply_feedback_answered` ON `reply_feedback` (`answered_at`);