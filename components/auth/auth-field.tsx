export function AuthField({
  name,
  type,
  label,
  placeholder,
  autoComplete,
  error,
  defaultValue,
}: {
  name: string;
  type: string;
  label: string;
  placeholder: string;
  autoComplete: string;
  error?: string;
  /** What was typed, when a form posted without scripts comes back with an error. */
  defaultValue?: string;
}) {
  const id = `auth-${name}`;
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
        aria-describedby={error ? `${id}-error` : undefined}
        className="field-input"
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-semibold text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
