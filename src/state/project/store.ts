import { createStore, type StoreApi } from 'zustand/vanilla';
import { parseWorkloadText } from '../../core/document/parse';
import type { ProjectAccess } from '../document/automation';
import type { ParkedDocument } from '../document/editing';
import { hasChanges, isOpen, type DocumentStore } from '../document/store';

/**
 * The project: the workloads open together, as score-compose takes several into one Compose project.
 * One of them is edited at a time — it lives in the document store, the single source of truth the
 * panes read — and the others are put aside here, each with its text, what was opened, its origin and
 * its undo history, so that taking one up again loses nothing. The canvas draws the others as peers
 * (core/graph/project.ts, read there: not in the page's first download), the Compose export and its
 * readiness take them all.
 *
 * The document store does not know about the project: the project follows it (a workload opened
 * from the start screen or a template replaces the one being edited, in its place in the project).
 */
export interface ProjectWorkload extends ParkedDocument {
  /** Its metadata.name ('' without one), read once when it is put aside. */
  name: string;
}

export interface ProjectState {
  /**
   * The workloads of the project in the order they were opened; `null` is the one being edited
   * (its text is the document store's). Empty while nothing is open.
   */
  workloads: ReadonlyArray<ProjectWorkload | null>;
  /** Opens a workload into the project, beside the others, and makes it the one edited. */
  add(text: string, origin: string): void;
  /** Makes the workload at `index` (in `workloads`) the one edited; false when there is none there. */
  select(index: number): boolean;
  /** Takes the workload at `index` out of the project (the one edited: the next one is taken up). */
  remove(index: number): void;
}

export type ProjectStore = StoreApi<ProjectState>;

/** A workload put aside, as the draft keeps it (without its undo history) and a reload reads it again. */
export interface StoredWorkload {
  text: string;
  openedText: string;
  origin: string;
}

export function createProjectStore(
  document: DocumentStore,
  stored: { others: readonly StoredWorkload[]; position: number } = { others: [], position: 0 },
): ProjectStore {
  const park = (): ProjectWorkload => {
    const { text, openedText, origin, history } = document.getState();
    // A keystroke after coming back starts a new undo step rather than joining the typing before.
    const settled = history.typing ? { ...history, typing: { ...history.typing, ended: true } } : history;
    return { text, openedText, origin, history: settled, name: nameIn(text) };
  };

  const initial: Array<ProjectWorkload | null> = isOpen(document.getState())
    ? stored.others.map((w) => ({
        ...w,
        history: { past: [], future: [], typing: null },
        name: nameIn(w.text),
      }))
    : [];
  if (isOpen(document.getState())) initial.splice(Math.min(Math.max(stored.position, 0), initial.length), 0, null);

  const store = createStore<ProjectState>()((set, get) => {
    const put = (workloads: Array<ProjectWorkload | null>) => set({ workloads });
    return {
      workloads: initial,
      add(text, origin) {
        if (!isOpen(document.getState())) {
          document.getState().open(text, origin); // the first of the project: followed below
          return;
        }
        const workloads = get().workloads.map((w) => w ?? park());
        put([...workloads, null]);
        document.getState().open(text, origin);
      },
      select(index) {
        const workloads = get().workloads;
        const chosen = workloads[index];
        if (chosen === undefined) return false;
        if (chosen === null) return true;
        put(workloads.map((w, i) => (i === index ? null : (w ?? park()))));
        document.getState().resume(chosen);
        return true;
      },
      remove(index) {
        const workloads = get().workloads;
        if (workloads[index] === undefined) return;
        if (workloads[index] !== null) {
          put(workloads.filter((_, i) => i !== index));
          // The workload edited stays, but a link of it may no longer reach: checked again. (Opening,
          // taking up or adding a workload checks the one edited already, with the others as they are.)
          document.getState().recheck();
          return;
        }
        const rest = workloads.filter((_, i) => i !== index);
        const next = rest[Math.min(index, rest.length - 1)];
        if (!next) {
          document.getState().close(); // the last one: the start screen, as closing it always did
          return;
        }
        put(rest.map((w) => (w === next ? null : w)));
        document.getState().resume(next);
      },
    };
  });

  // Following the document: a workload opened while nothing was open starts the project; the start
  // screen (everything closed, or a recovered draft discarded) ends it.
  document.subscribe((next, previous) => {
    if (isOpen(next) === isOpen(previous)) return;
    const { workloads } = store.getState();
    if (isOpen(next) && workloads.length === 0) store.setState({ workloads: [null] });
    else if (!isOpen(next) && workloads.length > 0) store.setState({ workloads: [] });
  });
  return store;
}

/** metadata.name of a workload's plain data, '' without one. */
function nameOf(value: unknown): string {
  const metadata = (value as { metadata?: { name?: unknown } } | null)?.metadata;
  const name = typeof metadata === 'object' && metadata !== null ? metadata.name : undefined;
  return typeof name === 'string' ? name : '';
}

const nameIn = (text: string) => nameOf(parseWorkloadText(text).value);

/** Where the workload being edited stands in the project (0 when nothing is open). */
export function activeIndex(state: Pick<ProjectState, 'workloads'>): number {
  return Math.max(0, state.workloads.indexOf(null));
}

/** The project's workloads that hold changes not saved anywhere (the one edited is the document store's). */
export function unsavedOthers(state: Pick<ProjectState, 'workloads'>): number {
  return state.workloads.filter((w) => w !== null && hasChanges(w)).length;
}

/** The name of each workload of the project, in order ('' for one without a name). */
export function workloadNames(project: ProjectStore, document: DocumentStore): string[] {
  const edited = document.getState().readable.parsed;
  const own = nameOf(edited.value);
  return project.getState().workloads.map((w) => (w ? w.name : own));
}

/** Every workload of the project, in order, as its text (the one edited as it is now). */
export function projectTexts(project: ProjectStore, document: DocumentStore): string[] {
  const text = document.getState().text;
  return project.getState().workloads.map((w) => (w ? w.text : text));
}

/** The other workloads' texts, in order: what the export and its readiness take with the one edited. */
export function otherTexts(state: Pick<ProjectState, 'workloads'>): string[] {
  return state.workloads.flatMap((w) => (w ? [w.text] : []));
}

/** The other workloads as the draft keeps them (text, what was opened, origin), and where the edited one stands. */
export function storedProject(state: Pick<ProjectState, 'workloads'>): { others: StoredWorkload[]; position: number } {
  return {
    others: state.workloads.flatMap((w) =>
      w ? [{ text: w.text, openedText: w.openedText, origin: w.origin ?? '' }] : [],
    ),
    position: activeIndex(state),
  };
}

/** The project as the automation API reaches it (state/document/automation.ts). */
export function projectAccess(project: ProjectStore, document: DocumentStore): ProjectAccess {
  return {
    workloads() {
      document.getState().flush(); // the edited one's name as its text has it now
      const texts = projectTexts(project, document);
      const active = activeIndex(project.getState());
      return workloadNames(project, document).map((name, i) => ({ name, text: texts[i]!, active: i === active }));
    },
    add: (text, origin) => project.getState().add(text, origin),
    selectByName(name) {
      document.getState().flush();
      const index = workloadNames(project, document).indexOf(name);
      return index >= 0 && project.getState().select(index);
    },
  };
}
