import { checkArgs, planOf } from './args';
import type { Command } from './command';
import { runPlan } from './run';
import { removeAt, renameKeyAt, setAt } from './splice';
import { container, hasContainer, keepWhenEmpty, namesAt, probeKey, type ProbeKind } from './workload';

const KINDS: readonly string[] = ['liveness', 'readiness'];

export interface ProbeSpec {
  httpGet?: {
    port: number;
    path: string;
    host?: string;
    scheme?: 'HTTP' | 'HTTPS';
    httpHeaders?: Array<{ name: string; value: string }>;
  };
  exec?: { command: string[] };
}

export interface SetProbeArgs {
  container: string;
  kind: ProbeKind;
  /** The whole probe: httpGet, exec, or both. */
  probe: ProbeSpec;
}

/** Sets a container's liveness or readiness probe (replacing the one there). */
export const setProbe: Command<SetProbeArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad = checkArgs(args, { container: 'string', kind: 'string', probe: 'object?' });
    if (bad) return bad;
    if (!KINDS.includes(args.kind)) return `"kind" must be liveness or readiness, not "${args.kind}".`;
    if (!args.probe || (args.probe.httpGet === undefined && args.probe.exec === undefined)) {
      return 'A probe needs httpGet (port and path) or exec (a command).';
    }
    if (!hasContainer(ctx, args.container)) return `There is no container named "${args.container}".`;
    const at = [...container(args.container), probeKey(args.kind)];
    return planOf(setAt(ctx, at, args.probe), at);
  });

export interface RemoveProbeArgs {
  container: string;
  kind: ProbeKind;
}

/** Removes a container's liveness or readiness probe. */
export const removeProbe: Command<RemoveProbeArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad = checkArgs(args, { container: 'string', kind: 'string' });
    if (bad) return bad;
    if (!KINDS.includes(args.kind)) return `"kind" must be liveness or readiness, not "${args.kind}".`;
    if (!namesAt(ctx, container(args.container)).includes(probeKey(args.kind))) {
      return `Container "${args.container}" has no ${args.kind} probe.`;
    }
    return planOf(
      removeAt(ctx, [...container(args.container), probeKey(args.kind)], keepWhenEmpty),
      container(args.container),
    );
  });

export interface RenameProbeArgs {
  container: string;
  from: ProbeKind;
  to: ProbeKind;
}

/** Turns a liveness probe into a readiness probe or back, keeping its text. */
export const renameProbe: Command<RenameProbeArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad = checkArgs(args, { container: 'string', from: 'string', to: 'string' });
    if (bad) return bad;
    if (!KINDS.includes(args.from) || !KINDS.includes(args.to)) return 'Probe kinds are liveness and readiness.';
    const keys = namesAt(ctx, container(args.container));
    if (!keys.includes(probeKey(args.from))) return `Container "${args.container}" has no ${args.from} probe.`;
    if (args.from !== args.to && keys.includes(probeKey(args.to)))
      return `Container "${args.container}" already has a ${args.to} probe.`;
    const at = [...container(args.container), probeKey(args.to)];
    return planOf(renameKeyAt(ctx, [...container(args.container), probeKey(args.from)], probeKey(args.to)), at);
  });
