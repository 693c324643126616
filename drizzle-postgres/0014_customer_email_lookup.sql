-- A customer's other conversations are found by their address in lower case, newest first
-- (db/customer-history.ts): read from this index rather than a scan of every conversation.
CREATE INDEX "questions_customer_email_lower" ON "questions" (lower("customer_email"), "last_message_at");
