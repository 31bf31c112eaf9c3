import { blankWorkload } from './blank';
import { dataPipelineWorker } from './data-pipeline-worker';
import { ecommerceFrontend } from './ecommerce-frontend';
import { helloWorld } from './hello';
import { templateList, type TemplateEntry } from './list';
import { mlInferenceService } from './ml-inference-service';

export { templateList, type TemplateEntry } from './list';

/**
 * A workload to start from, with its text at hand (for Node: tests, benches, the CLI). The app's
 * picker uses `templateList`, which loads a text when it is chosen.
 */
export interface WorkloadTemplate extends Omit<TemplateEntry, 'load'> {
  text: string;
}

const texts: Record<string, string> = {
  'hello-world': helloWorld,
  'ecommerce-frontend': ecommerceFrontend,
  'data-pipeline-worker': dataPipelineWorker,
  'ml-inference-service': mlInferenceService,
  'my-workload': blankWorkload,
};

export const templates: readonly WorkloadTemplate[] = templateList.map(({ load: _load, ...entry }) => ({
  ...entry,
  text: texts[entry.name]!,
}));

/** The template a new document starts from. */
export const defaultTemplate: WorkloadTemplate = templates[0]!;

export function findTemplate(name: string): WorkloadTemplate | undefined {
  return templates.find((t) => t.name === name);
}
