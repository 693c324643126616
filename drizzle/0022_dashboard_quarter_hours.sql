CREATE TABLE `dashboard_quarter_hours` (
	`quarter` integer NOT NULL,
	`channel` text NOT NULL,
	`questions` integer DEFAULT 0 NOT NULL,
	`messages` integer DEFAULT 0 NOT NULL,
	`runs` integer DEFAULT 0 NOT NULL,
	`cost_usd` real DEFAULT 0 NOT NULL,
	`input_tokens` integer DEFAULT 0 NOT NULL,
	`output_tokens` integer DEFAULT 0 NOT NULL,
	`cache_read_tokens` integer DEFAULT 0 NOT NULL,
	`cache_write_tokens` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dashboard_quarter_hours_quarter_channel` ON `dashboard_quarter_hours` (`quarter`,`channel`);
--> statement-breakpoint
-- The dashboard's figures kept per quarter hour and channel (db/tables.ts): triggers move them
-- with every insert, change and delete of a question, a message or a run, in the writer's
-- transaction. A question is taken out with its messages and runs before it is deleted, so the
-- rows its deletion cascades to find no question and change nothing. Filled once from the rows
-- already stored (db/dashboard-figures.ts rebuilds it the same way).
CREATE TRIGGER `dashboard_questions_insert` AFTER INSERT ON `questions` BEGIN
	INSERT INTO `dashboard_quarter_hours` (`quarter`, `channel`, `questions`)
		SELECT new.`received_at` / 900000, new.`channel`, 1 WHERE true
		ON CONFLICT (`quarter`, `channel`) DO UPDATE SET `questions` = `questions` + excluded.`questions`;
END;
--> statement-breakpoint
CREATE TRIGGER `dashboard_questions_delete` BEFORE DELETE ON `questions` BEGIN
	INSERT INTO `dashboard_quarter_hours` (`quarter`, `channel`, `questions`, `messages`)
		SELECT old.`received_at` / 900000, old.`channel`, -1, -(SELECT count(*) FROM `messages` m WHERE m.`question_id` = old.`id`) WHERE true
		ON CONFLICT (`quarter`, `channel`) DO UPDATE SET `questions` = `questions` + excluded.`questions`, `messages` = `messages` + excluded.`messages`;
	INSERT INTO `dashboard_quarter_hours` (`quarter`, `channel`, `runs`, `cost_usd`, `input_tokens`, `output_tokens`, `cache_read_tokens`, `cache_write_tokens`)
		SELECT a.`finished_at` / 900000, old.`channel`, -count(*), -sum(a.`cost_usd`), -sum(a.`input_tokens`), -sum(a.`output_tokens`), -sum(a.`cache_read_tokens`), -sum(a.`cache_write_tokens`)
		FROM `agent_runs` a WHERE a.`question_id` = old.`id` GROUP BY a.`finished_at` / 900000
		ON CONFLICT (`quarter`, `channel`) DO UPDATE SET `runs` = `runs` + excluded.`runs`, `cost_usd` = `cost_usd` + excluded.`cost_usd`, `input_tokens` = `input_tokens` + excluded.`input_tokens`, `output_tokens` = `output_tokens` + excluded.`output_tokens`, `cache_read_tokens` = `cache_read_tokens` + excluded.`cache_read_tokens`, `cache_write_tokens` = `cache_write_tokens` + excluded.`cache_write_tokens`;
END;
--> statement-breakpoint
CREATE TRIGGER `dashboard_questions_update` AFTER UPDATE OF `received_at`, `channel` ON `questions`
	WHEN old.`received_at` IS NOT new.`received_at` OR old.`channel` IS NOT new.`channel` BEGIN
	INSERT INTO `dashboard_quarter_hours` (`quarter`, `channel`, `questions`, `messages`)
		SELECT old.`received_at` / 900000, old.`channel`, -1, -(SELECT count(*) FROM `messages` m WHERE m.`question_id` = old.`id`) WHERE true
		ON CONFLICT (`quarter`, `channel`) DO UPDATE SET `questions` = `questions` + excluded.`questions`, `messages` = `messages` + excluded.`messages`;
	INSERT INTO `dashboard_quarter_hours` (`quarter`, `channel`, `runs`, `cost_usd`, `input_tokens`, `output_tokens`, `cache_read_tokens`, `cache_write_tokens`)
		SELECT a.`finished_at` / 900000, old.`channel`, -count(*), -sum(a.`cost_usd`), -sum(a.`input_tokens`), -sum(a.`output_tokens`), -sum(a.`cache_read_tokens`), -sum(a.`cache_write_tokens`)
		FROM `agent_runs` a WHERE a.`question_id` = old.`id` GROUP BY a.`finished_at` / 900000
		ON CONFLICT (`quarter`, `channel`) DO UPDATE SET `runs` = `runs` + excluded.`runs`, `cost_usd` = `cost_usd` + excluded.`cost_usd`, `input_tokens` = `input_tokens` + excluded.`input_tokens`, `output_tokens` = `output_tokens` + excluded.`output_tokens`, `cache_read_tokens` = `cache_read_tokens` + excluded.`cache_read_tokens`, `cache_write_tokens` = `cache_write_tokens` + excluded.`cache_write_tokens`;
	INSERT INTO `dashboard_quarter_hours` (`quarter`, `channel`, `questions`, `messages`)
		SELECT new.`received_at` / 900000, new.`channel`, 1, (SELECT count(*) FROM `messages` m WHERE m.`question_id` = new.`id`) WHERE true
		ON CONFLICT (`quarter`, `channel`) DO UPDATE SET `questions` = `questions` + excluded.`questions`, `messages` = `messages` + excluded.`messages`;
	INSERT INTO `dashboard_quarter_hours` (`quarter`, `channel`, `runs`, `cost_usd`, `input_tokens`, `output_tokens`, `cache_read_tokens`, `cache_write_tokens`)
		SELECT a.`finished_at` / 900000, new.`channel`, count(*), sum(a.`cost_usd`), sum(a.`input_tokens`), sum(a.`output_tokens`), sum(a.`cache_read_tokens`), sum(a.`cache_write_tokens`)
		FROM `agent_runs` a WHERE a.`question_id` = new.`id` GROUP BY a.`finished_at` / 900000
		ON CONFLICT (`quarter`, `channel`) DO UPDATE SET `runs` = `runs` + excluded.`runs`, `cost_usd` = `cost_usd` + excluded.`cost_usd`, `input_tokens` = `input_tokens` + excluded.`input_tokens`, `output_tokens` = `output_tokens` + excluded.`output_tokens`, `cache_read_tokens` = `cache_read_tokens` + excluded.`cache_read_tokens`, `cache_write_tokens` = `cache_write_tokens` + excluded.`cache_write_tokens`;
END;
--> statement-breakpoint
CREATE TRIGGER `dashboard_messages_insert` AFTER INSERT ON `messages` BEGIN
	INSERT INTO `dashboard_quarter_hours` (`quarter`, `channel`, `messages`)
		SELECT q.`received_at` / 900000, q.`channel`, 1 FROM `questions` q WHERE q.`id` = new.`question_id`
		ON CONFLICT (`quarter`, `channel`) DO UPDATE SET `messages` = `messages` + excluded.`messages`;
END;
--> statement-breakpoint
CREATE TRIGGER `dashboard_messages_delete` AFTER DELETE ON `messages` BEGIN
	INSERT INTO `dashboard_quarter_hours` (`quarter`, `channel`, `messages`)
		SELECT q.`received_at` / 900000, q.`channel`, -1 FROM `questions` q WHERE q.`id` = old.`question_id`
		ON CONFLICT (`quarter`, `channel`) DO UPDATE SET `messages` = `messages` + excluded.`messages`;
END;
--> statement-breakpoint
CREATE TRIGGER `dashboard_messages_update` AFTER UPDATE OF `question_id` ON `messages`
	WHEN old.`question_id` IS NOT new.`question_id` BEGIN
	INSERT INTO `dashboard_quarter_hours` (`quarter`, `channel`, `messages`)
		SELECT q.`received_at` / 900000, q.`channel`, -1 FROM `questions` q WHERE q.`id` = old.`question_id`
		ON CONFLICT (`quarter`, `channel`) DO UPDATE SET `messages` = `messages` + excluded.`messages`;
	INSERT INTO `dashboard_quarter_hours` (`quarter`, `channel`, `messages`)
		SELECT q.`received_at` / 900000, q.`channel`, 1 FROM `questions` q WHERE q.`id` = new.`question_id`
		ON CONFLICT (`quarter`, `channel`) DO UPDATE SET `messages` = `messages` + excluded.`messages`;
END;
--> statement-breakpoint
CREATE TRIGGER `dashboard_runs_insert` AFTER INSERT ON `agent_runs` BEGIN
	INSERT INTO `dashboard_quarter_hours` (`quarter`, `channel`, `runs`, `cost_usd`, `input_tokens`, `output_tokens`, `cache_read_tokens`, `cache_write_tokens`)
		SELECT new.`finished_at` / 900000, q.`channel`, 1, new.`cost_usd`, new.`input_tokens`, new.`output_tokens`, new.`cache_read_tokens`, new.`cache_write_tokens` FROM `questions` q WHERE q.`id` = new.`question_id`
		ON CONFLICT (`quarter`, `channel`) DO UPDATE SET `runs` = `runs` + excluded.`runs`, `cost_usd` = `cost_usd` + excluded.`cost_usd`, `input_tokens` = `input_tokens` + excluded.`input_tokens`, `output_tokens` = `output_tokens` + excluded.`output_tokens`, `cache_read_tokens` = `cache_read_tokens` + excluded.`cache_read_tokens`, `cache_write_tokens` = `cache_write_tokens` + excluded.`cache_write_tokens`;
END;
--> statement-breakpoint
CREATE TRIGGER `dashboard_runs_delete` AFTER DELETE ON `agent_runs` BEGIN
	INSERT INTO `dashboard_quarter_hours` (`quarter`, `channel`, `runs`, `cost_usd`, `input_tokens`, `output_tokens`, `cache_read_tokens`, `cache_write_tokens`)
		SELECT old.`finished_at` / 900000, q.`channel`, -1, -old.`cost_usd`, -old.`input_tokens`, -old.`output_tokens`, -old.`cache_read_tokens`, -old.`cache_write_tokens` FROM `questions` q WHERE q.`id` = old.`question_id`
		ON CONFLICT (`quarter`, `channel`) DO UPDATE SET `runs` = `runs` + excluded.`runs`, `cost_usd` = `cost_usd` + excluded.`cost_usd`, `input_tokens` = `input_tokens` + excluded.`input_tokens`, `output_tokens` = `output_tokens` + excluded.`output_tokens`, `cache_read_tokens` = `cache_read_tokens` + excluded.`cache_read_tokens`, `cache_write_tokens` = `cache_write_tokens` + excluded.`cache_write_tokens`;
END;
--> statement-breakpoint
CREATE TRIGGER `dashboard_runs_update` AFTER UPDATE OF `question_id`, `finished_at`, `cost_usd`, `input_tokens`,
	`output_tokens`, `cache_read_tokens`, `cache_write_tokens` ON `agent_runs`
	WHEN old.`question_id` IS NOT new.`question_id` OR old.`finished_at` IS NOT new.`finished_at`
		OR old.`cost_usd` IS NOT new.`cost_usd` OR old.`input_tokens` IS NOT new.`input_tokens`
		OR old.`output_tokens` IS NOT new.`output_tokens` OR old.`cache_read_tokens` IS NOT new.`cache_read_tokens`
		OR old.`cache_write_tokens` IS NOT new.`cache_write_tokens` BEGIN
	INSERT INTO `dashboard_quarter_hours` (`quarter`, `channel`, `runs`, `cost_usd`, `input_tokens`, `output_tokens`, `cache_read_tokens`, `cache_write_tokens`)
		SELECT old.`finished_at` / 900000, q.`channel`, -1, -old.`cost_usd`, -old.`input_tokens`, -old.`output_tokens`, -old.`cache_read_tokens`, -old.`cache_write_tokens` FROM `questions` q WHERE q.`id` = old.`question_id`
		ON CONFLICT (`quarter`, `channel`) DO UPDATE SET `runs` = `runs` + excluded.`runs`, `cost_usd` = `cost_usd` + excluded.`cost_usd`, `input_tokens` = `input_tokens` + excluded.`input_tokens`, `output_tokens` = `output_tokens` + excluded.`output_tokens`, `cache_read_tokens` = `cache_read_tokens` + excluded.`cache_read_tokens`, `cache_write_tokens` = `cache_write_tokens` + excluded.`cache_write_tokens`;
	INSERT INTO `dashboard_quarter_hours` (`quarter`, `channel`, `runs`, `cost_usd`, `input_tokens`, `output_tokens`, `cache_read_tokens`, `cache_write_tokens`)
		SELECT new.`finished_at` / 900000, q.`channel`, 1, new.`cost_usd`, new.`input_tokens`, new.`output_tokens`, new.`cache_read_tokens`, new.`cache_write_tokens` FROM `questions` q WHERE q.`id` = new.`question_id`
		ON CONFLICT (`quarter`, `channel`) DO UPDATE SET `runs` = `runs` + excluded.`runs`, `cost_usd` = `cost_usd` + excluded.`cost_usd`, `input_tokens` = `input_tokens` + excluded.`input_tokens`, `output_tokens` = `output_tokens` + excluded.`output_tokens`, `cache_read_tokens` = `cache_read_tokens` + excluded.`cache_read_tokens`, `cache_write_tokens` = `cache_write_tokens` + excluded.`cache_write_tokens`;
END;
--> statement-breakpoint
INSERT INTO `dashboard_quarter_hours` (`quarter`, `channel`, `questions`, `messages`)
	SELECT q.`received_at` / 900000, q.`channel`, count(*), sum((SELECT count(*) FROM `messages` m WHERE m.`question_id` = q.`id`))
	FROM `questions` q GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO `dashboard_quarter_hours` (`quarter`, `channel`, `runs`, `cost_usd`, `input_tokens`, `output_tokens`, `cache_read_tokens`, `cache_write_tokens`)
	SELECT a.`finished_at` / 900000, q.`channel`, count(*), sum(a.`cost_usd`), sum(a.`input_tokens`), sum(a.`output_tokens`), sum(a.`cache_read_tokens`), sum(a.`cache_write_tokens`)
	FROM `agent_runs` a JOIN `questions` q ON q.`id` = a.`question_id` WHERE true GROUP BY 1, 2
	ON CONFLICT (`quarter`, `channel`) DO UPDATE SET `runs` = excluded.`runs`, `cost_usd` = excluded.`cost_usd`, `input_tokens` = excluded.`input_tokens`, `output_tokens` = excluded.`output_tokens`, `cache_read_tokens` = excluded.`cache_read_tokens`, `cache_write_tokens` = excluded.`cache_write_tokens`;
