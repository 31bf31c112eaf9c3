#!/usr/bin/env node
// The graph canvas bench: generated workloads of 100 containers and 100 resources, and of 1,000 and
// 1,000, on the canvas (bench/graph/harness.html, a production build of the same GraphPane the app
// mounts), in Debian's Chromium. It measures, and compares with the budgets of issue 33:
//   - first render: from the text going into the store (checked, as the app does) to the nodes in
//     view painted: 100 × 100 ≤ 1 s, 1,000 × 1,000 ≤ 4 s;
//   - frame time while panning and zooming: p95 ≤ 20 ms, ≤ 50 ms;
//   - a YAML edit → the graph updated: p95 ≤ 33 ms, ≤ 150 ms for the graph's part (from the store
//     holding the checked text to the canvas painted); the whole way from the edit (parse and
//     validation included) is measured and reported too.
// Writes its part ("graph", one entry per size) of bench/results.json, or the whole result to --out FILE.
// Exit status: 0 budgets met, 1 a budget failed, 2 the bench could not run.
//
//   node bench/graph/run.mjs [--quick] [--size N] [--port P] [--out FILE]
import { chromium } from '@playwright/test';
import fs from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHarness } from './harness-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1] : fallback;
};
const sizes = args.includes('--size') ? [Number(option('--size', '100'))] : [100, 1000];
const outOption = option('--out', undefined);
const resultsFile = path.resolve(here, '../results.json');
/** Issue 33's budgets, by size (containers = resources); another size is measured against none. */
const BUDGETS = {
  100: { firstRenderMs: 1000, panZoomP95Ms: 20, editToGraphP95Ms: 33 },
  1000: { firstRenderMs: 4000, panZoomP95Ms: 50, editToGraphP95Ms: 150 },
};
// Frames come at multiples of the 60 Hz refresh (16.7 ms): a frame that took two refreshes reads 33.3–33.4 ms.
// A budget a hair under such a multiple (33 ms) is read as that multiple.
const FRAME_SLACK_MS = 0.5;

const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const summary = (values) => ({
  count: values.length,
  median: round(percentile(values, 50)),
  p95: round(percentile(values, 95)),
  max: round(Math.max(...values)),
});
const round = (n) => Math.round(n * 10) / 10;

let harness;
let browser;
try {
  harness = await startHarness({ port: Number(option('--port', '4175')) });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
} catch (error) {
  console.error(`The graph bench could not start: ${error instanceof Error ? error.message : error}`);
  await harness?.close();
  process.exit(2);
}

