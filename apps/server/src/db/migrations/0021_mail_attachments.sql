-- Invoice e-mails carry their PDF (issue 12): attachments queued with the message, as
-- [{ "filename", "content_type", "content_base64" }], emptied once an SMTP server took it.
ALTER TABLE mail_outbox ADD COLUMN attachments jsonb;
