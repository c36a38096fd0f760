-- Sign-up notices were one mail per applicant ("registration:<id>"), with the applicant's chosen
-- name in the subject and body: a phishing channel to the Admins (issue 24). They are now one
-- digest per window ("registrations:<window>") that holds no visitor text. Mails of the old kind
-- still waiting in the outbox are dropped, not sent: the next digest counts those applicants.
DELETE FROM "mail_outbox" WHERE "kind" = 'registration' AND "sent_at" IS NULL;
