import { useId, useState, type FormEvent } from 'react';
import {
  READINESS_CHOICES,
  readinessWords,
  suggestVariableName,
  type ConnectionPlan,
  type GraphNode,
  type Readiness,
  type ResourceNode,
} from '../../core/graph';
import { Modal } from '../dialog/Modal';
import { usePaletteType } from './palette';

/**
 * The canvas's dialogs: adding a container, choosing a start condition, choosing a resource output
 * to bind, and choosing a connection's target from a list (the keyboard's way to connect).
 * Each one's action is a core command, run by the canvas, which returns the reason it was refused
 * (or undefined when done): a refusal keeps the dialog open and says why in it.
 */
type Outcome = string | undefined;

function Refusal({ text }: { text: string | undefined }) {
  return text ? (
    <p className="graph-choice-problem" role="alert">
      {text}
    </p>
  ) : null;
}

export function AddContainerDialog({
  suggestedName,
  onAdd,
  onClose,
}: {
  suggestedName: string;
  onAdd: (name: string, image: string) => Outcome;
  onClose: () => void;
}) {
  const [name, setName] = useState(suggestedName);
  const [image, setImage] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const why = onAdd(name.trim(), image.trim());
    if (why === undefined) onClose();
    else setRefusal(why);
  };
  return (
    <Modal title="Add a container" onClose={onClose} className="graph-dialog">
      <form onSubmit={submit}>
        <p className="graph-field">
          <label>
            Name <input value={name} onChange={(e) => setName(e.target.value)} required autoFocus data-autofocus />
          </label>
        </p>
        <p className="graph-field">
          <label>
            Image <input value={image} onChange={(e) => setImage(e.target.value)} placeholder="nginx:1.27" required />
          </label>
        </p>
        <Refusal text={refusal} />
        <div className="modal-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit">Add container</button>
        </div>
      </form>
    </Modal>
  );
}

export function StartOrderDialog({
  first,
  then,
  current,
  problemOf,
  onSave,
  onRemove,
  onClose,
}: {
  first: string;
  then: string;
  /** The condition of the start order already there, if any. */
  current: Readiness | undefined;
  /** Why a condition cannot be chosen (healthy without a probe), or undefined. */
  problemOf: (ready: Readiness) => string | undefined;
  onSave: (ready: Readiness) => Outcome;
  onRemove?: () => void;
  onClose: () => void;
}) {
  const [ready, setReady] = useState<Readiness>(current ?? 'started');
  const [refusal, setRefusal] = useState<string>();
  const legendId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const why = problemOf(ready) ?? onSave(ready);
    if (why === undefined) onClose();
    else setRefusal(why);
  };
  return (
    <Modal title={`Start order: ${first} before ${then}`} onClose={onClose} className="graph-dialog">
      <form onSubmit={submit}>
        <fieldset className="graph-choices" aria-labelledby={legendId}>
          <legend id={legendId}>
            When does <strong>{then}</strong> start?
          </legend>
          {READINESS_CHOICES.map((r, i) => {
            const problem = problemOf(r);
            const hintId = `${legendId}-${r}`;
            return (
              <div key={r} className="graph-choice">
                <label>
                  <input
                    type="radio"
                    name="ready"
                    value={r}
                    checked={ready === r}
                    disabled={problem !== undefined}
                    aria-describedby={problem ? hintId : undefined}
                    autoFocus={r === (current ?? 'started') || (i === 0 && current === undefined)}
                    data-autofocus={r === (current ?? 'started') || (i === 0 && current === undefined) || undefined}
                    onChange={() => setReady(r)}
                  />{' '}
                  after {first} {readinessWords(r)}
                  {r === 'started' && <span className="muted"> (the default)</span>}
                </label>
                {problem && (
                  <p id={hintId} className="graph-choice-problem">
                    {problem}
                  </p>
                )}
              </div>
            );
          })}
        </fieldset>
        <p className="muted">
          This writes{' '}
          <code>
            containers.{first}.before.{then}.ready
          </code>
          : {first} starts first, {then} waits for it.
        </p>
        <Refusal text={refusal} />
        <div className="modal-actions">
          {onRemove && (
            <button type="button" className="danger" onClick={onRemove}>
              Remove start order
            </button>
          )}
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit">{current ? 'Change start order' : 'Add start order'}</button>
        </div>
      </form>
    </Modal>
  );
}

