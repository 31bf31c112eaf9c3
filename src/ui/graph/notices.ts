import { referencesToResource, type RemovalPlan } from '../../core/graph';
import type { ParsedDocument } from '../../core/document/parse';
import type { GraphNoticeState } from './GraphNotice';

/**
 * What the canvas tells the user about a removal (see `planRemoval` in core/graph), in words: what
 * went with it, which references it left pointing at nothing (with the offer to remove them too),
 * or which references an edge stands for (removing them removes the edge).
 *
 * `done`: the text right after the plan's command ran and the document it reads as, or undefined
 * when nothing was run (a refusal, or an edge whose references are only listed).
 */
export function removalNotice(
  plan: RemovalPlan,
  done?: { text: string; parsed: ParsedDocument },
): GraphNoticeState | null {
  switch (plan.kind) {
    case 'refused':
      return { kind: 'refused', text: plan.reason };
    case 'nothing':
      return null;
    case 'container':
      return {
        kind: 'info',
        text: `Removed container ${plan.name}.`,
        details:
          plan.startOrders.length > 0
            ? plan.startOrders.map((label) => `Start order removed with it: ${label}`)
            : undefined,
        textAfter: done?.text,
      };
    case 'start-order':
      return { kind: 'info', text: `Removed the start order: ${plan.label}.`, textAfter: done?.text };
    case 'resource': {
      const references = done ? referencesToResource(done.parsed, plan.name) : [];
      const count = references.length;
      if (count === 0) return { kind: 'info', text: `Removed resource ${plan.name}.`, textAfter: done?.text };
      return {
        kind: 'references',
        text: `Removed resource ${plan.name}. ${count === 1 ? 'This reference to it now points' : `These ${count} references to it now point`} at nothing:`,
        resource: plan.name,
        references,
        removeLabel: 'Remove these references too',
        textAfter: done?.text,
        readFrom: done?.text,
      };
    }
    case 'references': {
      const one = plan.references.length === 1;
      return {
        kind: 'references',
        text: `${plan.source} ${plan.edge === 'mount' ? 'mounts' : 'uses'} ${plan.resource} through ${one ? 'this reference' : 'these references'}. Removing the edge removes ${one ? 'it' : 'them'}:`,
        resource: plan.resource,
        owner: plan.owner,
        references: plan.references,
        removeLabel: 'Remove the edge',
      };
    }
  }
}

/** After the listed references were removed (or the removal was refused, with `refusal`). */
export function referencesRemovedNotice(
  resource: string,
  removed: number,
  byHand: readonly { where: string; raw: string }[],
  refusal: string | undefined,
): GraphNoticeState {
  return {
    kind: 'info',
    text: `Removed ${removed === 1 ? '1 reference' : `${removed} references`} to ${resource}.`,
    details: [...(refusal ? [refusal] : []), ...byHand.map((r) => `Still to edit by hand: ${r.where} ${r.raw}`)],
  };
}
