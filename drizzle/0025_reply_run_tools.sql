DROP INDEX `replies_sent`;--> statement-breakpoint
ALTER TABLE `replies` ADD `run_tools` text;--> statement-breakpoint
CREATE INDEX `replies_sent` ON `replies` (`sent_at`,`question_id`,`sent_by`,`edit_class`,`run_tools`);--> statement-breakpoint
-- The tools a reply's draft looked up (db/tables.ts), each once, in byte order, written with the
-- reply and kept as it was sent; null when the run looked nothing up or there was no run.
CREATE TRIGGER `replies_run_tools` AFTER INSERT ON `replies` WHEN new.`run_id` IS NOT NULL AND new.`run_tools` IS NULL BEGIN
	UPDATE `replies` SET `run_tools` = (SELECT group_concat(n.`tool_name`, ',') FROM
		(SELECT DISTINCT t.`tool_name` FROM `tool_calls` t WHERE t.`run_id` = new.`run_id` ORDER BY t.`tool_name`) n)
	WHERE `id` = new.`id`;
END;
--> statement-breakpoint
UPDATE `replies` SET `run_tools` = (SELECT group_concat(n.`tool_name`, ',') FROM
	(SELECT DISTINCT t.`tool_name` FROM `tool_calls` t WHERE t.`run_id` = `replies`.`run_id` ORDER BY t.`tool_name`) n)
WHERE `run_id` IS NOT NULL;
