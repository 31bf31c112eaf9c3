import { useEffect } from 'react';
import { useDocument } from '../../state/document/context';
import { doesNotParse } from '../../state/document/store';
import { workloadName } from './workload-name';

/** The open workload's name (as text, never markup), from its last readable version, marked when stale. */
export function WorkloadTitle() {
  const name = useDocument((s) => workloadName(s.readable.parsed.value));
  const stale = useDocument(doesNotParse);
  useEffect(() => {
    document.title = name === undefined ? 'Score Designer' : `${name} — Score Designer`;
  }, [name]);
  return (
    <p className="workload" title={name === undefined ? undefined : `Workload ${name}`}>
      <span className="label visually-hidden">Workload </span>
      {name === undefined ? (
        <span className="workload-name unnamed">no name</span>
      ) : (
        <span className="workload-name" data-testid="workload-name">
          {name}
        </span>
      )}
      {stale && <span className="stale"> (last readable version: the YAML does not parse now)</span>}
    </p>
  );
}
