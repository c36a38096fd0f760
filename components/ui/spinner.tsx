export function Spinner({ label }: { label: string }) {
  return (
    <span role="status" className="inline-flex flex-col items-center gap-3">
      <span
        aria-hidden="true"
        className="spinner-ring size-12 rounded-full border-4 border-brand/30 border-t-brand motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
