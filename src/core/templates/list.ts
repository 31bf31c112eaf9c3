/**
 * The workloads to start from, as the picker shows them: title and description at once, the text
 * when one is chosen. The texts (about 6 KB of the first page's code, compressed) load on demand.
 */
export interface TemplateEntry {
  /** Stable id; equals the workload's metadata.name. */
  name: string;
  title: string;
  description: string;
  /**
   * The resource types the template uses that score-compose's default provisioners do not provision:
   * the Compose export needs a provisioners file for them. Said upfront in the picker;
   * templates.test.ts holds it to the catalog's verdict. Empty when the template exports as it is.
   */
  exportNeeds: readonly string[];
  /** The workload's text. */
  load(): Promise<string>;
}

export const templateList: readonly TemplateEntry[] = [
  {
    name: 'hello-world',
    title: 'Hello world',
    description: 'The smallest workload: one container, no resources.',
    exportNeeds: [],
    load: () => import('./hello').then((m) => m.helloWorld),
  },
  {
    name: 'ecommerce-frontend',
    title: 'E-commerce frontend',
    description: 'A complete e-commerce frontend application with nginx sidecar.',
    exportNeeds: ['secret', 'service'],
    load: () => import('./ecommerce-frontend').then((m) => m.ecommerceFrontend),
  },
  {
    name: 'data-pipeline-worker',
    title: 'Data pipeline worker',
    description: 'A data processing worker with Kafka integration and metrics exporter.',
    exportNeeds: ['kafka', 'secret', 'service'],
    load: () => import('./data-pipeline-worker').then((m) => m.dataPipelineWorker),
  },
  {
    name: 'ml-inference-service',
    title: 'ML inference service',
    description: 'A machine learning inference service with model server, request router, and A/B testing controller.',
    exportNeeds: ['secret', 'service'],
    load: () => import('./ml-inference-service').then((m) => m.mlInferenceService),
  },
  {
    name: 'my-workload',
    title: 'Blank workload',
    description: 'One container and nothing else: name it, set its image, add what it needs.',
    exportNeeds: [],
    load: () => import('./blank').then((m) => m.blankWorkload),
  },
];
