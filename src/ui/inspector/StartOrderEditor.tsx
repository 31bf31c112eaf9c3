import type { Readiness } from '../../core/commands';
import { childPointer } from '../../core/document/pointer';
import { asRecord, choicesOf, scalarText, valueAt } from '../../core/inspector';
import { AddRow, IconButton } from './collections';
import { Group } from './Field';
import { ChoiceSelect } from './inputs';
import { useInspector } from './inspector-context';
import { ScalarField } from './ScalarField';

const waitsFor: Record<string, string> = {
  started: 'has started',
  healthy: 'is healthy (its readiness probe passes)',
  complete: 'has run to completion',
};

/**
 * Start order: the containers this one starts before (`before.TARGET.ready`). TARGET waits until
 * this container has started, is healthy, or has completed — the reading score-compose implements
 * (DESIGN §2), said in plain words on each entry.
 */
export function StartOrderEditor({ container, pointer }: { container: string; pointer: string }) {
  const { workload, run, open } = useInspector();
  const at = `${pointer}/before`;
  const entries = Object.entries(asRecord(valueAt(workload, at)) ?? {});
  const others = Object.keys(asRecord(asRecord(workload)?.containers) ?? {}).filter(
    (c) => c !== container && !entries.some(([t]) => t === c),
  );
  const readiness = choicesOf('/containers/*/before/*/ready');
  return (
    <Group path="/containers/*/before" pointer={at}>
      {entries.map(([target, spec]) => {
        const entry = childPointer(at, target);
        const ready = scalarText(asRecord(spec)?.ready);
        return (
          <Group
            key={target}
            path="/containers/*/before/*"
            pointer={entry}
            legend={`Starts before ${target}`}
            tools={
              <IconButton
                label={`Remove start order entry for ${target}`}
                symbol="✕"
                onClick={() => run('removeBefore', { container, target })}
              />
            }
          >
            <p className="sentence">
              <button type="button" className="link-button" onClick={() => open(childPointer('/containers', target))}>
                {target}
              </button>{' '}
              starts once {container} {waitsFor[ready] ?? 'is ready'}.
            </p>
            <ScalarField path="/containers/*/before/*/ready" pointer={`${entry}/ready`} optional={false} />
          </Group>
        );
      })}
      {others.length > 0 ? (
        <AddRow
          key={others.join('\n')}
          fields={[
            {
              label: 'Container that waits',
              initial: others[0],
              render: (v, set) => (
                <ChoiceSelect label="Container that waits" value={v} choices={others} optional={false} onCommit={set} />
              ),
            },
            {
              label: 'Until this container',
              initial: 'started',
              render: (v, set) => (
                <ChoiceSelect
                  label="Until this container"
                  value={v}
                  choices={readiness}
                  optional={false}
                  onCommit={set}
                />
              ),
            },
          ]}
          button="Add start order"
          onAdd={([target, ready]) => run('setBefore', { container, target: target!, ready: ready as Readiness })}
        />
      ) : (
        <p className="muted">No other container to order against.</p>
      )}
    </Group>
  );
}
