-- Full-text search over the owner's knowledge entries: porter stemming ("delivery" finds
-- "deliver"), ranked with bm25. It indexes knowledge_entries (external content) and triggers
-- keep it in step with every insert, update and delete, inside the writer's transaction.
CREATE VIRTUAL TABLE `knowledge_search` USING fts5(
	title, answer, tags,
	content='knowledge_entries', content_rowid='id',
	tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `knowledge_entries_search_insert` AFTER INSERT ON `knowledge_entries` BEGIN
	INSERT INTO `knowledge_search` (rowid, title, answer, tags) VALUES (new.id, new.title, new.answer, new.tags);
END;
--> statement-breakpoint
CREATE TRIGGER `knowledge_entries_search_delete` AFTER DELETE ON `knowledge_entries` BEGIN
	INSERT INTO `knowledge_search` (`knowledge_search`, rowid, title, answer, tags) VALUES ('delete', old.id, old.title, old.answer, old.tags);
END;
--> statement-breakpoint
CREATE TRIGGER `knowledge_entries_search_update` AFTER UPDATE ON `knowledge_entries` BEGIN
	INSERT INTO `knowledge_search` (`knowledge_search`, rowid, title, answer, tags) VALUES ('delete', old.id, old.title, old.answer, old.tags);
	INSERT INTO `knowledge_search` (rowid, title, answer, tags) VALUES (new.id, new.title, new.answer, new.tags);
END;
--> statement-breakpoint
INSERT INTO `knowledge_search` (`knowledge_search`) VALUES ('rebuild');
