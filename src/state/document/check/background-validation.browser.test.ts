import { describe, expect, it } from 'vitest';
import { generateWorkload } from '../../../../bench/workload-generator';
import { findWorkloadPlaceholders } from '../../../core/workload/placeholders';
import { parseWorkloadText } from '../../../core/document/parse';
import { composeReadiness } from '../../../core/export/compose/readiness';
import { k8sReadiness } from '../../../core/export/k8s/readiness';
import { exportedVariables } from '../../../core/inspector/exported-variables';
import { templates } from '../../../core/templates';
import { validateText } from '../../../core/validate';
import { startBackgroundValidation } from './background-validation';
import type { ReadinessTarget, WorkerRequest } from './worker-protocol';

/**
 * The validation worker as the app runs it: a real Web Worker (Chromium, through Vitest's browser
 * mode), against the same checks made here on the page.
 */

type Containers = Record<string, unknown>;
const containersOf = (value: unknown) => (value as { containers: Containers }).containers;

describe('the validation worker', () => {
  it('answers after reading a text the page read with changes to the page’s own reading, equal to a check here', async () => {
    const worker = startBackgroundValidation()!;
    const text = generateWorkload(12, 12);
    const page = validateText(text);
    await worker.read(page.parsed);

    const first = Object.keys(containersOf(page.parsed.value))[0]!;
    // Typing, as the worker sees it: an edit in the first container, undone, then a new line at the end.
    const edits = [text.replace(/\bimage: /, 'imag: '), text, `${text}# a comment\n`];
    for (const edited of edits) {
      const { report } = await worker.check(edited);
      const here = validateText(edited);
      expect(report.parsed.value).toEqual(here.parsed.value);
      expect(report.diagnostics).toEqual(here.diagnostics);
      expect(findWorkloadPlaceholders(report.parsed)).toEqual(findWorkloadPlaceholders(here.parsed));
    }

    // What the edits did not touch was never copied across: it is the page's own reading.
    const { report } = await worker.check(text.replace(/\bimage: /, 'imag: '));
    const before = containersOf(page.parsed.value);
    const after = containersOf(report.parsed.value);
    for (const name of Object.keys(before)) {
      if (name === first) expect(after[name]).not.toBe(before[name]);
      else expect(after[name]).toBe(before[name]);
    }
  });

  it('answers as a check here does while it rehearses typing after a read, and after', async () => {
    const worker = startBackgroundValidation()!;
    const text = generateWorkload(30, 30);
    const typed = text.replace(/\bimage: /, 'imagex: ');
    // A check asked at once (the rehearsal stops for it), then others once a rehearsal has had time to run.
    await worker.read(validateText(text).parsed);
    expect((await worker.check(typed)).report.diagnostics).toEqual(validateText(typed).diagnostics);
    for (const edited of [text, typed, text]) {
      await worker.read(validateText(edited).parsed);
      await new Promise((resolve) => setTimeout(resolve, 400));
      for (const next of [typed, text, `${text}# a comment\n`]) {
        const { report } = await worker.check(next);
        const here = validateText(next);
        expect(report.parsed.value).toEqual(here.parsed.value);
        expect(report.diagnostics).toEqual(here.diagnostics);
      }
    }
  });

  it('is sent the edits, not the whole text, when it holds the text before them; the whole text when it does not', async () => {
    // What the page posts to the worker, seen on the way.
    const sent: WorkerRequest[] = [];
    const real = Worker.prototype.postMessage;
    let breakNext = false;
    Worker.prototype.postMessage = function (this: Worker, message: WorkerRequest) {
      // A request whose edits are from a text the worker does not hold (as after it failed on one).
      const posted = breakNext && message.edits ? { ...message, edits: { ...message.edits, base: -1 } } : message;
      breakNext = false;
      sent.push(posted);
      real.call(this, posted);
    } as typeof real;
    try {
      const worker = startBackgroundValidation()!;
      const text = generateWorkload(12, 12);
      const at = text.indexOf('image: ') + 'image: '.length;
      const typed = text.slice(0, at) + 'x' + text.slice(at);
      await worker.check(text);
      const { report, pointer } = await worker.check(typed, at, {
        from: text,
        edits: [{ start: at, end: at, insert: 'x' }],
      });
      expect(sent.map((m) => (m.text === undefined ? m.edits : m.text.length))).toEqual([
        text.length,
        { base: sent[0]!.id, edits: [{ start: at, end: at, insert: 'x' }], length: typed.length },
      ]);
      expect(report.diagnostics).toEqual(validateText(typed).diagnostics);
      expect(pointer).toBe('/containers/svc-000/image');
      // The same text again (a caret question): no text, no edits.
      expect(await worker.pointerAt(typed, typed.indexOf('apiVersion'))).toBe('/apiVersion');
      expect(sent[2]).toMatchObject({ edits: { base: sent[1]!.id, edits: [], length: typed.length } });
      // Edits from a text the worker does not hold: the whole text.
      await worker.check(text, undefined, { from: 'another text', edits: [] });
      expect(sent[3]!.text).toBe(text);
      // A chain of edits the worker cannot follow: it asks for the text, and the answer is still right.
      breakNext = true;
      const again = await worker.check(typed, undefined, { from: text, edits: [{ start: at, end: at, insert: 'x' }] });
      expect(sent.slice(4).map((m) => m.text?.length ?? 'edits')).toEqual(['edits', typed.length]);
      expect(again.report.diagnostics).toEqual(validateText(typed).diagnostics);
    } finally {
      Worker.prototype.postMessage = real;
    }
  });

  it('previews the Compose export of the text it is given', async () => {
    const worker = startBackgroundValidation()!;
    const text = generateWorkload(3, 3);
    await worker.check(text);
    const options = { seed: 11, projectName: 'bench' };
    const here = (t: string) => exportedVariables(t, parseWorkloadText(t), options);
    const exported = await worker.exportedVariables(text, options);
    expect(exported).toEqual(here(text));
    expect(await worker.exportedVariables(text, { seed: 12 })).not.toEqual(exported); // generated names follow the seed
    expect(exported?.get('svc-000')?.POSTGRES_000_HOST).toMatch(/^pg-\w+$/);
    // Of a text it has not checked, and of one that cannot be exported (a type no provisioner knows).
    const other = text.replace('type: postgres', 'type: mysql');
    expect(await worker.exportedVariables(other, options)).toEqual(here(other));
    expect(await worker.exportedVariables(other, options)).not.toEqual(exported);
    const { text: unknownTypes } = templates.find((t) => t.name === 'ecommerce-frontend')!;
    expect(await worker.exportedVariables(unknownTypes, options)).toBeUndefined();
  });

  it('says what the Compose export would refuse in the text, as the core does here', async () => {
    const worker = startBackgroundValidation()!;
    for (const { text } of templates) {
      const here = composeReadiness(validateText(text));
      expect(await worker.exportReadiness!(text)).toEqual(here);
    }
    const { text } = templates.find((t) => t.name === 'ecommerce-frontend')!;
    expect(await worker.exportReadiness!(text)).toEqual([
      expect.objectContaining({ code: 'EXPORT_NO_PROVISIONER', source: 'export', severity: 'error' }),
    ]);
  });

  it('says what the Kubernetes export would refuse once it is the target, with its options, as the core does here', async () => {
    let target: ReadinessTarget = { target: 'compose' };
    const worker = startBackgroundValidation({ readinessTarget: () => target })!;
    const text = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: .
resources:
  vault:
    type: secret
`;
    const compose = await worker.exportReadiness!(text);
    expect(compose).toEqual(composeReadiness(validateText(text)));
    target = { target: 'kubernetes', settings: { startOrder: 'ignore' } };
    const k8s = await worker.exportReadiness!(text);
    expect(k8s).toEqual(k8sReadiness(validateText(text), { startOrder: 'ignore' }));
    expect(k8s.map((d) => [d.path, d.exportTarget])).toEqual([['/containers/web/image', 'kubernetes']]);
    // The same text with another option: asked again, not the answer kept for the other.
    target = { target: 'kubernetes', settings: { image: 'web:1', startOrder: 'ignore' } };
    const imaged = await worker.exportReadiness!(text);
    expect(imaged).toEqual(k8sReadiness(validateText(text), { image: 'web:1' }));
    expect(imaged.map((d) => d.path)).toEqual(['/resources/vault/type']);
  });
});
