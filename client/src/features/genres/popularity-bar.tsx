/** A 0–10 popularity as a bar of popularity × 10 percent; the figure is read out as text. */
export function PopularityBar({ value, label }: { value: number; label: string }) {
  const percent = Math.round(Math.min(10, Math.max(0, value)) * 10);
  return (
    <div className="h-2 w-full overflow-hidden rounded-full bg-muted">
      <span className="sr-only">{`${label}: ${percent}%`}</span>
      <div aria-hidden="true" className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
    </div>
  );
}
