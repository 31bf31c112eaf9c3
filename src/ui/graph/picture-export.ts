import type { ReactFlowInstance } from '@xyflow/react';
import type { RefObject } from 'react';
import { drawPicture, estimatedSize, PICTURE_THEMES, type GraphNode } from '../../core/graph';
import type { FlowEdge, FlowNode } from './to-flow';
import type { CanvasLatest } from './use-canvas-edits';

/**
 * The picture of the canvas's diagram, in the browser: the core draws it as SVG from the graph and
 * where the canvas has its nodes (their measured sizes); a PNG is that SVG drawn on a canvas element
 * (an image of a blob of this page: no request leaves it).
 */

export type PictureTheme = 'light' | 'dark';

/** The theme the app shows (data-theme on <html>, see ui/common/theme.ts). */
export function shownTheme(): PictureTheme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/**
 * The nodes selected on the canvas, and the two ends of a selected edge: what "the selection" draws.
 * Read from React Flow's nodes and edges, so that every way of selecting counts.
 */
export function selectedNodeIds(flow: ReactFlowInstance<FlowNode, FlowEdge>): Set<string> {
  const ids = new Set(flow.getNodes().flatMap((n) => (n.selected ? [n.id] : [])));
  for (const edge of flow.getEdges()) if (edge.selected) ids.add(edge.source).add(edge.target);
  return ids;
}

/** The SVG text of the diagram as the canvas has it now: the whole graph, or the nodes `only`. */
export function diagramSvg(latest: RefObject<CanvasLatest>, theme: PictureTheme, only?: ReadonlySet<string>): string {
  const { graph, positions, sizes, layout } = latest.current;
  const sizeOf = (node: GraphNode) => sizes[node.id] ?? estimatedSize(node);
  return drawPicture(graph, positions, sizeOf, { theme: PICTURE_THEMES[theme], only, direction: layout.direction });
}

/**
 * The SVG drawn into a PNG, `scale` times its size (2: sharp on a high-density screen and a
 * projector). The image is read from a blob URL of this page, so the canvas is not tainted.
 */
export async function svgToPng(svg: string, scale = 2): Promise<Uint8Array> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw the picture');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('This browser could not make the PNG');
    return new Uint8Array(await blob.arrayBuffer());
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Bytes as base64 (the automation API's form for a PNG). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The file a picture is saved as: the workload's name, else "workload". */
export function pictureFileName(workloadName: string, format: 'svg' | 'png'): string {
  const base = workloadName.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'workload';
  return `${base}-diagram.${format}`;
}
