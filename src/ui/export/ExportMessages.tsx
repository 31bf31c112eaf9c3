import { useId } from 'react';

/** A titled list of export messages (errors, what is not converted, notes); nothing when there are none. */
export function ExportMessages({
  kind,
  title,
  items,
}: {
  kind: 'errors' | 'warnings' | 'info';
  title: string;
  items: readonly string[];
}) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <div className={`export-messages ${kind}`} aria-labelledby={headingId} role="group">
      <h3 id={headingId}>
        {title} ({items.length})
      </h3>
      <ul>
        {items.map((item, i) => (
          // Messages are plain text (they may quote names from the workload): never markup.
          <li key={i}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
