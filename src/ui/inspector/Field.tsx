import { useId, type ReactNode } from 'react';
import { controls, describeField, type FieldPath } from '../../core/inspector';
import { DraftInput, type ControlProps } from './inputs';
import { useProblemsAt } from './inspector-context';
import { hasError, Problems } from './Problems';

/**
 * One field of a form: its label, its control, the schema's words about it, and its problems.
 * `data-field` names the control's schema path (the coverage test reads it) and `data-pointer` the
 * place it edits (selection follows it both ways).
 */
export function Field({
  path,
  pointer,
  label,
  hint = true,
  extra,
  children,
}: {
  path: FieldPath;
  pointer: string;
  /** Overrides the registry's label (e.g. to name the entry it belongs to). */
  label?: string;
  /** Show the schema's description under the control. */
  hint?: boolean;
  /** Further text under the control (e.g. what an amount means). */
  extra?: ReactNode;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const problems = useProblemsAt(pointer);
  const description = hint ? describeField(path) : '';
  const hintId = `${id}-hint`;
  const problemsId = `${id}-problems`;
  const describedBy = [description || extra ? hintId : '', problems.length > 0 ? problemsId : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field" data-field={path} data-pointer={pointer}>
      <label htmlFor={id}>{label ?? controls[path].label}</label>
      {children({ id, describedBy: describedBy || undefined, invalid: hasError(problems) })}
      {(description || extra) && (
        <p id={hintId} className="field-hint">
          {extra}
          {extra && description ? ' ' : ''}
          {description}
        </p>
      )}
      <Problems id={problemsId} problems={problems} />
    </div>
  );
}

/**
 * A group of fields (a fieldset) for an object of the schema: its legend, and the problems that are
 * about the object as a whole (a probe with neither check, a file with two sources).
 */
export function Group({
  path,
  pointer,
  legend,
  tools,
  className,
  children,
}: {
  path: FieldPath;
  /** The object it edits; left out for a group that only arranges fields (its problems show elsewhere). */
  pointer?: string;
  legend?: ReactNode;
  tools?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const problems = useProblemsAt(pointer);
  return (
    <fieldset className={`group ${className ?? ''}`} data-field={path} data-pointer={pointer}>
      <legend>{legend ?? controls[path].label}</legend>
      {tools && <div className="group-tools">{tools}</div>}
      <Problems id={`${id}-problems`} problems={problems} />
      {children}
    </fieldset>
  );
}

/**
 * The name of an entry (a container, a port, a file's path): renamed by its own command when the
 * user leaves the field or presses Enter, never while typing.
 */
export function KeyField({
  label,
  value,
  onRename,
  path,
  pointer,
}: {
  label: string;
  value: string;
  onRename(to: string): void;
  /** Given when the name is itself a property (a file's target): its problems show here. */
  path?: FieldPath;
  pointer?: string;
}) {
  const id = useId();
  const problems = useProblemsAt(pointer);
  return (
    <div className="field key-field" data-field={path} data-pointer={pointer}>
      <label htmlFor={id}>{label}</label>
      <DraftInput
        id={id}
        describedBy={problems.length > 0 ? `${id}-problems` : undefined}
        invalid={hasError(problems)}
        value={value}
        holdWhile={() => true}
        onCommit={(to) => (to.trim() === '' ? undefined : onRename(to))}
      />
      <Problems id={`${id}-problems`} problems={problems} />
    </div>
  );
}
