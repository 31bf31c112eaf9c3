import { resourceTypeInfo } from '../catalog/resource-types';
import { centredBox, pathData, pointAt, textWidth, wrapText, LABEL_LINE, LABEL_PX } from './diagram';
import { ICON_PATHS, type IconName } from './icon-paths';
import { layDiagram, type DiagramEdge } from './labels';
import type { LayoutDirection, Positions, Rect, Size } from './layout';
import { drawnKind, type GraphNode, type PortSummary, type ProblemRef, type WorkloadGraph } from './types';

/**
 * A picture of the diagram as SVG text, for a slide or a README: the nodes where the canvas has
 * them, each with what it shows there (name, kind, image or type, ports, tags, problems), the edges
 * with their labels placed clear of the nodes, in the light or the dark theme's colours. Every word
 * is real `<text>` (it can be searched, copied and read aloud), every name is escaped (a name holding
 * markup is drawn as those characters), and nothing is fetched: no font but the system's, no image,
 * the icons inline. A pure function of the graph and the canvas's geometry; no DOM.
 */

/** The colours of a theme (app.css: --bg, --bg-raised, --fg, --muted, --border, --accent, …). */
export interface PictureTheme {
  background: string;
  surface: string;
  text: string;
  muted: string;
  border: string;
  accent: string;
  error: string;
  warning: string;
  info: string;
}

/** The app's two themes, as app.css defines them (picture.test.ts holds the two together). */
export const PICTURE_THEMES: Record<'light' | 'dark', PictureTheme> = {
  light: {
    background: '#ffffff',
    surface: '#f6f8fa',
    text: '#1b1f24',
    muted: '#57606a',
    border: '#d0d7de',
    accent: '#0b5cad',
    error: '#b42318',
    warning: '#8a5300',
    info: '#1d4ed8',
  },
  dark: {
    background: '#0f1419',
    surface: '#161c23',
    text: '#e6edf3',
    muted: '#9aa7b4',
    border: '#3a444f',
    accent: '#4c9be8',
    error: '#ff8f86',
    warning: '#f0c05a',
    info: '#8ab4ff',
  },
};

export interface PictureOptions {
  theme: PictureTheme;
  /** Draw only these nodes (a selection) and the edges between them; all of them when absent. */
  only?: ReadonlySet<string>;
  /** Which sides of the nodes the edges leave and enter, as on the canvas (left to right when absent). */
  direction?: LayoutDirection;
}

/** The fonts of the app (app.css --font-ui, --font-code): the system's, nothing to download. */
const FONT_UI = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
const FONT_CODE = "ui-monospace, 'SFMono-Regular', 'DejaVu Sans Mono', Menlo, Consolas, monospace";

/** Room around the drawing. */
const MARGIN = 24;
/** The node's insides (graph.css: .graph-node-body padding 8px 10px; 13 px names, 12 px details). */
const PAD_X = 10;
const PAD_Y = 8;
const HEAD_LINE = 18;
const DETAIL_LINE = 16;
const ICON = 16;

/**
 * The picture: the nodes at `positions` (top-left corners) of `sizeOf` size (the canvas's measured
 * sizes, else estimates), grown downwards where their words need more room than that.
 */
