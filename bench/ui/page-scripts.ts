/**
 * Code the bench runs inside the page. Kept as source text (not functions) so that the TypeScript
 * runner's transform cannot touch it: what is measured is exactly this.
 */

/** Installed before the app loads: paint marks for the start screen and the workspace, and Event Timing. */
export const instrument = `
(() => {
  const bench = (window.__uiBench = { marks: {}, events: [] });
  // A mark is taken after the frame in which the element first exists has been painted.
  const watch = (name, selector) => {
    const tick = () => {
      if (document.querySelector(selector)) setTimeout(() => { bench.marks[name] ??= performance.now(); }, 0);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };
  watch('start', '.template-card');
  document.addEventListener('click', (e) => {
    if (!(e.target instanceof Element) || !e.target.closest('.template-card')) return;
    bench.marks.click = performance.now();
    watch('workspace', '.status');
    watch('editor', '.monaco-editor .view-lines');
  }, true);
  // The end of the current frame's rendering: a task posted from a requestAnimationFrame callback runs
  // after that frame's style, layout and paint. Posted at the highest priority where the browser has
  // one (scheduler.postTask), so that the page's own tasks queued during the frame (timers, messages
  // such as the inspector's catch-up render) run after it and are not counted as paint time.
  const afterFrame = (done) => {
    if (window.scheduler && typeof window.scheduler.postTask === 'function') {
      window.scheduler.postTask(() => done(performance.now()), { priority: 'user-blocking' });
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { channel.port1.close(); done(performance.now()); };
    channel.port2.postMessage(null);
  };
  bench.afterFrame = afterFrame;
  // Whether the page is in a frame's animation callbacks (or the rendering after them): a change made
  // there is drawn in that frame, not the next. Open from the frame's first callback until the task
  // after its rendering.
  let frameOpen = false;
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) =>
    raf((t) => {
      if (!frameOpen) {
        frameOpen = true;
        afterFrame(() => { frameOpen = false; });
      }
      callback(t);
    });
  // Paint stamps: after any change of the page, the end of the frame that shows it.
  bench.paints = [];
  let stamping = false;
  new MutationObserver(() => {
    if (stamping) return;
    stamping = true;
    const stamp = () => afterFrame((t) => { bench.paints.push(t); stamping = false; });
    if (frameOpen) stamp();
    else raf(stamp);
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.interactionId) bench.events.push({ id: e.interactionId, name: e.name, duration: e.duration, start: e.startTime });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
})();
`;

/**
 * Whether the Problems panel shows the store's diagnostics: its count says how many, and each row it
 * draws (a long list draws the rows in view and a margin around them) is the diagnostic at its place.
 */
export const problemsShown = `(() => {
  const diagnostics = window.scoreDesigner.getDiagnostics();
  const count = Number(document.querySelector('.problems .pane-title .count')?.textContent);
  const rows = [...document.querySelectorAll('.problem-list > li')];
  return (
    count === diagnostics.length &&
    rows.length > 0 === diagnostics.length > 0 &&
    rows.every((row) => row.querySelector('.message')?.textContent === diagnostics[Number(row.dataset.index)]?.message)
  );
})()`;

/**
 * Times text changes: from the moment the change is processed (setText checks at once, as the
 * debounce would) to the end of the frame that paints it. The change is made at the start of a frame
 * (in requestAnimationFrame), so the time does not include waiting for the display's next frame; the
 * message posted then is the first task once that frame's rendering is done. Checks after each sample that the
 * Problems panel shows the new diagnostics, so that a fast but wrong paint cannot pass.
 */
export const timeChanges = `
async ({ variants, samples }) => {
  const api = window.scoreDesigner;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
  const change = (text) =>
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        const t0 = performance.now();
        window.__uiBench.afterFrame((t) => resolve(t - t0));
        api.setText(text);
      }),
    );
  const times = [];
  let stale = 0;
  for (let i = 0; i < samples; i++) {
    await settle();
    times.push(await change(variants[i % variants.length] + '# change ' + i + '\\n'));
    if (!${problemsShown}) stale++;
  }
  return { times, stale };
}
`;

/**
 * For every check the store made (marks "score:check" → "score:checked", see
 * src/state/document/check/checker.ts), the time from its start to the end of the first frame painted
 * after its report was in the store; and how many checks never had their report in the store before
 * the next check began (the answer came after the text had changed again and was set aside: what that
 * check found was never shown).
 */
export const checksToPaint = `
(() => {
  const starts = performance.getEntriesByName('score:check').map((e) => e.startTime);
  const ends = performance.getEntriesByName('score:checked').map((e) => e.startTime);
  const paints = window.__uiBench.paints;
  const times = [];
  for (const end of ends) {
    const start = Math.max(...starts.filter((s) => s <= end));
    const paint = paints.find((p) => p >= end);
    if (Number.isFinite(start) && paint !== undefined) times.push(paint - start);
  }
  const unanswered = starts.filter((s, i) => !ends.some((e) => e >= s && (i + 1 === starts.length || e < starts[i + 1]))).length;
  return { times, unanswered };
})()
`;
