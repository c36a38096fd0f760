import { Link } from '@/lib/i18n/navigation';

/**
 * The one shape of an auth page that ends in words instead of a form: done (a password reset, an
 * invitation accepted), a link that no longer works, sign-up closed. Its title, the words (a
 * status, an alert, or plain) and, where there is one, the way on. No hooks: server pages and the
 * forms' answers use it alike.
 */
export function AuthNotice({
  title,
  text,
  tone,
  testId,
  link,
}: {
  title: string;
  text: string;
  tone: 'done' | 'problem' | 'plain';
  testId: string;
  link?: { href: string; label: string };
}) {
  return (
    <div className="grid gap-4" data-testid={tone === 'done' ? undefined : testId}>
      <h1 className="text-2xl font-extrabold">{title}</h1>
      {tone === 'done' ? (
        <p role="status" className="font-semibold text-green-800 dark:text-green-300" data-testid={testId}>
          {text}
        </p>
      ) : (
        <p role={tone === 'problem' ? 'alert' : undefined} className={tone === 'problem' ? 'font-semibold' : undefined}>
          {text}
        </p>
      )}
      {link && (
        <Link href={link.href} className="btn-primary justify-self-start">
          {link.label}
        </Link>
      )}
    </div>
  );
}
