DROP INDEX "replies_sent";--> statement-breakpoint
ALTER TABLE "replies" ADD COLUMN "run_tools" text;--> statement-breakpoint
CREATE INDEX "replies_sent" ON "replies" USING btree ("sent_at","question_id","sent_by","edit_class","run_tools");--> statement-breakpoint
-- The tools a reply's draft looked up, as SQLite's trigger writes them (drizzle/0025): each once,
-- in byte order, written with the reply and kept as it was sent; null when the run looked nothing
-- up or there was no run.
CREATE FUNCTION "replies_run_tools"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."run_id" IS NOT NULL AND NEW."run_tools" IS NULL THEN
		NEW."run_tools" := (SELECT string_agg(DISTINCT t."tool_name", ',' ORDER BY t."tool_name") FROM
			(SELECT "tool_name" COLLATE "C" AS "tool_name" FROM "tool_calls" WHERE "run_id" = NEW."run_id") t);
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "replies_run_tools" BEFORE INSERT ON "replies" FOR EACH ROW EXECUTE FUNCTION "replies_run_tools"();
--> statement-breakpoint
UPDATE "replies" SET "run_tools" = (SELECT string_agg(DISTINCT t."tool_name", ',' ORDER BY t."tool_name") FROM
	(SELECT "tool_name" COLLATE "C" AS "tool_name" FROM "tool_calls" WHERE "run_id" = "replies"."run_id") t)
WHERE "run_id" IS NOT NULL;
