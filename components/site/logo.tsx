export function Logo({ className = 'h-9 w-auto' }: { className?: string }) {
  return (
    <svg viewBox="0 0 150 40" className={className} aria-hidden="true" direction="ltr">
      <path d="M20 3l4.4 9 9.9 1.4-7.2 7 1.7 9.8L20 25.6l-8.8 4.6 1.7-9.8-7.2-7 9.9-1.4z" fill="#d4a017" />
      <text x="40" y="27" fontSize="20" fontWeight="800" fill="currentColor" fontFamily="var(--font-cairo-latin), sans-serif">
        {'7Stars '}
      </text>
      <text x="106" y="27" fontSize="12" fontWeight="600" fill="#d4a017" fontFamily="var(--font-cairo-latin), sans-serif">
        EVENT
      </text>
    </svg>
  );
}
