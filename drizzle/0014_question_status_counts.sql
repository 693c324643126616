CREATE TABLE `question_status_counts` (
	`status` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL
);
