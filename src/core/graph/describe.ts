import type { GraphEdge, GraphNode, LinkEdge, ProblemRef } from './types';

/** "2 problems", "1 problem", '' for none. */
export function problemCount(problems: readonly ProblemRef[]): string {
  if (problems.length === 0) return '';
  return problems.length === 1 ? '1 problem' : `${problems.length} problems`;
}

/**
 * What a screen reader says for a node or edge: what it is, its name, what matters about it, and how
 * many problems it has. "container web, image nginx:1.27, 2 problems".
 */
export function accessibleName(element: GraphNode | GraphEdge): string {
  const parts: string[] = [];
  switch (element.kind) {
    case 'workload':
      parts.push(`workload ${element.name || '(unnamed)'}`);
      if (element.ports.length > 0) {
        parts.push(`service ports ${element.ports.map((p) => `${p.name} ${p.port}`).join(', ')}`);
      }
      break;
    case 'container':
      parts.push(`container ${element.name}`, element.image ? `image ${element.image}` : 'no image');
      if (element.init) parts.push('init container');
      if (element.probes.liveness || element.probes.readiness) parts.push('has a probe');
      break;
    case 'resource':
      parts.push(`resource ${element.name}`, element.type ? `type ${element.type}` : 'no type');
      if (element.class !== undefined) parts.push(`class ${element.class}`);
      if (element.shared) parts.push(`shared with id ${element.resourceId ?? ''}`);
      break;
    case 'start-order':
      parts.push(`start order: ${element.label}`);
      break;
    case 'uses':
      parts.push(`${nameOf(element.source)} uses ${nameOf(element.target)}: ${element.label}`);
      break;
    case 'mount':
      parts.push(`${nameOf(element.source)} mounts ${nameOf(element.target)}, ${element.label}`);
      break;
    case 'peer':
      parts.push(
        `workload ${element.name} of the project`,
        `${element.containers} ${element.containers === 1 ? 'container' : 'containers'}`,
      );
      if (element.ports.length > 0) parts.push(`service ports ${element.ports.join(', ')}`);
      break;
    case 'peer-part':
      // Read only here: named as what it is, and whose it is.
      parts.push(accessibleName(element.part), `in workload ${element.workload}, read only`);
      break;
    case 'link':
      parts.push(linkWords(element));
      break;
  }
  const count = problemCount(element.problems);
  if (count) parts.push(count);
  return parts.join(', ');
}

/** What a link between workloads says; inside another workload's frame, what its edge says there, and whose. */
function linkWords(link: LinkEdge): string {
  const [source, target] = [nameOf(link.source), nameOf(link.target)];
  const inWorkload = () =>
    `in workload ${groupOf(link.source.startsWith('in:') ? link.source : link.target)}, read only`;
  switch (link.relation) {
    case 'shared':
      return `${source} is shared with workload ${target}`;
    case 'service-port':
      return `${source} links to ${link.label} of workload ${workloadOf(link.target)}`;
    case 'uses':
      return `${source} uses ${target}: ${link.label}, ${inWorkload()}`;
    case 'mount':
      return `${source} mounts ${target}, ${link.label}, ${inWorkload()}`;
    case 'start-order':
      return `start order: ${link.label}, ${inWorkload()}`;
  }
}

/** The workload of a part of another: `in:a/container:web` → `a`. */
const groupOf = (id: string) => id.slice(3, id.indexOf('/', 3));

/** The workload a link reaches: `peer:a` → `a`; at a part of it, `in:a/container:web` → `a, container web`. */
function workloadOf(id: string): string {
  if (!id.startsWith('in:')) return nameOf(id);
  const part = id.slice(id.indexOf('/', 3) + 1);
  return `${groupOf(id)}, ${part.slice(0, part.indexOf(':'))} ${nameOf(part)}`;
}

/** `container:web` → `web`; a part of another workload, `in:workload-a/container:web` → `web`. */
function nameOf(id: string): string {
  if (id.startsWith('in:')) return nameOf(id.slice(id.indexOf('/', 3) + 1));
  const at = id.indexOf(':');
  return at < 0 ? id : id.slice(at + 1);
}
