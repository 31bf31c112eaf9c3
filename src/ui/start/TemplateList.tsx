import { templateList, type TemplateEntry } from '../../core/templates/list';

/** The workloads to start from, each a button with its title, what it holds and what it needs to export. */
export function TemplateList({ onChoose }: { onChoose: (template: TemplateEntry) => void }) {
  return (
    <ul className="template-list">
      {templateList.map((t) => (
        <li key={t.name}>
          <button type="button" className="template-card" onClick={() => onChoose(t)}>
            <span className="template-title">{t.title}</span>
            <span className="template-description">{t.description}</span>
            {t.exportNeeds.length > 0 && <span className="template-needs">{needsText(t.exportNeeds)}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** "To export to Compose, load a provisioners file for types secret and service." */
function needsText(types: readonly string[]): string {
  const list = types.length === 1 ? types[0] : `${types.slice(0, -1).join(', ')} and ${types.at(-1)}`;
  return `To export to Compose, load a provisioners file for type${types.length === 1 ? '' : 's'} ${list}: score-compose has none.`;
}
