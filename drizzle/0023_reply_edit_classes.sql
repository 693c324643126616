DROP INDEX `replies_question`;--> statement-breakpoint
DROP INDEX `replies_sent`;--> statement-breakpoint
ALTER TABLE `replies` ADD `edit_class` text;--> statement-breakpoint
CREATE INDEX `replies_question` ON `replies` (`question_id`,`sent_at`,`sent_by`);--> statement-breakpoint
CREATE INDEX `replies_sent` ON `replies` (`sent_at`,`question_id`,`sent_by`,`edit_class`,`run_id`);--> statement-breakpoint
CREATE INDEX `questions_discards` ON `questions` (`status`,`received_at`,`channel`,`discard_reason`);--> statement-breakpoint
CREATE INDEX `tool_calls_run_tool` ON `tool_calls` (`run_id`,`tool_name`);--> statement-breakpoint
-- A reply's edit class (db/tables.ts), decided as it goes in the way lib/insights/figures.ts
-- `editClass` decides it: the edit distance against the longer of the sent text and its run's
-- draft, a fifth of it at most for a light edit. Kept as it was, so erasing the text later
-- leaves the dashboard's edits as they were. A writer that names a class keeps its own.
CREATE TRIGGER `replies_edit_class` AFTER INSERT ON `replies` WHEN new.`edit_class` IS NULL BEGIN
	UPDATE `replies` SET `edit_class` = CASE
		WHEN new.`edit_distance` <= 0 THEN 'unchanged'
		WHEN new.`edit_distance` <= cast(0.2 as double precision) * max(1, length(new.`text`),
			coalesce((SELECT length(a.`draft_text`) FROM `agent_runs` a WHERE a.`id` = new.`run_id`), 0)) THEN 'light'
		ELSE 'rewritten' END
	WHERE `id` = new.`id`;
END;
--> statement-breakpoint
-- The replies already stored, from their text as it is now (an erased one's is already blank).
UPDATE `replies` SET `edit_class` = CASE
	WHEN `edit_distance` <= 0 THEN 'unchanged'
	WHEN `edit_distance` <= cast(0.2 as double precision) * max(1, length(`text`),
		coalesce((SELECT length(a.`draft_text`) FROM `agent_runs` a WHERE a.`id` = `replies`.`run_id`), 0)) THEN 'light'
	ELSE 'rewritten' END;
