import { useDocument } from '../../state/document/context';
import { doesNotParse } from '../../state/document/store';

/** Said in the views that show the model while the text does not parse: they show its last readable version. */
export function StaleNote() {
  const stale = useDocument(doesNotParse);
  if (!stale) return null;
  return (
    <p className="stale-note" role="note">
      The YAML does not parse right now: this shows its last readable version.
    </p>
  );
}
