export function AuthField({
  name,
  type,
  label,
  placeholder,
  autoComplete,
  error,
  hint,
  defaultValue,
}: {
  name: string;
  type: string;
  label: string;
  placeholder: string;
  autoComplete: string;
  error?: string;
  /** A standing hint under the field (a password's rule), read with it by screen readers. */
  hint?: string;
  /** What was typed, when a form posted without scripts comes back with an error. */
  defaultValue?: string;
}) {
  const id = `auth-${name}`;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        placeholder={placeholder}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        dir={type === 'email' || type === 'password' ? 'ltr' : undefined}
        required
        aria-invalid={Boolean(error)}
        aria-describedby={described || undefined}
        className="field-input"
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-semibold text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
