-- Every earlier question becomes its conversation's first message, and every reply the
-- bakery's message after it: nothing is moved or dropped, the new rows are copies.
INSERT INTO `messages` (`question_id`, `author`, `channel`, `text`, `external_id`, `at`)
SELECT `id`, 'customer', `channel`, `text`, `external_id`, `received_at` FROM `questions` ORDER BY `received_at`, `id`;
--> statement-breakpoint
INSERT INTO `messages` (`question_id`, `author`, `channel`, `text`, `reply_id`, `at`)
SELECT `question_id`, 'bakery', 'web', `text`, `id`, `sent_at` FROM `replies` ORDER BY `sent_at`, `id`;
--> statement-breakpoint
-- Each earlier run answered its question's only customer message.
UPDATE `agent_runs` SET `answered_message_id` = (
  SELECT `m`.`id` FROM `messages` `m`
  WHERE `m`.`question_id` = `agent_runs`.`question_id` AND `m`.`author` = 'customer'
  ORDER BY `m`.`id` LIMIT 1
);
