ALTER TABLE `agent_runs` ADD `needs_person_reason` text;--> statement-breakpoint
ALTER TABLE `agent_runs` ADD `needs_person_note` text;--> statement-breakpoint
ALTER TABLE `bakery` ADD `locale` text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
ALTER TABLE `bakery` ADD `currency` text DEFAULT 'USD' NOT NULL;