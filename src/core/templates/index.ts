import { dataPipelineWorker } from './data-pipeline-worker';
import { ecommerceFrontend } from './ecommerce-frontend';
import { helloWorld } from './hello';
import { mlInferenceService } from './ml-inference-service';

/** A workload to start from: the picker shows its title and description and opens its text. */
export interface WorkloadTemplate {
  /** Stable id; equals the workload's metadata.name. */
  name: string;
  title: string;
  description: string;
  text: string;
}

export const templates: readonly WorkloadTemplate[] = [
  {
    name: 'hello-world',
    title: 'Hello world',
    description: 'The smallest workload: one container, no resources.',
    text: helloWorld,
  },
  {
    name: 'ecommerce-frontend',
    title: 'E-commerce frontend',
    description: 'A complete e-commerce frontend application with nginx sidecar.',
    text: ecommerceFrontend,
  },
  {
    name: 'data-pipeline-worker',
    title: 'Data pipeline worker',
    description: 'A data processing worker with Kafka integration and metrics exporter.',
    text: dataPipelineWorker,
  },
  {
    name: 'ml-inference-service',
    title: 'ML inference service',
    description: 'A machine learning inference service with model server, request router, and A/B testing controller.',
    text: mlInferenceService,
  },
];

/** The template a new document starts from. */
export const defaultTemplate: WorkloadTemplate = templates[0]!;

export function findTemplate(name: string): WorkloadTemplate | undefined {
  return templates.find((t) => t.name === name);
}
