import { templateList, type TemplateEntry } from '../../core/templates/list';

/** The workloads to start from, each a button with its title and what it holds. */
export function TemplateList({ onChoose }: { onChoose: (template: TemplateEntry) => void }) {
  return (
    <ul className="template-list">
      {templateList.map((t) => (
        <li key={t.name}>
          <button type="button" className="template-card" onClick={() => onChoose(t)}>
            <span className="template-title">{t.title}</span>
            <span className="template-description">{t.description}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