export function UseResourceDialog({
  container,
  resource,
  usedOutputs,
  takenVariables,
  onBind,
  onMount,
  onClose,
}: {
  container: string;
  resource: ResourceNode;
  /** Outputs of this resource the workload already reads (offered too, for types the list does not know). */
  usedOutputs: readonly string[];
  takenVariables: readonly string[];
  onBind: (variable: string, output: string) => Outcome;
  onMount: (target: string) => Outcome;
  onClose: () => void;
}) {
  const info = usePaletteType(resource.type);
  const outputs = [...new Set([...(info?.outputs ?? []), ...usedOutputs.filter((o) => o !== 'id')])];
  const mountable = info?.mountable === true;
  const [mode, setMode] = useState<'bind' | 'mount'>(mountable ? 'mount' : 'bind');
  const [output, setOutput] = useState(outputs[0] ?? '');
  const [other, setOther] = useState('');
  const chosen = output === '' ? other.trim() : output;
  const [variable, setVariable] = useState<string | null>(null);
  const suggested = suggestVariableName(resource.name, chosen, takenVariables);
  const variableName = variable ?? suggested;
  const [target, setTarget] = useState(`/data/${resource.name}`);
  const groupId = useId();
  const placeholder = '${resources.' + resource.name + (chosen ? '.' + chosen.replace(/\./g, '\\.') : '') + '}';

  const [refusal, setRefusal] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mode === 'bind' && chosen === '') return setRefusal('Choose an output, or type its name.');
    const why = mode === 'mount' ? onMount(target.trim()) : onBind(variableName.trim(), chosen);
    if (why === undefined) onClose();
    else setRefusal(why);
  };
  return (
    <Modal title={`Use ${resource.name} in ${container}`} onClose={onClose} className="graph-dialog">
      <form onSubmit={submit}>
        {mountable && (
          <fieldset className="graph-choices">
            <legend>How</legend>
            <label>
              <input type="radio" name="mode" checked={mode === 'mount'} onChange={() => setMode('mount')} /> Mount it
              as a volume
            </label>{' '}
            <label>
              <input type="radio" name="mode" checked={mode === 'bind'} onChange={() => setMode('bind')} /> Read an
              output into a variable
            </label>
          </fieldset>
        )}
        {mode === 'mount' ? (
          <p className="graph-field">
            <label>
              Mount path in {container}{' '}
              <input value={target} onChange={(e) => setTarget(e.target.value)} required autoFocus data-autofocus />
            </label>
          </p>
        ) : (
          <>
            <fieldset className="graph-choices" aria-labelledby={groupId}>
              <legend id={groupId}>
                Output of {resource.name}
                {resource.type ? ` (${resource.type})` : ''}
              </legend>
              {outputs.map((o, i) => (
                <label key={o} className="graph-choice">
                  <input
                    type="radio"
                    name="output"
                    value={o}
                    checked={output === o}
                    autoFocus={i === 0}
                    data-autofocus={i === 0 || undefined}
                    onChange={() => setOutput(o)}
                  />{' '}
                  {o}
                </label>
              ))}
              <label className="graph-choice">
                <input
                  type="radio"
                  name="output"
                  value=""
                  checked={output === ''}
                  autoFocus={outputs.length === 0}
                  data-autofocus={outputs.length === 0 || undefined}
                  onChange={() => setOutput('')}
                />{' '}
                another output:{' '}
                <input
                  value={other}
                  aria-label="Output name"
                  onChange={(e) => {
                    setOther(e.target.value);
                    setOutput('');
                  }}
                />
              </label>
            </fieldset>
            <p className="graph-field">
              <label>
                Variable in {container}{' '}
                <input value={variableName} onChange={(e) => setVariable(e.target.value)} required />
              </label>
            </p>
            {takenVariables.includes(variableName.trim()) && (
              <p className="graph-choice-problem">
                {container} already has a variable {variableName.trim()}: its value will be replaced.
              </p>
            )}
            <p className="muted">
              Writes <code>{`${variableName.trim() || '…'}: ${placeholder}`}</code>
            </p>
          </>
        )}
        <Refusal text={refusal} />
        <div className="modal-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit">{mode === 'mount' ? 'Mount volume' : 'Add variable'}</button>
        </div>
      </form>
    </Modal>
  );
}

/** The keyboard's way to connect: the nodes a connection from `source` can go to, refused ones with why. */
export function ConnectDialog({
  source,
  targets,
  onChoose,
  onClose,
}: {
  source: GraphNode;
  targets: Array<{ node: GraphNode; plan: ConnectionPlan }>;
  onChoose: (targetId: string) => void;
  onClose: () => void;
}) {
  const firstAllowed = targets.find((t) => t.plan.kind !== 'refused');
  return (
    <Modal title={`Connect ${source.name} to…`} onClose={onClose} className="graph-dialog">
      {targets.length === 0 ? (
        <p>There is nothing to connect {source.name} to yet: add another container or a resource first.</p>
      ) : (
        <ul className="graph-targets">
          {targets.map(({ node, plan }) => {
            const reasonId = `connect-reason-${node.id}`;
            const refused = plan.kind === 'refused';
            return (
              <li key={node.id}>
                <button
                  type="button"
                  autoFocus={node === firstAllowed?.node}
                  data-autofocus={node === firstAllowed?.node || undefined}
                  aria-disabled={refused || undefined}
                  aria-describedby={refused ? reasonId : undefined}
                  onClick={() => onChoose(node.id)}
                >
                  {node.kind} {node.name}
                  <span className="muted">
                    {' '}
                    — {plan.kind === 'start-order' && !plan.existing ? `${plan.first} starts before ${plan.then}` : ''}
                    {plan.kind === 'start-order' && plan.existing ? `change or remove: ${plan.existing.label}` : ''}
                    {plan.kind === 'use-resource' ? `use its outputs in ${plan.container}` : ''}
                    {refused ? 'not possible' : ''}
                  </span>
                </button>
                {plan.kind === 'refused' && (
                  <p id={reasonId} className="graph-choice-problem">
                    {plan.reason}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div className="modal-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
