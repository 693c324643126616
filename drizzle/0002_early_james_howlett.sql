CREATE TABLE `data_migrations` (
	`name` text PRIMARY KEY NOT NULL,
	`applied_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `bakery` ADD `daily_budget_cents` integer;--> statement-breakpoint
ALTER TABLE `bakery` ADD `retention_days` integer;--> statement-breakpoint
ALTER TABLE `questions` ADD `lease_token` text;--> statement-breakpoint
ALTER TABLE `questions` ADD `erased_at` integer;--> statement-breakpoint
CREATE INDEX `agent_runs_finished` ON `agent_runs` (`finished_at`);