async function measure(size) {
  const loadBefore = loadavg();
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));

  // 1. First render: from the text going into the store (the harness notes the time, just before the
  // store checks it) to the frame that paints the nodes in view: the view fitted (moved from React
  // Flow's first 0,0 at zoom 1), and every node drawn measured and shown (React Flow hides a node until
  // it has measured it). Below VISIBLE_ONLY_FROM nodes every node is in the page, so every node must be.
  await page.goto(`${harness.url}?size=${size}`);
  const painted = await page.waitForFunction(
    (count) => {
      const viewport = document.querySelector('.react-flow__viewport');
      const nodes = document.querySelectorAll('.react-flow__node');
      const fitted = viewport !== null && viewport.style.transform !== 'translate(0px, 0px) scale(1)';
      const all = nodes.length === count || (count >= 500 && nodes.length > 0);
      return fitted && all && [...nodes].every((n) => n.style.visibility !== 'hidden') && performance.now();
    },
    1 + 2 * size,
    { timeout: 300_000, polling: 'raf' },
  );
  const paintedAt = await painted.jsonValue();
  const opened = await page.evaluate(() => ({
    textAt: window.graphBench.textAt,
    checkedAt: window.graphBench.checkedAt,
  }));
  const firstRenderMs = Math.round(paintedAt - opened.textAt);
  const firstRender = {
    checkMs: Math.round(opened.checkedAt - opened.textAt),
    // From the navigation's start: the page and its script loaded, the workload generated, checked and drawn.
    fromNavigationMs: Math.round(paintedAt),
  };
  const counts = await page.evaluate(() => ({
    nodes: document.querySelectorAll('.react-flow__node').length,
    edges: document.querySelectorAll('.react-flow__edge').length,
  }));
  await page.waitForTimeout(500);
  // The canvas opens at a zoom its names can be read at (issue 33), showing part of a graph this large:
  // "fitted" is the whole graph in view, as the Fit View control shows it.
  await page.getByRole('button', { name: 'Fit View' }).click();
  await page.waitForTimeout(500);

  // 2. Panning and zooming: every frame's duration, measured with requestAnimationFrame in the page.
  async function recordFrames(action) {
    await page.evaluate(() => {
      const state = { frames: [], last: performance.now(), on: true };
      window.__frameRecorder = state;
      const tick = (t) => {
        state.frames.push(t - state.last);
        state.last = t;
        if (state.on) requestAnimationFrame(tick);
      };
      requestAnimationFrame((t) => {
        state.last = t;
        requestAnimationFrame(tick);
      });
    });
    await action();
    return page.evaluate(() => {
      window.__frameRecorder.on = false;
      return window.__frameRecorder.frames;
    });
  }

  /** A point of the empty canvas (dragging there pans; dragging a node would move it). */
  async function emptyPoint() {
    return page.evaluate(() => {
      const box = document.querySelector('.react-flow').getBoundingClientRect();
      for (let y = box.top + 60; y < box.bottom - 20; y += 15) {
        for (let x = box.left + box.width / 2 - 200; x < box.left + box.width / 2 + 200; x += 20) {
          const el = document.elementFromPoint(x, y);
          if (el?.classList.contains('react-flow__pane')) return { x, y };
        }
      }
      return { x: box.left + box.width / 2, y: box.top + 80 };
    });
  }

  const rounds = quick ? 1 : 3;
  const steps = quick ? 30 : 60;
  const panZoom = { fitted: [], zoomedIn: [] };
  for (const level of ['fitted', 'zoomedIn']) {
    if (level === 'zoomedIn') {
      const box = await page.locator('.react-flow').boundingBox();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      for (let i = 0; i < 12; i++) {
        await page.mouse.wheel(0, -240);
        await page.waitForTimeout(30);
      }
      await page.waitForTimeout(400);
    }
    for (let r = 0; r < rounds; r++) {
      const start = await emptyPoint();
      const pan = await recordFrames(async () => {
        await page.mouse.move(start.x, start.y);
        await page.mouse.down();
        for (let i = 1; i <= steps; i++) await page.mouse.move(start.x + i * 6, start.y + Math.sin(i / 6) * 40);
        for (let i = steps; i >= 0; i--) await page.mouse.move(start.x + i * 6, start.y);
        await page.mouse.up();
      });
      const zoom = await recordFrames(async () => {
        const box = await page.locator('.react-flow').boundingBox();
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        for (let i = 0; i < steps / 3; i++) await page.mouse.wheel(0, i < steps / 6 ? -60 : 60);
        await page.waitForTimeout(300);
      });
      panZoom[level].push(...pan, ...zoom);
    }
  }

  // 3. YAML edits: the text changes in the store (as the YAML pane's edit does once checked, or the
  // automation API's setText) and the canvas must show it: an image, a new edge, a new container.
  const edits = quick ? 6 : 20;
  const editTimes = await page.evaluate(
    async ({ edits, size }) => {
      const store = window.graphBench.store;
      const pad = (n) => String(n).padStart(3, '0');
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
      const until = (check, what) =>
        new Promise((resolve, reject) => {
          const begun = performance.now();
          const poll = () => {
            if (check()) resolve(performance.now());
            else if (performance.now() - begun > 10_000)
              reject(new Error(`the canvas did not show the edit (${what})`));
            else queueMicrotask(() => setTimeout(poll, 0));
          };
          poll();
        });
      const node = (id) => document.querySelector(`.react-flow__node[data-id="${CSS.escape(id)}"]`);
      const results = [];
      // The first rounds warm up (the JIT compiles the hot paths, as in the validation bench) and are not counted.
      const warmup = 5;
      for (let i = 0; i < warmup + edits; i++) {
        for (const kind of ['image', 'edge', 'container']) {
          const text = store.getState().text;
          // A container in the page (on a large canvas only those in view are): its node shows the edit.
          // The containers in the page nearest the middle of the view first (on a large canvas only
          // those in view are in the page): the node edited, or the new one placed beside it, is in view.
          const pane = document.querySelector('.react-flow').getBoundingClientRect();
          const fromMiddle = (el) => {
            const box = el.getBoundingClientRect();
            return Math.hypot(
              box.x + box.width / 2 - (pane.x + pane.width / 2),
              box.y + box.height / 2 - (pane.y + pane.height / 2),
            );
          };
          const inView = [...document.querySelectorAll('.react-flow__node.container')]
            .filter((el) => el.getAttribute('data-id').startsWith('container:svc-'))
            .map((el) => [el, fromMiddle(el)])
            .sort((a, b) => a[1] - b[1])
            .map(([el]) => el.getAttribute('data-id').slice('container:svc-'.length));
          if (inView.length === 0) throw new Error('no container in view to edit');
          const c = inView[i % Math.min(inView.length, 2)];
          let next;
          let shown;
          if (kind === 'image') {
            const image = `registry.example.com/bench/svc-${c}:9.9.${i}`;
            next = text.replace(
              new RegExp(`image: registry\\.example\\.com/bench/svc-${c}:[^\\n]*`),
              `image: ${image}`,
            );
            shown = () => node(`container:svc-${c}`)?.textContent.includes(image);
          } else if (kind === 'edge') {
            const r = pad((i * 7 + 50) % size);
            const resource = [...text.matchAll(new RegExp(`^  ([a-z0-9-]+-${r}):$`, 'gm'))].at(-1)?.[1];
            next = text.replace(
              `  svc-${c}:\n`,
              `  svc-${c}:\n    variables:\n      BENCH_${i}: \${resources.${resource}.host}\n`,
            );
            // The container already has variables: write the new one into them instead.
            if (text.includes(`  svc-${c}:\n    image:`)) {
              next = text.replace(
                new RegExp(`(  svc-${c}:\\n(?:    .*\\n)*?    variables:\\n)`),
                `$1      BENCH_${i}: \${resources.${resource}.host}\n`,
              );
            }
            const id = `uses:container:svc-${c}->resource:${resource}`;
            shown = () => document.querySelector(`.react-flow__edge[data-id="${CSS.escape(id)}"]`) !== null;
          } else {
            const name = `added-${pad(i)}`;
            // It starts before the container in view, and is placed beside it.
            next = text.replace(
              '\nresources:\n',
              `\n  ${name}:\n    image: example/added:${i}\n    before:\n      svc-${c}:\n        ready: started\nresources:\n`,
            );
            // Its start order to the container in view is drawn, and the new node too: measured and shown
            // (on a large canvas it may land just out of view, where nothing is in the page).
            const edge = `before:${name}->svc-${c}`;
            shown = () => {
              const el = node(`container:${name}`);
              const drawn = document.querySelector(`.react-flow__edge[data-id="${CSS.escape(edge)}"]`) !== null;
              return drawn && (el === null ? size >= 500 : el.style.visibility !== 'hidden');
            };
          }
          if (next === text) throw new Error(`the ${kind} edit did not apply`);
          await frame();
          const t0 = performance.now();
          store.getState().replaceText(next); // checks at once: parse, schema, rules
          const t1 = performance.now();
          const shownAt = await until(shown, `${kind} of svc-${c}`);
          const painted = await frame();
          if (i >= warmup)
            results.push({ kind, checkMs: t1 - t0, domMs: shownAt - t1, graphMs: painted - t1, totalMs: painted - t0 });
        }
      }
      return results;
    },
    { edits, size },
  );
  await page.close();

  const budgets = BUDGETS[size];
  const panZoomAll = [...panZoom.fitted, ...panZoom.zoomedIn];
  const result = {
    date: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}`,
    browser: 'chromium (headless, software rendering)',
    // The machine's load average (1, 5, 15 minutes) before and after: above the cores' number, the
    // figures say as much about the other processes as about the canvas.
    load: { before: loadBefore.map(round), after: loadavg().map(round) },
    workload: { containers: size, resources: size, ...counts },
    firstRenderMs,
    firstRender,
    frameTimeMs: { fitted: summary(panZoom.fitted), zoomedIn: summary(panZoom.zoomedIn), all: summary(panZoomAll) },
    yamlEdit: {
      graphMs: summary(editTimes.map((e) => e.graphMs)),
      checkMs: summary(editTimes.map((e) => e.checkMs)),
      // Until the canvas's DOM shows the edit (React and React Flow done); the rest of graphMs is the
      // frame that paints it (style, layout, paint, and rasterising what changed).
      domMs: summary(editTimes.map((e) => e.domMs)),
      totalMs: summary(editTimes.map((e) => e.totalMs)),
      byKind: Object.fromEntries(
        ['image', 'edge', 'container'].map((k) => {
          const times = editTimes.filter((e) => e.kind === k).map((e) => e.graphMs);
          return [k, { ...summary(times), samples: times.map(round) }];
        }),
      ),
    },
    budgets: budgets ?? null,
    pageErrors: errors,
  };
  result.pass = {
    ...(budgets && {
      firstRender: firstRenderMs <= budgets.firstRenderMs,
      panZoom: result.frameTimeMs.all.p95 <= budgets.panZoomP95Ms + FRAME_SLACK_MS,
      editToGraph: result.yamlEdit.graphMs.p95 <= budgets.editToGraphP95Ms,
    }),
    noPageErrors: errors.length === 0,
  };
  return result;
}

const line = (label, s) =>
  `${label.padEnd(34)} median ${String(s.median).padStart(6)}  p95 ${String(s.p95).padStart(6)}  max ${String(s.max).padStart(6)}  (n=${s.count})`;
const met = (ok) => (ok ? 'met' : 'FAILED');
const results = {};
try {
  for (const size of sizes) {
    const result = await measure(size);
    results[size] = result;
    const { budgets, workload } = result;
    console.log(
      `graph bench: ${size} containers, ${size} resources (${workload.nodes} nodes and ${workload.edges} edges in the page)`,
    );
    console.log(`load average before ${result.load.before.join(' ')}, after ${result.load.after.join(' ')}`);
    console.log(
      `first render                       ${result.firstRenderMs} ms (of which the check ${result.firstRender.checkMs} ms; ${result.firstRender.fromNavigationMs} ms from the navigation)`,
    );
    console.log(line('frame ms, pan+zoom, fitted', result.frameTimeMs.fitted));
    console.log(line('frame ms, pan+zoom, zoomed in', result.frameTimeMs.zoomedIn));
    console.log(line('YAML edit → graph painted, ms', result.yamlEdit.graphMs));
    console.log(line('  (of which: canvas DOM updated, ms)', result.yamlEdit.domMs));
    console.log(line('  (check: parse+validate, ms)', result.yamlEdit.checkMs));
    console.log(line('  (edit → painted in all, ms)', result.yamlEdit.totalMs));
    console.log(
      budgets
        ? `budgets: first render ≤ ${budgets.firstRenderMs} ms ${met(result.pass.firstRender)}; ` +
            `pan/zoom p95 ≤ ${budgets.panZoomP95Ms} ms ${met(result.pass.panZoom)}; ` +
            `YAML edit → graph p95 ≤ ${budgets.editToGraphP95Ms} ms ${met(result.pass.editToGraph)}`
        : `no budgets for this size (issue 33 sets them for ${Object.keys(BUDGETS).join(' and ')})`,
    );
    if (result.pageErrors.length) console.log(`page errors: ${result.pageErrors.join(' | ')}`);
  }
} finally {
  await browser.close();
  await harness.close();
}

let written;
if (outOption) {
  written = path.resolve(outOption);
  fs.writeFileSync(written, JSON.stringify(results, null, 2) + '\n');
} else {
  // bench/results.json holds one part per bench: replace only ours (as bench/results-file.ts does),
  // and in it only the sizes measured now.
  let file = {};
  try {
    file = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
  } catch {
    // no results yet: start the file
  }
  const previous = file.graph && !('workload' in file.graph) ? file.graph : {};
  file.graph = { ...previous, ...results };
  written = resultsFile;
  fs.writeFileSync(resultsFile, JSON.stringify(file, null, 2) + '\n');
}
console.log(`written to ${path.relative(process.cwd(), written)}${outOption ? '' : ' (part "graph")'}`);
process.exit(Object.values(results).every((r) => Object.values(r.pass).every(Boolean)) ? 0 : 1);
