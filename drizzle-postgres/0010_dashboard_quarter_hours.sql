CREATE TABLE "dashboard_quarter_hours" (
	"quarter" integer NOT NULL,
	"channel" text NOT NULL,
	"questions" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"cost_usd" double precision DEFAULT 0 NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"cache_read_tokens" integer DEFAULT 0 NOT NULL,
	"cache_write_tokens" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_quarter_hours_quarter_channel" ON "dashboard_quarter_hours" USING btree ("quarter","channel");
--> statement-breakpoint
-- The dashboard's figures kept per quarter hour and channel, as SQLite's triggers keep them
-- (drizzle/0022): every insert, change and delete of a question, a message or a run moves them
-- in the writer's transaction. A question is taken out with its messages and runs before it is
-- deleted, so the rows its deletion cascades to find no question and change nothing. ON CONFLICT
-- takes the quarter's row lock, so concurrent writers queue on it instead of losing a count.
CREATE FUNCTION "dashboard_quarter_hours_add"(
	"at_quarter" bigint, "of_channel" text, "add_questions" bigint, "add_messages" bigint,
	"add_runs" bigint, "add_cost" double precision, "add_input" bigint, "add_output" bigint,
	"add_cache_read" bigint, "add_cache_write" bigint
) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "dashboard_quarter_hours" ("quarter", "channel", "questions", "messages", "runs",
		"cost_usd", "input_tokens", "output_tokens", "cache_read_tokens", "cache_write_tokens")
	VALUES ("at_quarter", "of_channel", "add_questions", "add_messages", "add_runs", "add_cost",
		"add_input", "add_output", "add_cache_read", "add_cache_write")
	ON CONFLICT ("quarter", "channel") DO UPDATE SET
		"questions" = "dashboard_quarter_hours"."questions" + excluded."questions",
		"messages" = "dashboard_quarter_hours"."messages" + excluded."messages",
		"runs" = "dashboard_quarter_hours"."runs" + excluded."runs",
		"cost_usd" = "dashboard_quarter_hours"."cost_usd" + excluded."cost_usd",
		"input_tokens" = "dashboard_quarter_hours"."input_tokens" + excluded."input_tokens",
		"output_tokens" = "dashboard_quarter_hours"."output_tokens" + excluded."output_tokens",
		"cache_read_tokens" = "dashboard_quarter_hours"."cache_read_tokens" + excluded."cache_read_tokens",
		"cache_write_tokens" = "dashboard_quarter_hours"."cache_write_tokens" + excluded."cache_write_tokens";
$$;
--> statement-breakpoint
-- A question with its messages (sign 1 adds it, -1 takes it out), and its runs by the quarter
-- each finished in.
CREATE FUNCTION "dashboard_quarter_hours_question"("q" "questions", "sign" integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "dashboard_quarter_hours_add"(q."received_at" / 900000, q."channel", "sign",
		"sign" * (SELECT count(*) FROM "messages" m WHERE m."question_id" = q."id"), 0, 0, 0, 0, 0, 0);
	PERFORM "dashboard_quarter_hours_add"(a."finished_at" / 900000, q."channel", 0, 0,
		"sign" * count(*), "sign" * sum(a."cost_usd"), "sign" * sum(a."input_tokens"),
		"sign" * sum(a."output_tokens"), "sign" * sum(a."cache_read_tokens"),
		"sign" * sum(a."cache_write_tokens"))
	FROM "agent_runs" a WHERE a."question_id" = q."id" GROUP BY a."finished_at" / 900000;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "dashboard_questions_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "dashboard_quarter_hours_add"(NEW."received_at" / 900000, NEW."channel", 1, 0, 0, 0, 0, 0, 0, 0);
		RETURN NULL;
	END IF;
	PERFORM "dashboard_quarter_hours_question"(OLD, -1);
	IF TG_OP = 'UPDATE' THEN
		PERFORM "dashboard_quarter_hours_question"(NEW, 1);
		RETURN NULL;
	END IF;
	RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "dashboard_questions_insert" AFTER INSERT ON "questions"
	FOR EACH ROW EXECUTE FUNCTION "dashboard_questions_change"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_questions_delete" BEFORE DELETE ON "questions"
	FOR EACH ROW EXECUTE FUNCTION "dashboard_questions_change"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_questions_update" AFTER UPDATE OF "received_at", "channel" ON "questions"
	FOR EACH ROW WHEN (OLD."received_at" IS DISTINCT FROM NEW."received_at" OR OLD."channel" IS DISTINCT FROM NEW."channel")
	EXECUTE FUNCTION "dashboard_questions_change"();
--> statement-breakpoint
CREATE FUNCTION "dashboard_messages_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM "dashboard_quarter_hours_add"(q."received_at" / 900000, q."channel", 0, -1, 0, 0, 0, 0, 0, 0)
		FROM "questions" q WHERE q."id" = OLD."question_id";
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		PERFORM "dashboard_quarter_hours_add"(q."received_at" / 900000, q."channel", 0, 1, 0, 0, 0, 0, 0, 0)
		FROM "questions" q WHERE q."id" = NEW."question_id";
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "dashboard_messages_insert" AFTER INSERT ON "messages"
	FOR EACH ROW EXECUTE FUNCTION "dashboard_messages_change"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_messages_delete" AFTER DELETE ON "messages"
	FOR EACH ROW EXECUTE FUNCTION "dashboard_messages_change"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_messages_update" AFTER UPDATE OF "question_id" ON "messages"
	FOR EACH ROW WHEN (OLD."question_id" IS DISTINCT FROM NEW."question_id")
	EXECUTE FUNCTION "dashboard_messages_change"();
--> statement-breakpoint
CREATE FUNCTION "dashboard_runs_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM "dashboard_quarter_hours_add"(OLD."finished_at" / 900000, q."channel", 0, 0, -1,
			-OLD."cost_usd", -OLD."input_tokens", -OLD."output_tokens", -OLD."cache_read_tokens",
			-OLD."cache_write_tokens")
		FROM "questions" q WHERE q."id" = OLD."question_id";
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		PERFORM "dashboard_quarter_hours_add"(NEW."finished_at" / 900000, q."channel", 0, 0, 1,
			NEW."cost_usd", NEW."input_tokens", NEW."output_tokens", NEW."cache_read_tokens",
			NEW."cache_write_tokens")
		FROM "questions" q WHERE q."id" = NEW."question_id";
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "dashboard_runs_insert" AFTER INSERT ON "agent_runs"
	FOR EACH ROW EXECUTE FUNCTION "dashboard_runs_change"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_runs_delete" AFTER DELETE ON "agent_runs"
	FOR EACH ROW EXECUTE FUNCTION "dashboard_runs_change"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_runs_update" AFTER UPDATE OF "question_id", "finished_at", "cost_usd",
	"input_tokens", "output_tokens", "cache_read_tokens", "cache_write_tokens" ON "agent_runs"
	FOR EACH ROW WHEN (OLD."question_id" IS DISTINCT FROM NEW."question_id"
		OR OLD."finished_at" IS DISTINCT FROM NEW."finished_at" OR OLD."cost_usd" IS DISTINCT FROM NEW."cost_usd"
		OR OLD."input_tokens" IS DISTINCT FROM NEW."input_tokens" OR OLD."output_tokens" IS DISTINCT FROM NEW."output_tokens"
		OR OLD."cache_read_tokens" IS DISTINCT FROM NEW."cache_read_tokens"
		OR OLD."cache_write_tokens" IS DISTINCT FROM NEW."cache_write_tokens")
	EXECUTE FUNCTION "dashboard_runs_change"();
--> statement-breakpoint
INSERT INTO "dashboard_quarter_hours" ("quarter", "channel", "questions", "messages")
	SELECT q."received_at" / 900000, q."channel", count(*), sum((SELECT count(*) FROM "messages" m WHERE m."question_id" = q."id"))
	FROM "questions" q GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "dashboard_quarter_hours" ("quarter", "channel", "runs", "cost_usd", "input_tokens", "output_tokens", "cache_read_tokens", "cache_write_tokens")
	SELECT a."finished_at" / 900000, q."channel", count(*), sum(a."cost_usd"), sum(a."input_tokens"), sum(a."output_tokens"), sum(a."cache_read_tokens"), sum(a."cache_write_tokens")
	FROM "agent_runs" a JOIN "questions" q ON q."id" = a."question_id" GROUP BY 1, 2
	ON CONFLICT ("quarter", "channel") DO UPDATE SET "runs" = excluded."runs", "cost_usd" = excluded."cost_usd", "input_tokens" = excluded."input_tokens", "output_tokens" = excluded."output_tokens", "cache_read_tokens" = excluded."cache_read_tokens", "cache_write_tokens" = excluded."cache_write_tokens";
