DROP INDEX "replies_question";--> statement-breakpoint
DROP INDEX "replies_sent";--> statement-breakpoint
ALTER TABLE "replies" ADD COLUMN "edit_class" text;--> statement-breakpoint
CREATE INDEX "questions_discards" ON "questions" USING btree ("status","received_at","channel","discard_reason");--> statement-breakpoint
CREATE INDEX "tool_calls_run_tool" ON "tool_calls" USING btree ("run_id","tool_name");--> statement-breakpoint
CREATE INDEX "replies_question" ON "replies" USING btree ("question_id","sent_at","sent_by");--> statement-breakpoint
CREATE INDEX "replies_sent" ON "replies" USING btree ("sent_at","question_id","sent_by","edit_class","run_id");--> statement-breakpoint
-- A reply's edit class, as SQLite's trigger decides it (drizzle/0023): as the reply goes in,
-- the edit distance against the longer of the sent text and its run's draft (a double, as in
-- JavaScript), a fifth of it at most for a light edit; kept as it was, so erasing the text later
-- leaves the dashboard's edits as they were. A writer that names a class keeps its own.
CREATE FUNCTION "replies_edit_class"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."edit_class" IS NULL THEN
		NEW."edit_class" := CASE
			WHEN NEW."edit_distance" <= 0 THEN 'unchanged'
			WHEN NEW."edit_distance" <= cast(0.2 as double precision) * greatest(1, length(NEW."text"),
				coalesce((SELECT length(a."draft_text") FROM "agent_runs" a WHERE a."id" = NEW."run_id"), 0)) THEN 'light'
			ELSE 'rewritten' END;
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "replies_edit_class" BEFORE INSERT ON "replies" FOR EACH ROW EXECUTE FUNCTION "replies_edit_class"();
--> statement-breakpoint
-- The replies already stored, from their text as it is now (an erased one's is already blank).
UPDATE "replies" SET "edit_class" = CASE
	WHEN "edit_distance" <= 0 THEN 'unchanged'
	WHEN "edit_distance" <= cast(0.2 as double precision) * greatest(1, length("text"),
		coalesce((SELECT length(a."draft_text") FROM "agent_runs" a WHERE a."id" = "replies"."run_id"), 0)) THEN 'light'
	ELSE 'rewritten' END;
