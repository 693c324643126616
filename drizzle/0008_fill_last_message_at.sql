-- Each conversation's last customer message, from its messages (its arrival when it has none).
UPDATE `questions` SET `last_message_at` = coalesce(
  (SELECT max(`m`.`at`) FROM `messages` `m` WHERE `m`.`question_id` = `questions`.`id` AND `m`.`author` = 'customer'),
  `received_at`
);
