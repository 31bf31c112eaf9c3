import { memo, Suspense, useEffect, useId, useRef, type FocusEvent } from 'react';
import { fieldOwner, sectionOf, type Section } from '../../core/inspector';
import { parentPointer } from '../../core/document/pointer';
import type { Selection } from '../../state/document/store';
import { InspectorProvider, useInspector, useInspectorSelection, useProblemsAt } from './inspector-context';
import { ContainerFormView, loadPartForms, ResourceFormView } from './lazy-forms';
import { Problems } from './Problems';
import { RemovePart } from './RemovePart';
import { WorkloadForm } from './WorkloadForm';
import './inspector.css';

/**
 * The inspector's content (its pane is ui/workspace/InspectorPane.tsx): the form of what is
 * selected — the workload, a container or a resource. It follows the selection made in the graph,
 * the YAML pane or the Problems panel, and selects what the user focuses in it. Every edit is a
 * core command through the store.
 */
export function InspectorBody() {
  useEffect(() => void loadPartForms(), []);
  return (
    <InspectorProvider>
      <SectionView />
    </InspectorProvider>
  );
}

// The forms follow the inspector's (deferred) model, not the selection: the caret moving inside the
// section they show, at every check while typing, must not draw them again (see part-forms.ts too).
const WorkloadFormView = memo(WorkloadForm);

function SectionView() {
  const { workload, select, open, takeFocusRequest } = useInspector();
  const selection = useInspectorSelection();
  const section = sectionOf(selection?.pointer, workload);
  const problems = useProblemsAt(section.pointer);
  const body = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useFollowSelection(body, selection);

  // Opening another part from inside the inspector moves the focus to its heading, not to the page.
  useEffect(() => {
    if (takeFocusRequest()) heading.current?.focus();
  }, [section.pointer, takeFocusRequest]);

  // What the user works on in the form is the selection: the YAML pane and the graph show it too.
  const onFocus = (e: FocusEvent) => {
    const place = (e.target as HTMLElement).closest<HTMLElement>('[data-pointer]')?.dataset.pointer;
    if (place !== undefined && place !== selection?.pointer) select(place);
  };

  return (
    <div className="inspector" ref={body} onFocus={onFocus}>
      <nav className="inspector-crumbs" aria-label="Inspector location">
        {section.kind === 'workload' ? (
          <span>Workload</span>
        ) : (
          <>
            <button type="button" className="link-button" onClick={() => open('')}>
              Workload
            </button>
            <span aria-hidden="true"> › </span>
            <span>{section.kind === 'container' ? 'Container' : 'Resource'}</span>
          </>
        )}
        {selection && (
          <span className="selected-place">
            {' '}
            · Selected:{' '}
            <code data-testid="selected-pointer">
              {selection.pointer === '' ? '(the whole workload)' : selection.pointer}
            </code>
          </span>
        )}
      </nav>
      <section
        key={section.pointer}
        className="inspector-section"
        aria-labelledby={headingId}
        data-field={section.kind === 'workload' ? '' : section.kind === 'container' ? '/containers/*' : '/resources/*'}
        data-pointer={section.pointer}
      >
        <div className="inspector-heading">
          <h3 id={headingId} ref={heading} tabIndex={-1}>
            {title(section, workload)}
          </h3>
          {section.kind !== 'workload' && <RemovePart kind={section.kind} name={section.name} />}
        </div>
        <Problems id={`${headingId}-problems`} problems={problems} />
        <fieldset className="inspector-form">
          <legend className="visually-hidden">{title(section, workload)}</legend>
          {section.kind === 'workload' && <WorkloadFormView />}
          <Suspense fallback={null}>
            {section.kind === 'container' && <ContainerFormView name={section.name} pointer={section.pointer} />}
            {section.kind === 'resource' && <ResourceFormView name={section.name} pointer={section.pointer} />}
          </Suspense>
        </fieldset>
      </section>
    </div>
  );
}

function title(section: Section, workload: unknown): string {
  if (section.kind === 'container') return `Container ${section.name}`;
  if (section.kind === 'resource') return `Resource ${section.name}`;
  const name = (workload as { metadata?: { name?: unknown } } | null)?.metadata?.name;
  return typeof name === 'string' && name !== '' ? `Workload ${name}` : 'Workload';
}

/**
 * A selection made elsewhere (graph, YAML caret, Problems) scrolls its field into view (a whole
 * part: its heading to the top) and marks it, without taking the keyboard focus from where the user is.
 */
function useFollowSelection(body: React.RefObject<HTMLDivElement | null>, selection: Selection | null) {
  /** The field scrolled to last: the caret moving within it (each check while typing) scrolls nothing again. */
  const shown = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const root = body.current;
    if (!root || !selection || selection.source === 'inspector' || selection.source === 'command') return;
    root.querySelectorAll('.is-selected').forEach((el) => el.classList.remove('is-selected'));
    const el = fieldElement(root, fieldOwner(selection.pointer));
    if (!el) return;
    el.classList.add('is-selected');
    // Scrolling measures the page (a forced layout): not again while the caret stays in one field,
    // and in the next frame, where the layout is due anyway, rather than in the middle of React's commit.
    if (el === shown.current && selection.source === 'editor') return;
    const frame = requestAnimationFrame(() => {
      shown.current = el;
      // A whole part (a container, a resource) selected: its heading goes to the top, where its form
      // begins, whatever was scrolled to in the part shown before.
      const heading = el.matches('.inspector-section') ? el.querySelector('h3') : null;
      if (heading) heading.scrollIntoView?.({ block: 'start' });
      else el.scrollIntoView?.({ block: 'nearest' });
    });
    return () => cancelAnimationFrame(frame);
  }, [selection, body]);
}

/** The element of the field at `pointer`, or of the nearest enclosing one shown. */
function fieldElement(root: HTMLElement, pointer: string): HTMLElement | null {
  for (;;) {
    const el = root.querySelector<HTMLElement>(`[data-pointer="${CSS.escape(pointer)}"]`);
    if (el || pointer === '') return el;
    pointer = parentPointer(pointer);
  }
}