export function drawPicture(
  graph: WorkloadGraph,
  positions: Positions,
  sizeOf: (node: GraphNode) => Size,
  { theme, only, direction }: PictureOptions,
): string {
  const content = new Map(graph.nodes.map((n) => [n.id, nodeContent(n, sizeOf(n).width)]));
  const sized = (node: GraphNode): Size => {
    const size = sizeOf(node);
    return { width: size.width, height: Math.max(size.height, content.get(node.id)!.height) };
  };
  const diagram = layDiagram(graph, positions, sized, only, direction);
  const labels = diagram.edges.map((d) => centredBox(pointAt(d.route, d.t), d.size));
  const bounds = enclose([...diagram.boxes.values(), ...labels]);
  const width = Math.ceil(bounds.width + 2 * MARGIN);
  const height = Math.ceil(bounds.height + 2 * MARGIN);
  const dx = MARGIN - bounds.x;
  const dy = MARGIN - bounds.y;

  const title = `Workload ${graph.name || '(unnamed)'}: its containers, resources and start order`;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="diagram-title" font-family="${FONT_UI}">`,
    `<title id="diagram-title">${escapeXml(title)}</title>`,
    `<defs>${arrow('arrow', theme.muted)}${arrow('arrow-start-order', theme.accent)}${arrow('arrow-problem', theme.error)}</defs>`,
    `<rect width="${width}" height="${height}" fill="${theme.background}"/>`,
    `<g transform="translate(${num(dx)} ${num(dy)})">`,
  ];
  // Edges under the nodes, labels over everything (as on the canvas).
  for (const d of diagram.edges) out.push(edgePath(d, theme));
  for (const node of graph.nodes) {
    const box = diagram.boxes.get(node.id);
    if (box) out.push(drawNode(node, box, content.get(node.id)!, theme));
  }
  diagram.edges.forEach((d, i) => out.push(edgeLabel(d, labels[i]!, theme)));
  out.push('</g>', '</svg>');
  return out.join('\n') + '\n';
}

/** Text made safe for XML: markup characters as entities, characters XML cannot hold as U+FFFD. */
export function escapeXml(text: string): string {
  return text
    .replace(
      // The characters XML 1.0 cannot hold: controls other than tab and line ends, lone surrogates.
      // eslint-disable-next-line no-control-regex
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '\uFFFD',
    )
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const num = (n: number) => String(Math.round(n * 100) / 100);

function enclose(boxes: readonly Rect[]): Rect {
  if (boxes.length === 0) return { x: 0, y: 0, width: 0, height: 0 };
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

function arrow(id: string, fill: string): string {
  return `<marker id="${id}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="12" markerHeight="12" markerUnits="userSpaceOnUse" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${fill}"/></marker>`;
}

function edgePath({ edge, route }: DiagramEdge, theme: PictureTheme): string {
  const problem = edge.problems.length > 0;
  const kind = drawnKind(edge);
  const stroke = problem ? theme.error : kind === 'start-order' ? theme.accent : theme.muted;
  const widthOf = kind === 'mount' ? 2.5 : kind === 'start-order' ? 1.5 : 1;
  const marker = problem ? 'arrow-problem' : kind === 'start-order' ? 'arrow-start-order' : 'arrow';
  return `<path data-edge="${escapeXml(edge.id)}" d="${pathData(route)}" fill="none" stroke="${stroke}" stroke-width="${widthOf}" marker-end="url(#${marker})"/>`;
}

function edgeLabel({ lines }: DiagramEdge, box: Rect, theme: PictureTheme): string {
  const cx = box.x + box.width / 2;
  const top = box.y + box.height / 2 - ((lines.length - 1) * LABEL_LINE) / 2;
  const spans = lines
    .map((line, i) => `<tspan x="${num(cx)}" y="${num(top + i * LABEL_LINE)}">${escapeXml(line)}</tspan>`)
    .join('');
  // Outlined in the background's colour, as on the canvas: readable where it crosses a line.
  return `<text font-size="${LABEL_PX}" text-anchor="middle" dominant-baseline="central" fill="${theme.text}" stroke="${theme.background}" stroke-width="4" stroke-linejoin="round" paint-order="stroke">${spans}</text>`;
}

/** One of a node's details, in the lines it takes, and how it is drawn. */
interface Detail {
  lines: string[];
  code?: boolean;
  muted?: boolean;
}

interface NodeContent {
  nameLines: string[];
  details: Detail[];
  tags: string[];
  height: number;
}

/** What a node shows, broken into lines of its width, and the height that takes. */
function nodeContent(node: GraphNode, width: number): NodeContent {
  const inner = width - 2 * PAD_X - (node.kind === 'container' ? 4 : 0);
  const badge = node.problems.length > 0 ? badgeWidth(node.problems) + 6 : 0;
  const nameRoom = inner - ICON - 6 - badge - (node.kind === 'workload' ? textWidth('Workload ', 13) : 0);
  const nameLines = wrapText(node.name || '(unnamed)', Math.max(40, nameRoom), 13, false, true);
  const details: Detail[] = [];
  const wrap = (text: string, style: Omit<Detail, 'lines'> = {}) => {
    details.push({ lines: wrapText(text, inner, 12, style.code === true), ...style });
  };
  const tags: string[] = [];
  switch (node.kind) {
    case 'workload':
      if (node.ports.length > 0) wrap(`Service ports: ${portsText(node.ports)}`);
      break;
    case 'container':
      if (node.image !== undefined) wrap(node.image, { code: true });
      else wrap('no image', { muted: true });
      if (node.ports.length > 0) wrap(`Serves: ${portsText(node.ports)}`);
      if (node.init) tags.push('init');
      if (node.probes.liveness || node.probes.readiness) tags.push('probe');
      break;
    case 'resource':
      wrap(`${node.type ?? 'no type'}${node.class !== undefined ? ` · class ${node.class}` : ''}`, {
        code: true,
        muted: node.type === undefined,
      });
      if (node.resourceId !== undefined)
        wrap(`${node.shared ? 'shared · ' : ''}id ${node.resourceId}`, { muted: true });
      break;
  }
  const height =
    PAD_Y +
    Math.max(20, nameLines.length * HEAD_LINE) +
    details.reduce((n, d) => n + d.lines.length, 0) * DETAIL_LINE +
    (details.length > 0 ? 4 : 0) +
    (tags.length > 0 ? 6 + 16 : 0) +
    PAD_Y +
    2;
  return { nameLines, details, tags, height };
}

function portsText(ports: readonly PortSummary[]): string {
  return ports
    .map((p) => `${p.name} ${p.port}${p.targetPort !== p.port ? `→${p.targetPort}` : ''}/${p.protocol}`)
    .join(', ');
}

function drawNode(node: GraphNode, box: Rect, content: NodeContent, theme: PictureTheme): string {
  const { x, y, width, height } = box;
  const radius = node.kind === 'resource' ? 16 : 8;
  const stroke = node.problems.length > 0 ? theme.error : node.kind === 'workload' ? theme.text : theme.border;
  const out: string[] = [
    `<g data-node="${escapeXml(node.id)}">`,
    `<rect x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${num(height)}" rx="${radius}" fill="${theme.surface}" stroke="${stroke}" stroke-width="${node.kind === 'workload' ? 2 : 1}"/>`,
  ];
  let left = x + PAD_X;
  if (node.kind === 'container') {
    // The container's accent stripe along its left side (graph.css: border-left 4px).
    out.push(
      `<path d="M${num(x + 8)},${num(y)} H${num(x + 2)} Q${num(x)},${num(y)} ${num(x)},${num(y + 2)} V${num(y + height - 2)} Q${num(x)},${num(y + height)} ${num(x + 2)},${num(y + height)} H${num(x + 8)}" fill="none" stroke="${theme.accent}" stroke-width="4"/>`,
    );
    left += 4;
  }
  const headMiddle = y + PAD_Y + 10;
  out.push(icon(iconOf(node), left, headMiddle - ICON / 2, theme.accent));
  const nameX = left + ICON + 6;
  const nameY = headMiddle;
  // The name in one text (a line each), so that it reads and copies whole; the workload's kind before it.
  const kind = node.kind === 'workload' ? `<tspan font-weight="400" fill="${theme.muted}">Workload </tspan>` : '';
  const nameLines = content.nameLines
    .map((line, i) => {
      const at = node.kind === 'workload' ? nameX + textWidth('Workload ', 13) : nameX;
      const place =
        i === 0
          ? kind
            ? ''
            : ` x="${num(nameX)}" y="${num(nameY)}"`
          : ` x="${num(at)}" y="${num(nameY + i * HEAD_LINE)}"`;
      return `<tspan${place}>${escapeXml(line)}</tspan>`;
    })
    .join('');
  out.push(
    `<text x="${num(nameX)}" y="${num(nameY)}" font-size="13" font-weight="600" dominant-baseline="central" fill="${theme.text}">${kind}${nameLines}</text>`,
  );
  if (node.problems.length > 0) out.push(problemBadge(node.problems, x + width - PAD_X, headMiddle, theme));
  let lineY = y + PAD_Y + Math.max(20, content.nameLines.length * HEAD_LINE) + 4;
  for (const d of content.details) {
    const lines = d.lines
      .map(
        (line, i) => `<tspan x="${num(left)}" y="${num(lineY + (i + 0.5) * DETAIL_LINE)}">${escapeXml(line)}</tspan>`,
      )
      .join('');
    out.push(
      `<text font-size="12" dominant-baseline="central" fill="${d.muted ? theme.muted : theme.text}"${d.code ? ` font-family="${FONT_CODE}"` : ''}>${lines}</text>`,
    );
    lineY += d.lines.length * DETAIL_LINE;
  }
  let tagX = left;
  for (const tag of content.tags) {
    const w = textWidth(tag, 11) + 14;
    out.push(
      `<rect x="${num(tagX)}" y="${num(lineY + 6)}" width="${num(w)}" height="16" rx="8" fill="${theme.background}" stroke="${theme.border}"/>`,
      `<text x="${num(tagX + w / 2)}" y="${num(lineY + 14)}" font-size="11" font-weight="600" text-anchor="middle" dominant-baseline="central" fill="${theme.text}">${tag}</text>`,
    );
    tagX += w + 4;
  }
  out.push('</g>');
  return out.join('');
}

