import { referencesToResource, removalOrder, type WorkloadGraph } from '../../core/graph';
import { isRefusal, type CommandArgs, type CommandName } from '../../core/commands';
import type { DocumentStore } from '../../state/document/store';
import type { GraphNoticeState } from './GraphNotice';

/** Runs a command; the reason it was refused, or undefined when it was done. */
type Run = <N extends CommandName>(name: N, args: CommandArgs<N>) => string | undefined;

/**
 * Delete on the canvas. A container goes with the start order that names it (the command removes
 * both); a resource goes, and the references that now point at nothing are listed with an offer to
 * remove them too; a start order goes; an edge drawn by placeholders or mounts lists them first and
 * goes when they do. Returns what to tell the user, and whether something was removed.
 */
export function removeFromCanvas(
  graph: WorkloadGraph,
  id: string,
  run: Run,
  store: DocumentStore,
): { removed: boolean; notice: GraphNoticeState | null } {
  const node = graph.nodes.find((n) => n.id === id);
  const edge = graph.edges.find((e) => e.id === id);
  const after = () => store.getState().text;
  if (node?.kind === 'workload') {
    return {
      removed: false,
      notice: { kind: 'refused', text: 'The workload itself cannot be removed; remove its containers or resources.' },
    };
  }
  if (node?.kind === 'container') {
    const orders = graph.edges.filter((e) => e.kind === 'start-order' && (e.source === id || e.target === id));
    if (run('removeContainer', { name: node.name }) !== undefined) return { removed: false, notice: null };
    return {
      removed: true,
      notice: {
        kind: 'info',
        text: `Removed container ${node.name}.`,
        details: orders.length > 0 ? orders.map((e) => `Start order removed with it: ${e.label}`) : undefined,
        textAfter: after(),
      },
    };
  }
  if (node?.kind === 'resource') {
    if (run('removeResource', { name: node.name }) !== undefined) return { removed: false, notice: null };
    const references = referencesToResource(store.getState().report.parsed, node.name);
    const count = references.length;
    return {
      removed: true,
      notice:
        count === 0
          ? { kind: 'info', text: `Removed resource ${node.name}.`, textAfter: after() }
          : {
              kind: 'references',
              text: `Removed resource ${node.name}. ${count === 1 ? 'This reference to it now points' : `These ${count} references to it now point`} at nothing:`,
              resource: node.name,
              references,
              removeLabel: 'Remove these references too',
              textAfter: after(),
            },
    };
  }
  if (edge?.kind === 'start-order') {
    if (run('removeBefore', { container: edge.first, target: edge.then }) !== undefined) {
      return { removed: false, notice: null };
    }
    return {
      removed: true,
      notice: { kind: 'info', text: `Removed the start order: ${edge.label}.`, textAfter: after() },
    };
  }
  if (!edge) return { removed: false, notice: null };
  const source = graph.nodes.find((n) => n.id === edge.source);
  const target = graph.nodes.find((n) => n.id === edge.target);
  if (!source || !target) return { removed: false, notice: null };
  const owner = source.pointer + '/';
  const references = referencesToResource(store.getState().readable.parsed, target.name).filter(
    (r) => r.pointer.startsWith(owner) && (edge.kind === 'mount') === (r.context === 'volume-source'),
  );
  const one = references.length === 1;
  return {
    removed: false,
    notice: {
      kind: 'references',
      text: `${source.name} ${edge.kind === 'mount' ? 'mounts' : 'uses'} ${target.name} through ${one ? 'this reference' : 'these references'}. Removing the edge removes ${one ? 'it' : 'them'}:`,
      resource: target.name,
      owner,
      references,
      removeLabel: 'Remove the edge',
    },
  };
}

/**
 * The one-click removal of listed references: each variable, volume or param goes (one command
 * each, all one undo step), those inside longer texts are left to the user. Read again from the
 * current text: it may have changed since the list was shown.
 */
export function removeReferencesOf(
  notice: Extract<GraphNoticeState, { kind: 'references' }>,
  store: DocumentStore,
): GraphNoticeState {
  const chosen = new Set(notice.references.map((r) => r.pointer));
  const now = referencesToResource(store.getState().report.parsed, notice.resource).filter(
    (r) => chosen.has(r.pointer) && (notice.owner === undefined || r.pointer.startsWith(notice.owner)),
  );
  const results = store
    .getState()
    .runCommands(removalOrder(now).map((pointer) => ({ name: 'unsetField', args: { pointer } })));
  const failed = results.flatMap((r) => (isRefusal(r) ? [r.error] : []));
  const removed = results.length - failed.length;
  const byHand = now.filter((r) => r.removes === undefined).map((r) => `Still to edit by hand: ${r.where} ${r.raw}`);
  return {
    kind: 'info',
    text: `Removed ${removed === 1 ? '1 reference' : `${removed} references`} to ${notice.resource}.`,
    details: [...failed, ...byHand],
  };
}
