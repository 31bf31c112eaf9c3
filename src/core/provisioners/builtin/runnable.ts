import { environmentProvisioner } from '../environment';
import type { Provisioner, ProvisionerInfo } from '../types';
import { defaultProvisioners } from './index';

/** The built-in provisioners, score-compose's defaults and the environment resource, in match order. */
export function builtinProvisioners(): Provisioner[] {
  return [...defaultProvisioners(), environmentProvisioner];
}

/**
 * Provisioners as a catalog lists them, made ready to run: a built-in listed by its words alone gets
 * its code (the one with its uri and type). Anything else listed without code cannot run, and says so
 * when a resource needs it rather than being passed over for the next match, which would export
 * something other than what the catalog says.
 */
export function runnableProvisioners(listed: readonly ProvisionerInfo[]): Provisioner[] {
  let builtins: Provisioner[] | undefined;
  return listed.map((p) => {
    if (isRunnable(p)) return p;
    builtins ??= builtinProvisioners();
    const code = builtins.find((b) => b.uri === p.uri && b.type === p.type);
    if (code) return code;
    return { ...p, provision: () => ({ error: `the provisioner ${p.uri} has no code to run here` }) };
  });
}

function isRunnable(p: ProvisionerInfo): p is Provisioner {
  return typeof p.provision === 'function';
}
