// A left-to-right token (a reference "Q-2026-000001", a phone number, an e-mail address, "#12")
// inside a line of either language: isolated left to right, as such a token is written, and never
// broken across lines. Never for a date: an Arabic date is right to left (lib/i18n/dates.ts).
export function LtrToken({ children, testId }: { children: string; testId?: string }) {
  return (
    <bdi dir="ltr" className="whitespace-nowrap" data-testid={testId}>
      {children}
    </bdi>
  );
}
