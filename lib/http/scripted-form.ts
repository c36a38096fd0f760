// A form's two ways in (next-learn's `(prevState, formData)` action, as the sign-in forms have it):
// posted by the browser (no scripts, or a tap before they run) the action answers by redirecting
// or with the state the re-rendered page shows; called by the page's own script it carries this
// field and answers in place (a toast, a dialog), never redirecting. Plain data: the browser's
// forms and the server's actions both read it.

/** The hidden field a scripted call sets. */
export const SCRIPTED_FIELD = 'js';

/** Whether the page's own script sent this form. */
export const isScripted = (form: FormData): boolean => form.get(SCRIPTED_FIELD) === '1';

/** The form's fields (or a copy of them) marked as sent by the page's script. */
export function scriptedForm(source: HTMLFormElement | FormData): FormData {
  const data = source instanceof FormData ? new FormData() : new FormData(source);
  if (source instanceof FormData) for (const [key, value] of source.entries()) data.append(key, value);
  data.set(SCRIPTED_FIELD, '1');
  return data;
}
