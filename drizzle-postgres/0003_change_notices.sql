-- Every commit that changes a conversation, its queue state, its messages, replies, drafts or
-- emails is announced on the desk_changes channel: the drafting workers wake for new
-- questions and every server's live inbox refreshes, whichever process wrote. PostgreSQL sends
-- one notice per transaction however many rows and statements it changed.
CREATE FUNCTION desk_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('desk_changes', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER questions_announce AFTER INSERT OR UPDATE OR DELETE ON questions
  FOR EACH STATEMENT EXECUTE FUNCTION desk_announce_change();
--> statement-breakpoint
CREATE TRIGGER messages_announce AFTER INSERT OR UPDATE OR DELETE ON messages
  FOR EACH STATEMENT EXECUTE FUNCTION desk_announce_change();
--> statement-breakpoint
CREATE TRIGGER replies_announce AFTER INSERT OR UPDATE OR DELETE ON replies
  FOR EACH STATEMENT EXECUTE FUNCTION desk_announce_change();
--> statement-breakpoint
CREATE TRIGGER agent_runs_announce AFTER INSERT OR UPDATE OR DELETE ON agent_runs
  FOR EACH STATEMENT EXECUTE FUNCTION desk_announce_change();
--> statement-breakpoint
CREATE TRIGGER email_outbox_announce AFTER INSERT OR UPDATE OR DELETE ON email_outbox
  FOR EACH STATEMENT EXECUTE FUNCTION desk_announce_change();
--> statement-breakpoint
CREATE TRIGGER inbound_emails_announce AFTER INSERT OR UPDATE OR DELETE ON inbound_emails
  FOR EACH STATEMENT EXECUTE FUNCTION desk_announce_change();
