CREATE TABLE `first_replies` (
	`question_id` integer PRIMARY KEY NOT NULL,
	`received_at` integer NOT NULL,
	`channel` text NOT NULL,
	`sent_at` integer NOT NULL,
	`sent_by` integer NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `first_replies_received` ON `first_replies` (`received_at`,`channel`,`sent_at`,`sent_by`);--> statement-breakpoint
-- Each answered question's first reply (db/tables.ts), found again from its replies whenever one
-- of them goes in, goes out or moves, and moved with its question's arrival or channel, in the
-- writer's transaction. A question deleted takes its row with it (the foreign key); the replies
-- its deletion cascades to find no question and add nothing back.
CREATE TRIGGER `first_replies_insert` AFTER INSERT ON `replies` BEGIN
	DELETE FROM `first_replies` WHERE `question_id` = new.`question_id`;
	INSERT INTO `first_replies` (`question_id`, `received_at`, `channel`, `sent_at`, `sent_by`)
		SELECT q.`id`, q.`received_at`, q.`channel`, r.`sent_at`, r.`sent_by` FROM `questions` q JOIN `replies` r ON r.`question_id` = q.`id`
		WHERE q.`id` = new.`question_id` ORDER BY r.`sent_at`, r.`id` LIMIT 1;
END;
--> statement-breakpoint
CREATE TRIGGER `first_replies_delete` AFTER DELETE ON `replies` BEGIN
	DELETE FROM `first_replies` WHERE `question_id` = old.`question_id`;
	INSERT INTO `first_replies` (`question_id`, `received_at`, `channel`, `sent_at`, `sent_by`)
		SELECT q.`id`, q.`received_at`, q.`channel`, r.`sent_at`, r.`sent_by` FROM `questions` q JOIN `replies` r ON r.`question_id` = q.`id`
		WHERE q.`id` = old.`question_id` ORDER BY r.`sent_at`, r.`id` LIMIT 1;
END;
--> statement-breakpoint
CREATE TRIGGER `first_replies_update` AFTER UPDATE OF `question_id`, `sent_at`, `sent_by` ON `replies`
	WHEN old.`question_id` IS NOT new.`question_id` OR old.`sent_at` IS NOT new.`sent_at` OR old.`sent_by` IS NOT new.`sent_by` BEGIN
	DELETE FROM `first_replies` WHERE `question_id` IN (old.`question_id`, new.`question_id`);
	INSERT INTO `first_replies` (`question_id`, `received_at`, `channel`, `sent_at`, `sent_by`)
		SELECT q.`id`, q.`received_at`, q.`channel`, r.`sent_at`, r.`sent_by` FROM `questions` q JOIN `replies` r ON r.`question_id` = q.`id`
		WHERE q.`id` = old.`question_id` ORDER BY r.`sent_at`, r.`id` LIMIT 1;
	INSERT INTO `first_replies` (`question_id`, `received_at`, `channel`, `sent_at`, `sent_by`)
		SELECT q.`id`, q.`received_at`, q.`channel`, r.`sent_at`, r.`sent_by` FROM `questions` q JOIN `replies` r ON r.`question_id` = q.`id`
		WHERE q.`id` = new.`question_id` AND new.`question_id` IS NOT old.`question_id` ORDER BY r.`sent_at`, r.`id` LIMIT 1;
END;
--> statement-breakpoint
CREATE TRIGGER `first_replies_question_update` AFTER UPDATE OF `received_at`, `channel` ON `questions`
	WHEN old.`received_at` IS NOT new.`received_at` OR old.`channel` IS NOT new.`channel` BEGIN
	UPDATE `first_replies` SET `received_at` = new.`received_at`, `channel` = new.`channel` WHERE `question_id` = new.`id`;
END;
--> statement-breakpoint
INSERT INTO `first_replies` (`question_id`, `received_at`, `channel`, `sent_at`, `sent_by`)
	SELECT q.`id`, q.`received_at`, q.`channel`, f.`sent_at`, f.`sent_by`
	FROM (SELECT r.`question_id`, r.`sent_at`, r.`sent_by`, row_number() OVER (PARTITION BY r.`question_id` ORDER BY r.`sent_at`, r.`id`) AS `nth` FROM `replies` r) f
	JOIN `questions` q ON q.`id` = f.`question_id` WHERE f.`nth` = 1;
