CREATE TABLE `backup_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reason` text NOT NULL,
	`day` text,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`file` text NOT NULL,
	`size_bytes` integer,
	`ok` integer,
	`problem` text,
	`table_rows` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `backup_runs_day` ON `backup_runs` (`day`);--> statement-breakpoint
CREATE INDEX `backup_runs_started` ON `backup_runs` (`started_at`);--> statement-breakpoint
ALTER TABLE `bakery` ADD `backup_time` text DEFAULT '03:00' NOT NULL;