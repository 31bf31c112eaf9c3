import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from '../document/parse';
import { templates } from '../templates';
import { deriveGraph } from './derive';
import { autoLayout, estimatedSize } from './layout';
import { drawPicture, PICTURE_THEMES } from './picture';

/**
 * The picture read by a real XML parser, the browser's: it parses, names every node in a text
 * element, and a name holding markup stays words (no element made of it).
 */
const parse = (svg: string) => new DOMParser().parseFromString(svg, 'image/svg+xml');

describe('the diagram picture in a browser', () => {
  it.each(templates.map((t) => [t.name, t.text]))('%s parses as SVG and names every node in a <text>', (_, text) => {
    const graph = deriveGraph(parseWorkloadText(text));
    const svg = drawPicture(graph, autoLayout(graph), estimatedSize, { theme: PICTURE_THEMES.dark });
    const doc = parse(svg);
    expect(doc.querySelector('parsererror')).toBeNull();
    expect(doc.documentElement.namespaceURI).toBe('http://www.w3.org/2000/svg');
    const texts = [...doc.querySelectorAll('text')].map((t) => t.textContent ?? '');
    for (const node of graph.nodes) expect(texts.some((t) => t.includes(node.name || '(unnamed)'))).toBe(true);
  });

  it('keeps markup in names as text', () => {
    const text = `apiVersion: score.dev/v1b1
metadata: {name: "a&b"}
containers:
  "<script>alert(1)</script>": {image: "<img src=x onerror=alert(1)>"}
resources:
  "x&amp;y": {type: "</text><script>"}
`;
    const graph = deriveGraph(parseWorkloadText(text));
    const doc = parse(drawPicture(graph, autoLayout(graph), estimatedSize, { theme: PICTURE_THEMES.light }));
    expect(doc.querySelector('parsererror')).toBeNull();
    expect(doc.querySelectorAll('script, img')).toHaveLength(0);
    const texts = [...doc.querySelectorAll('text')].map((t) => t.textContent ?? '');
    for (const name of [
      'a&b',
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      'x&amp;y',
      '</text><script>',
    ]) {
      expect(texts.some((t) => t.includes(name))).toBe(true);
    }
  });
});
