CREATE TABLE `fact_changes` (
	`key` text PRIMARY KEY NOT NULL,
	`facts_version` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `knowledge_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`answer` text NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `agent_runs` ADD `facts_read` text;--> statement-breakpoint
ALTER TABLE `bakery` ADD `handover_topics` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `menu_items` ADD `allergens` text;--> statement-breakpoint
ALTER TABLE `menu_items` ADD `may_contain` text;--> statement-breakpoint
ALTER TABLE `menu_items` ADD `dietary` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `menu_items` ADD `ingredients` text;