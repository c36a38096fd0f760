// The activity log's vocabulary, shared by the writers (lib/activity/index.ts) and the screen
// (/Admin/Activity, its filter and its words in messages/*.json under admin.activity). Isomorphic.

/** What an entry records. A new kind is added here and worded in both message files. */
export const ACTIVITY_KINDS = [
  'create',
  'update',
  'delete',
  'restore',
  'signIn',
  'signInRecoveryCode',
  'signInRefused',
  'signInThrottled',
  'signInPassword',
  'signInCodeRefused',
  'signInCodeThrottled',
  'passwordReset',
  'passwordChange',
  'twoFactorOn',
  'twoFactorOff',
  'recoveryCodesRenewed',
  'invitation',
  'invitationRevoked',
  'approval',
  'backupRequested',
  'backupDownloaded',
  'backupRestored',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const isActivityKind = (value: unknown): value is ActivityKind =>
  typeof value === 'string' && (ACTIVITY_KINDS as readonly string[]).includes(value);

/**
 * Security events anyone can cause without an account (issue 34): each is one entry per kind,
 * address, account and window (lib/activity/index.ts `recordCounted`), its repeats counted, so a
 * flood is a number and not rows that nobody may delete for the retention.
 */
export const COUNTED_KINDS = ['signInRefused', 'signInThrottled', 'signInPassword', 'signInCodeRefused', 'signInCodeThrottled'] as const;
export type CountedKind = (typeof COUNTED_KINDS)[number];

/**
 * Sign-ins that went as they should: the log hides them unless asked for (its "Show sign-ins"
 * box, or the kind filter), as they would bury the changes; refused and throttled ones stay shown.
 */
export const ROUTINE_SIGN_INS = ['signIn', 'signInRecoveryCode', 'signInPassword'] as const satisfies readonly ActivityKind[];

/** What a refused sign-in's entry holds for what was typed as the e-mail when it is no e-mail address. */
export const NOT_AN_ADDRESS = '-';

/** Besides the content entities (the registry's keys), what an entry may be about. */
export const OTHER_LOGGED = ['settings', 'inquiries', 'users', 'backups', 'redirects'] as const;

/** A deleted item can be restored from its entry for this many days (its files are kept as long). */
export const RESTORE_DAYS = 30;

/** Entries kept when the settings say nothing else; the settings allow RETENTION_MIN_DAYS to RETENTION_MAX_DAYS. */
export const DEFAULT_RETENTION_DAYS = 365;
/** Not below the restore window: a restore needs its entry. The database checks the same bounds. */
export const RETENTION_MIN_DAYS = RESTORE_DAYS;
export const RETENTION_MAX_DAYS = 3650;

/** Entries a page of /Admin/Activity shows. */
export const ACTIVITY_PAGE_SIZE = 50;

/** A field's value as the log keeps it: images by file name, dates as text, never bytes or secrets. */
export type LoggedValue = string | number | boolean | null | LoggedValue[] | { [key: string]: LoggedValue };
export type Changes = Record<string, { before: LoggedValue; after: LoggedValue }>;