function iconOf(node: GraphNode): IconName {
  if (node.kind === 'peer') return 'workload';
  if (node.kind === 'peer-part') return iconOf(node.part);
  if (node.kind !== 'resource') return node.kind;
  return resourceTypeInfo(node.type)?.icon ?? 'generic';
}

function icon(name: IconName, x: number, y: number, colour: string): string {
  const scale = ICON / 24;
  return `<path transform="translate(${num(x)} ${num(y)}) scale(${scale})" d="${ICON_PATHS[name]}" fill="none" stroke="${colour}" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/>`;
}

const worstOf = (problems: readonly ProblemRef[]) =>
  problems.some((p) => p.severity === 'error')
    ? 'error'
    : problems.some((p) => p.severity === 'warning')
      ? 'warning'
      : 'info';

const badgeText = (problems: readonly ProblemRef[]) => {
  const worst = worstOf(problems);
  return `${worst === 'error' ? '✕' : worst === 'warning' ? '!' : 'i'} ${problems.length}`;
};

const badgeWidth = (problems: readonly ProblemRef[]) => textWidth(badgeText(problems), 11) + 14;

/** The node's problems as its badge shows them: the worst's sign and how many, at the head's right end. */
function problemBadge(problems: readonly ProblemRef[], right: number, middle: number, theme: PictureTheme): string {
  const colour = theme[worstOf(problems)];
  const w = badgeWidth(problems);
  return `<rect x="${num(right - w)}" y="${num(middle - 9)}" width="${num(w)}" height="18" rx="8" fill="${theme.background}" stroke="${colour}"/><text x="${num(right - w / 2)}" y="${num(middle)}" font-size="11" font-weight="700" text-anchor="middle" dominant-baseline="central" fill="${colour}">${escapeXml(badgeText(problems))}</text>`;
}
