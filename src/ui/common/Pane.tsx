import { useId, type CSSProperties, type ReactNode } from 'react';
import { useLayout } from '../../state/layout/context';
import type { PaneId } from '../../state/layout/store';

/**
 * A pane of the workspace: a named region with a header (title, tools, hide/show) and a body.
 * A hidden pane keeps its body mounted (the editor keeps its cursor and scroll, the graph its view)
 * and shrinks to its header.
 */
export function Pane({
  id,
  title,
  badge,
  tools,
  className,
  style,
  children,
}: {
  id: PaneId;
  title: string;
  badge?: ReactNode;
  tools?: ReactNode;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const collapsed = useLayout((s) => s.collapsed[id]);
  const toggle = useLayout((s) => s.toggle);
  const headingId = useId();
  const bodyId = useId();
  return (
    <section
      className={`pane ${className ?? ''}`}
      data-pane={id}
      data-collapsed={collapsed || undefined}
      aria-labelledby={headingId}
      style={collapsed ? undefined : style}
    >
      <header className="pane-header">
        <h2 id={headingId} className="pane-title">
          {title}
          {badge}
        </h2>
        {!collapsed && tools}
        <button
          type="button"
          className="pane-toggle"
          aria-expanded={!collapsed}
          aria-controls={bodyId}
          onClick={() => toggle(id)}
        >
          {collapsed ? 'Show' : 'Hide'}
          <span className="visually-hidden"> {title}</span>
        </button>
      </header>
      <div id={bodyId} className="pane-body" hidden={collapsed}>
        {children}
      </div>
    </section>
  );
}
