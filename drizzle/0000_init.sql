CREATE TABLE `agent_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question_id` integer NOT NULL,
	`model` text NOT NULL,
	`stop_kind` text NOT NULL,
	`stop_reason` text,
	`draft_text` text,
	`turns` integer DEFAULT 0 NOT NULL,
	`input_tokens` integer DEFAULT 0 NOT NULL,
	`output_tokens` integer DEFAULT 0 NOT NULL,
	`cache_read_tokens` integer DEFAULT 0 NOT NULL,
	`cache_write_tokens` integer DEFAULT 0 NOT NULL,
	`cost_usd` real DEFAULT 0 NOT NULL,
	`error` text,
	`facts_version` integer NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agent_runs_question` ON `agent_runs` (`question_id`,`started_at`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`at` integer NOT NULL,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text,
	`before` text,
	`after` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `audit_log_at` ON `audit_log` (`at`);--> statement-breakpoint
CREATE TABLE `bakery` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`timezone` text NOT NULL,
	`contact` text DEFAULT '' NOT NULL,
	`facts_version` integer DEFAULT 1 NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `date_exceptions` (
	`date` text PRIMARY KEY NOT NULL,
	`closed` integer NOT NULL,
	`opens` text,
	`closes` text,
	`note` text,
	CONSTRAINT "date_exceptions_shape" CHECK(("date_exceptions"."closed" = 1 and "date_exceptions"."opens" is null and "date_exceptions"."closes" is null) or ("date_exceptions"."closed" = 0 and "date_exceptions"."opens" < "date_exceptions"."closes"))
);
--> statement-breakpoint
CREATE TABLE `menu_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`price_cents` integer NOT NULL,
	`notice_days` integer DEFAULT 0 NOT NULL,
	`available` integer DEFAULT true NOT NULL,
	`description` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "menu_items_price" CHECK("menu_items"."price_cents" >= 0),
	CONSTRAINT "menu_items_notice" CHECK("menu_items"."notice_days" between 0 and 30)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `menu_items_name_key` ON `menu_items` (`name_key`);--> statement-breakpoint
CREATE TABLE `questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`text` text NOT NULL,
	`customer_name` text NOT NULL,
	`customer_email` text,
	`channel` text NOT NULL,
	`external_id` text,
	`ticket_token` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`received_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`not_before` integer,
	`lease_owner` text,
	`lease_expires_at` integer,
	`last_error` text,
	`draft_text` text,
	`draft_run_id` integer,
	`discard_reason` text,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `questions_status_received` ON `questions` (`status`,`received_at`);--> statement-breakpoint
CREATE INDEX `questions_received` ON `questions` (`received_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `questions_ticket_token` ON `questions` (`ticket_token`);--> statement-breakpoint
CREATE UNIQUE INDEX `questions_channel_external_id` ON `questions` (`channel`,`external_id`);--> statement-breakpoint
CREATE INDEX `questions_lease` ON `questions` (`status`,`lease_expires_at`);--> statement-breakpoint
CREATE TABLE `replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question_id` integer NOT NULL,
	`text` text NOT NULL,
	`sent_by` integer NOT NULL,
	`sent_at` integer NOT NULL,
	`run_id` integer,
	`edited` integer NOT NULL,
	`edit_distance` integer NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sent_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`run_id`) REFERENCES `agent_runs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `replies_question` ON `replies` (`question_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `sign_in_failures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sign_in_failures_key_at` ON `sign_in_failures` (`key`,`at`);--> statement-breakpoint
CREATE TABLE `tool_calls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`run_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`turn` integer NOT NULL,
	`call_id` text NOT NULL,
	`tool_name` text NOT NULL,
	`input` text NOT NULL,
	`result` text NOT NULL,
	`is_error` integer NOT NULL,
	`error_kind` text,
	`duration_ms` integer NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `agent_runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tool_calls_run_seq` ON `tool_calls` (`run_id`,`seq`);--> statement-breakpoint
CREATE INDEX `tool_calls_name_error` ON `tool_calls` (`tool_name`,`error_kind`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`removed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `weekly_hours` (
	`weekday` integer PRIMARY KEY NOT NULL,
	`opens` text,
	`closes` text,
	CONSTRAINT "weekly_hours_weekday" CHECK("weekly_hours"."weekday" between 1 and 7),
	CONSTRAINT "weekly_hours_open_pair" CHECK(("weekly_hours"."opens" is null and "weekly_hours"."closes" is null) or ("weekly_hours"."opens" < "weekly_hours"."closes"))
);
