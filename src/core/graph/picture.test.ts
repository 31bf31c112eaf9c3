import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from '../document/parse';
import { templates } from '../templates';
import { deriveGraph } from './derive';
import { autoLayout, estimatedSize } from './layout';
import { drawnPeer, placeGroups, withoutPeerParts } from './project-group';
import { drawPicture, escapeXml, PICTURE_THEMES } from './picture';

/** The words of each `<text>` of an SVG, entities read back (each text holds one name, label or detail whole). */
function textsOf(svg: string): string[] {
  return [...svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)].map((m) =>
    m[1]!
      .replace(/<[^>]+>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

function pictureOf(text: string, theme: 'light' | 'dark' = 'light', only?: ReadonlySet<string>) {
  const graph = deriveGraph(parseWorkloadText(text));
  return { graph, svg: drawPicture(graph, autoLayout(graph), estimatedSize, { theme: PICTURE_THEMES[theme], only }) };
}

const hostile = `apiVersion: score.dev/v1b1
metadata:
  name: "<b>shop</b>"
containers:
  "<script>alert(1)</script>":
    image: "img&<x>"
    variables:
      DB: \${resources.a&b.host}
  plain:
    image: "nginx"
    before:
      "<script>alert(1)</script>": {ready: started}
resources:
  "a&b":
    type: "post'gres\\"s"
`;

describe('drawPicture', () => {
  it.each(templates.map((t) => [t.name, t.text]))(
    'names every node of %s as text, with its image or type',
    (_, text) => {
      for (const theme of ['light', 'dark'] as const) {
        const { graph, svg } = pictureOf(text, theme);
        const texts = textsOf(svg);
        for (const node of graph.nodes) {
          expect(texts.some((t) => t.includes(node.name || '(unnamed)'))).toBe(true);
          if (node.kind === 'container' && node.image) expect(texts).toContain(node.image);
          if (node.kind === 'resource' && node.type) expect(texts.some((t) => t.startsWith(node.type!))).toBe(true);
        }
        for (const edge of graph.edges) expect(texts).toContain(edge.label);
      }
    },
  );

  it('draws markup in names as text: escaped, never as elements', () => {
    const { graph, svg } = pictureOf(hostile);
    expect(graph.nodes.map((n) => n.name)).toEqual(['<b>shop</b>', '<script>alert(1)</script>', 'plain', 'a&b']);
    expect(svg).not.toMatch(/<script|<b>|<x>/);
    expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // Every & starts an entity.
    expect(svg.match(/&(?!(amp|lt|gt|quot|apos);)/g)).toBeNull();
    const texts = textsOf(svg);
    expect(texts).toContain('<script>alert(1)</script>');
    expect(texts).toContain('img&<x>');
    expect(texts.some((t) => t.includes('<b>shop</b>'))).toBe(true);
    expect(texts).toContain('a&b');
    expect(texts.some((t) => t.startsWith(`post'gres"s`))).toBe(true);
  });

  it('escapes the five markup characters and replaces what XML cannot hold', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
    expect(escapeXml('a\u0000b\u001Fc\uD800d😀')).toBe('a\uFFFDb\uFFFDc\uFFFDd😀');
  });

  it('fetches nothing: no link, no external font or image, only its own markers', () => {
    for (const t of templates) {
      const { svg } = pictureOf(t.text, 'dark');
      expect(svg.match(/https?:\/\/[^"]*/g)).toEqual(['http://www.w3.org/2000/svg']); // the namespace alone
      expect(svg).not.toMatch(/href|@import|@font-face|<image|<foreignObject|<style/);
      for (const ref of svg.match(/url\([^)]*\)/g) ?? [])
        expect(ref).toMatch(/^url\(#arrow(-start-order|-problem)?\)$/);
    }
  });

  it('draws a selection alone: its nodes, and the edges between them', () => {
    const text = templates.find((t) => t.name === 'ecommerce-frontend')!.text;
    const { graph } = pictureOf(text);
    const container = graph.nodes.find((n) => n.kind === 'container')!;
    const used = graph.edges.find((e) => e.source === container.id)!;
    const only = new Set([container.id, used.target]);
    const { svg } = pictureOf(text, 'light', only);
    const drawn = [...svg.matchAll(/data-node="([^"]+)"/g)].map((m) => m[1]);
    expect(drawn.sort()).toEqual([...only].sort());
    const edges = graph.edges.filter((e) => only.has(e.source) && only.has(e.target));
    expect([...svg.matchAll(/data-edge="([^"]+)"/g)].map((m) => m[1])).toEqual(edges.map((e) => escapeXml(e.id)));
    const other = graph.nodes.find((n) => !only.has(n.id) && n.kind !== 'workload')!;
    expect(textsOf(svg).some((t) => t.includes(other.name))).toBe(false);
  });

  it("draws the edges inside another workload's frame as their kind: a start order in the accent colour", () => {
    const peer = `apiVersion: score.dev/v1b1
metadata:
  name: jobs
containers:
  migrate:
    image: migrate
    before:
      web: {ready: complete}
  web:
    image: web
    variables:
      DB: \${resources.db.host}
resources:
  db:
    type: postgres
`;
    const graph = deriveGraph(parseWorkloadText(templates[0]!.text), [], [drawnPeer(parseWorkloadText(peer))]);
    const { positions } = placeGroups(graph, autoLayout(withoutPeerParts(graph)), estimatedSize);
    const svg = drawPicture(graph, positions, estimatedSize, { theme: PICTURE_THEMES.light });
    const pathOf = (id: string) => svg.match(new RegExp(`<path data-edge="${escapeXml(id)}"[^>]*>`))?.[0] ?? '';
    const order = graph.edges.find((e) => e.kind === 'link' && e.relation === 'start-order')!;
    const uses = graph.edges.find((e) => e.kind === 'link' && e.relation === 'uses')!;
    expect(pathOf(order.id)).toContain(`stroke="${PICTURE_THEMES.light.accent}"`);
    expect(pathOf(order.id)).toContain('marker-end="url(#arrow-start-order)"');
    expect(pathOf(uses.id)).toContain(`stroke="${PICTURE_THEMES.light.muted}"`);
    expect(textsOf(svg)).toContain('host');
  });

  it('paints in the app’s theme colours (app.css)', () => {
    const css = readFileSync(new URL('../../ui/app/app.css', import.meta.url), 'utf8');
    const block = (selector: string) => css.slice(css.indexOf(selector), css.indexOf('}', css.indexOf(selector)));
    const vars = (text: string) =>
      Object.fromEntries([...text.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]]));
    for (const [theme, selector] of [
      ['light', ':root {'],
      ['dark', ":root[data-theme='dark'] {"],
    ] as const) {
      const v = vars(block(selector));
      const colours = PICTURE_THEMES[theme];
      expect([colours.background, colours.surface, colours.text, colours.muted, colours.border]).toEqual([
        v['bg'],
        v['bg-raised'],
        v['fg'],
        v['muted'],
        v['border'],
      ]);
      expect([colours.accent, colours.error, colours.warning, colours.info]).toEqual([
        v['accent'],
        v['error'],
        v['warning'],
        v['info'],
      ]);
      expect(pictureOf(templates[0]!.text, theme).svg).toContain(`fill="${colours.background}"`);
    }
  });
});
