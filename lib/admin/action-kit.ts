import { hasLocale } from 'next-intl';
import { z } from 'zod';
import { requireSessionUser, type CurrentUser } from '@/lib/auth/guard';
import type { Permission } from '@/lib/auth/permissions';
import { isDbFault } from '@/lib/db/faults';
import { parseId } from '@/lib/entities/ids';
import { AppError, type FieldErrors } from '@/lib/errors';
import { routing } from '@/lib/i18n/routing';

// What every server action shares (the back office's, filed by feature, and the inbox's in
// lib/inquiries/actions.ts): the guard, argument checks and the mapping of errors to codes. A
// plain module: a 'use server' file may only export actions.

export type ActionResult =
  | {
      ok: true;
      /** Sign-in only: the page to go to (the back-office page asked for, or its home). */
      next?: string;
    }
  | {
      ok: false;
      error: string;
      fieldErrors?: FieldErrors;
      values?: Record<string, string>;
      /** The HTTP status a refusal stands for, where the client tells it apart (sign-up's 429). */
      status?: number;
      /** A save over a newer version (409 `staleVersion`): what is saved now, for the form to show and re-apply on. */
      conflict?: VersionConflict;
    };

/** The row as it is now: its version and its fields as their form shows them. */
export interface VersionConflict {
  version: string;
  values: Record<string, string>;
}

/**
 * Runs an action's body behind the one guard (`permission` null: a public action) and answers with
 * a code the client turns into words: an AppError's own, `unavailable` for a database fault,
 * `server` for anything else (logged under `label`). The body is given the signed-in user the
 * guard let through (null for a public action), for the activity log.
 */
export async function runAction(
  label: string,
  permission: Permission | null,
  body: (user: CurrentUser | null) => Promise<void>,
): Promise<ActionResult> {
  try {
    const user = permission ? await requireSessionUser(permission) : null;
    await body(user);
    return { ok: true };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error: error.code, fieldErrors: error.fieldErrors };
    if (isDbFault(error)) return { ok: false, error: 'unavailable' };
    console.error(`[${label}] unexpected error`, error);
    return { ok: false, error: 'server' };
  }
}

// Server actions are public endpoints: anyone can post any JSON to them, whatever the types
// say. Every argument is checked like a route's body; odd ones are a bad request (400) and
// change nothing, instead of reaching the database as NaN, "__proto__" or a 64-bit id.
export const idArg = z.number().refine((v) => parseId(v) !== null);

export function argsOf<T>(schema: z.ZodType<T>, args: unknown[]): T {
  const parsed = schema.safeParse(args);
  if (!parsed.success) throw new AppError(400, 'badRequest');
  return parsed.data;
}

/** The language a posted form was shown in (its hidden `locale` field), English when it is odd. */
export function formLocale(form: FormData) {
  const locale = form.get('locale');
  return hasLocale(routing.locales, locale) ? locale : routing.defaultLocale;
}

/** A form's hidden id field (which account, lead or note it is about); one that cannot be an id is a bad request. */
export function formId(form: FormData, name: string): number {
  const id = parseId(form.get(name));
  if (id === null) throw new AppError(400, 'badRequest');
  return id;
}

/** The one argument of an action that takes its form alone. */
export const formArgs = z.tuple([z.instanceof(FormData)]);

/** A posted form's text field (cut at 254 characters), for the values a refused form shows again; '' when absent. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.slice(0, 254) : '';
}
