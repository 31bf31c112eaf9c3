/**
 * Monaco and monaco-yaml, configured once. This module is only ever imported dynamically (from
 * MonacoEditor.tsx, itself lazy), so that neither is in the first chunk: the page paints and works
 * with a plain text area while they load.
 *
 * Everything comes from the app's own origin: the workers are bundled by Vite (`?worker`), the schema
 * is inlined, schema requests are off, and the editor uses system fonts. No CDN, works offline.
 */
import * as monaco from 'monaco-editor/esm/vs/editor/edcore.main.js';
import 'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';
import { configureMonacoYaml, type JSONSchema } from 'monaco-yaml';
import YamlWorker from 'monaco-yaml/yaml.worker.js?worker';
import scoreSchema from '../../../schemas/score-v1b1.json';

export { monaco };
export type Monaco = typeof monaco;

/** The model's address; the schema applies to it by this name. */
export const MODEL_URI = 'file:///score.yaml';

let configured = false;

function workerFor(label: string | undefined): Worker {
  return label === 'yaml' ? new YamlWorker() : new EditorWorker();
}

/**
 * The editor core (edcore.main) takes a ready Worker in `createWebWorker`; the full package
 * (editor.main, which we do not load: it brings every language) adds the older form that names a
 * module and sends it `createData`, which monaco-yaml's worker manager uses. The same shim, here.
 */
function acceptModuleWorkers(): void {
  type Options = { worker?: unknown; label?: string; createData?: unknown; host?: unknown; keepIdleModels?: boolean };
  const core = monaco.editor.createWebWorker as unknown as (options: Options) => unknown;
  (monaco.editor as { createWebWorker: unknown }).createWebWorker = (options: Options) => {
    if (options.worker !== undefined) return core(options);
    const worker = workerFor(options.label);
    worker.postMessage('ignore');
    worker.postMessage(options.createData);
    return core({ worker, host: options.host, keepIdleModels: options.keepIdleModels });
  };
}

/**
 * Requests to the YAML worker still running when the editor closes (back to the start screen) are
 * cancelled; Monaco rejects their promises with a "Canceled" error that nobody awaits any more.
 * That is no fault: keep it out of the console.
 */
function ignoreCancelledRequests(): void {
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    if (reason instanceof Error && reason.name === 'Canceled' && reason.message === 'Canceled') event.preventDefault();
  });
}

/** The editor's themes: Monaco's own, with comments in dark made light enough for WCAG AA contrast (4.5:1). */
export const EDITOR_THEMES = { light: 'vs', dark: 'score-dark' } as const;

export function configureMonaco(): Monaco {
  if (configured) return monaco;
  configured = true;
  ignoreCancelledRequests();
  monaco.editor.defineTheme(EDITOR_THEMES.dark, {
    base: 'vs-dark',
    inherit: true,
    rules: [{ token: 'comment', foreground: '7ca668' }],
    colors: {},
  });
  globalThis.MonacoEnvironment = { getWorker: (_moduleId: string, label: string) => workerFor(label) };
  acceptModuleWorkers();
  configureMonacoYaml(monaco, {
    enableSchemaRequest: false,
    // Our validation is the only one: its diagnostics are the markers, the same as in Problems.
    validate: false,
    completion: true,
    hover: true,
    hoverAnchor: false,
    format: { enable: false },
    schemas: [
      {
        fileMatch: ['**/score.yaml'],
        uri: MODEL_URI.replace('score.yaml', 'score-v1b1.schema.json'),
        schema: withoutTypeExamples(scoreSchema),
      },
    ],
  });
  return monaco;
}

/**
 * The Score schema without the few example values of a resource's `type`: the YAML pane suggests every
 * type of the catalog there instead (type-provider.ts), and the examples would be listed twice.
 */
function withoutTypeExamples(schema: Record<string, unknown>): JSONSchema {
  type Node = Record<string, unknown>;
  const defs = schema.$defs as Record<string, Node>;
  const resource = defs.resource!;
  const properties = resource.properties as Record<string, Node>;
  const { examples: _examples, ...type } = properties.type!;
  return {
    ...schema,
    $defs: { ...defs, resource: { ...resource, properties: { ...properties, type } } },
  } as JSONSchema;
}
