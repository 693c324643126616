-- The inbox's tab counts, as SQLite's triggers keep them (drizzle/0015): every insert, status
-- change and delete on questions moves question_status_counts in the writer's transaction, so
-- counting a tab reads one row. ON CONFLICT takes the status's row lock, so concurrent writers
-- queue on it instead of losing a count.
CREATE FUNCTION "questions_status_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		UPDATE "question_status_counts" SET "count" = "count" - 1 WHERE "status" = OLD."status";
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO "question_status_counts" ("status", "count") VALUES (NEW."status", 1)
			ON CONFLICT ("status") DO UPDATE SET "count" = "question_status_counts"."count" + 1;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "questions_status_count_insert" AFTER INSERT ON "questions"
	FOR EACH ROW EXECUTE FUNCTION "questions_status_count"();
--> statement-breakpoint
CREATE TRIGGER "questions_status_count_delete" AFTER DELETE ON "questions"
	FOR EACH ROW EXECUTE FUNCTION "questions_status_count"();
--> statement-breakpoint
CREATE TRIGGER "questions_status_count_update" AFTER UPDATE OF "status" ON "questions"
	FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
	EXECUTE FUNCTION "questions_status_count"();
--> statement-breakpoint
INSERT INTO "question_status_counts" ("status", "count")
	SELECT "status", count(*) FROM "questions" GROUP BY "status";
