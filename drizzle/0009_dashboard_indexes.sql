DROP INDEX `agent_runs_finished`;--> statement-breakpoint
CREATE INDEX `agent_runs_marked` ON `agent_runs` (`finished_at`,`needs_person_reason`,`question_id`) WHERE "agent_runs"."needs_person_reason" is not null;--> statement-breakpoint
CREATE INDEX `agent_runs_finished` ON `agent_runs` (`finished_at`,`cost_usd`,`input_tokens`,`output_tokens`,`cache_read_tokens`,`cache_write_tokens`);--> statement-breakpoint
DROP INDEX `questions_received`;--> statement-breakpoint
CREATE INDEX `questions_received` ON `questions` (`received_at`,`channel`);--> statement-breakpoint
CREATE INDEX `replies_sent` ON `replies` (`sent_at`);--> statement-breakpoint
CREATE INDEX `replies_sender_sent` ON `replies` (`sent_by`,`sent_at`);