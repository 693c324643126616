CREATE TABLE "first_replies" (
	"question_id" integer PRIMARY KEY NOT NULL,
	"received_at" bigint NOT NULL,
	"channel" text NOT NULL,
	"sent_at" bigint NOT NULL,
	"sent_by" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "first_replies" ADD CONSTRAINT "first_replies_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "first_replies_received" ON "first_replies" USING btree ("received_at","channel","sent_at","sent_by");--> statement-breakpoint
-- Each answered question's first reply, as SQLite's triggers keep it (drizzle/0024): found again
-- from its replies whenever one of them goes in, goes out or moves, and moved with its question's
-- arrival or channel, in the writer's transaction. A question deleted takes its row with it (the
-- foreign key); the replies its deletion cascades to find no question and add nothing back. A
-- writer that comes upon another's row for the same question takes it over rather than failing.
CREATE FUNCTION "first_replies_find"("of_question" integer) RETURNS void LANGUAGE sql AS $$
	DELETE FROM "first_replies" WHERE "question_id" = "of_question";
	INSERT INTO "first_replies" ("question_id", "received_at", "channel", "sent_at", "sent_by")
		SELECT q."id", q."received_at", q."channel", r."sent_at", r."sent_by" FROM "questions" q JOIN "replies" r ON r."question_id" = q."id"
		WHERE q."id" = "of_question" ORDER BY r."sent_at", r."id" LIMIT 1
	ON CONFLICT ("question_id") DO UPDATE SET "received_at" = excluded."received_at",
		"channel" = excluded."channel", "sent_at" = excluded."sent_at", "sent_by" = excluded."sent_by";
$$;
--> statement-breakpoint
CREATE FUNCTION "first_replies_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM "first_replies_find"(OLD."question_id");
	END IF;
	IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."question_id" IS DISTINCT FROM OLD."question_id") THEN
		PERFORM "first_replies_find"(NEW."question_id");
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "first_replies_insert" AFTER INSERT OR DELETE ON "replies"
	FOR EACH ROW EXECUTE FUNCTION "first_replies_change"();
--> statement-breakpoint
CREATE TRIGGER "first_replies_update" AFTER UPDATE OF "question_id", "sent_at", "sent_by" ON "replies"
	FOR EACH ROW WHEN (OLD."question_id" IS DISTINCT FROM NEW."question_id" OR OLD."sent_at" IS DISTINCT FROM NEW."sent_at"
		OR OLD."sent_by" IS DISTINCT FROM NEW."sent_by")
	EXECUTE FUNCTION "first_replies_change"();
--> statement-breakpoint
CREATE FUNCTION "first_replies_question_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "first_replies" SET "received_at" = NEW."received_at", "channel" = NEW."channel" WHERE "question_id" = NEW."id";
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "first_replies_question_update" AFTER UPDATE OF "received_at", "channel" ON "questions"
	FOR EACH ROW WHEN (OLD."received_at" IS DISTINCT FROM NEW."received_at" OR OLD."channel" IS DISTINCT FROM NEW."channel")
	EXECUTE FUNCTION "first_replies_question_change"();
--> statement-breakpoint
INSERT INTO "first_replies" ("question_id", "received_at", "channel", "sent_at", "sent_by")
	SELECT DISTINCT ON (r."question_id") q."id", q."received_at", q."channel", r."sent_at", r."sent_by"
	FROM "replies" r JOIN "questions" q ON q."id" = r."question_id"
	ORDER BY r."question_id", r."sent_at", r."id";
