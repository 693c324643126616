-- Full-text search over the owner's knowledge entries, as SQLite's FTS5 table does it
-- (drizzle/0012): English stemming ("croissants" finds "croissant"), weighted as SQLite's bm25
-- weighs the columns (title 10, tags 5, answer 1): title A, tags B, answer C. A stored generated
-- column is computed in the writer's statement, so it never disagrees with the entry.
ALTER TABLE "knowledge_entries" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
	setweight(to_tsvector('english'::regconfig, "title"), 'A')
	|| setweight(jsonb_to_tsvector('english'::regconfig, "tags", '["string"]'), 'B')
	|| setweight(to_tsvector('english'::regconfig, "answer"), 'C')
) STORED;
--> statement-breakpoint
CREATE INDEX "knowledge_entries_search" ON "knowledge_entries" USING gin ("search");
