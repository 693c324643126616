CREATE TABLE `rate_limit_hits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limit_hits_key_at` ON `rate_limit_hits` (`key`,`at`);--> statement-breakpoint
CREATE INDEX `rate_limit_hits_at` ON `rate_limit_hits` (`at`);