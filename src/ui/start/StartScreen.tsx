import type { TemplateEntry } from '../../core/templates/list';
import { TemplateList } from './TemplateList';

/** What the app shows with nothing open: the templates, and the ways to open a workload of one's own. */
export function StartScreen({
  onTemplate,
  onOpenFile,
}: {
  onTemplate: (template: TemplateEntry) => void;
  onOpenFile: () => void;
}) {
  return (
    <main className="start" aria-labelledby="start-heading">
      <h2 id="start-heading">Start a workload</h2>
      <section aria-labelledby="start-templates">
        <h3 id="start-templates">From a template</h3>
        <TemplateList onChoose={onTemplate} />
      </section>
      <section aria-labelledby="start-own">
        <h3 id="start-own">From your own score.yaml</h3>
        <p>
          <button type="button" onClick={onOpenFile}>
            Open a file…
          </button>
        </p>
        <p className="hint">Or drop a file anywhere on this page, or paste its text (Ctrl+V / ⌘V).</p>
      </section>
    </main>
  );
}
