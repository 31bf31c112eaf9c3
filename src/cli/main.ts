import { readFileSync } from 'node:fs';
import { parseArgs, usageHint, usageText } from './args';
import { EXIT } from './exit-codes';
import { processIo, type CliIo } from './io';

/**
 * The headless CLI: a Node-only adapter over src/core. bin/score-designer.mjs loads this file
 * through tsx and sets the process's exit code to what `run` returns.
 */
export async function run(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const request = parseArgs(argv, process.env);
  switch (request.kind) {
    case 'help':
      io.stdout.write(usageText(request.command));
      return EXIT.ok;
    case 'version':
      io.stdout.write(`score-designer ${version()}\n`);
      return EXIT.ok;
    case 'usage-error':
      io.stderr.write(`score-designer: ${request.message}\n${usageHint(request.command)}`);
      return EXIT.usage;
    case 'validate': {
      // Loaded on demand: --help and usage errors answer without loading the validator.
      const { validateCommand } = await import('./validate-command');
      return validateCommand(request.files, request.format, io);
    }
    case 'compose': {
      const { composeCommand } = await import('./compose-command');
      return composeCommand(request, io);
    }
    case 'k8s': {
      const { k8sCommand } = await import('./k8s-command');
      return k8sCommand(request, io);
    }
    case 'import': {
      const { importCommand } = await import('./import-command');
      return importCommand(request, io);
    }
    case 'provisioners': {
      const { provisionersCommand } = await import('./provisioners-command');
      return provisionersCommand(request, io);
    }
    case 'workload': {
      const { workloadCommand } = await import('./workload-command');
      return workloadCommand(request, io);
    }
    case 'status': {
      const { statusCommand } = await import('./status-command');
      return statusCommand(request, io);
    }
    case 'serve':
    case 'serve-keys': {
      const { serveCommand } = await import('./serve-command');
      return serveCommand(request, io);
    }
  }
}

function version(): string {
  const pkg: unknown = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  return typeof pkg === 'object' && pkg !== null && 'version' in pkg ? String(pkg.version) : 'unknown';
}
