-- The inbox's tab counts: triggers keep question_status_counts in step with every insert,
-- status change and delete on questions, inside the writer's transaction, so counting a tab
-- reads one row instead of every question. Filled once from the questions already stored.
CREATE TRIGGER `questions_status_count_insert` AFTER INSERT ON `questions` BEGIN
	INSERT INTO `question_status_counts` (`status`, `count`) VALUES (new.`status`, 1)
		ON CONFLICT (`status`) DO UPDATE SET `count` = `count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `questions_status_count_delete` AFTER DELETE ON `questions` BEGIN
	UPDATE `question_status_counts` SET `count` = `count` - 1 WHERE `status` = old.`status`;
END;
--> statement-breakpoint
CREATE TRIGGER `questions_status_count_update` AFTER UPDATE OF `status` ON `questions`
	WHEN old.`status` IS NOT new.`status` BEGIN
	UPDATE `question_status_counts` SET `count` = `count` - 1 WHERE `status` = old.`status`;
	INSERT INTO `question_status_counts` (`status`, `count`) VALUES (new.`status`, 1)
		ON CONFLICT (`status`) DO UPDATE SET `count` = `count` + 1;
END;
--> statement-breakpoint
INSERT INTO `question_status_counts` (`status`, `count`)
	SELECT `status`, count(*) FROM `questions` GROUP BY `status`;
