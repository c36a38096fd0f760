import { LtrToken } from '@/components/ltr-token';

/** The visitor's reference on the thank-you (in place and on /ContactUs/Thanks), isolated left to right. */
export function QuoteReference({ label, hint, reference }: { label: string; hint: string; reference: string }) {
  return (
    <div className="mt-4">
      <p className="text-lg">
        {label}:{' '}
        <strong className="text-xl" data-testid="quote-reference">
          <LtrToken>{reference}</LtrToken>
        </strong>
      </p>
      <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">{hint}</p>
    </div>
  );
}
