import { describe, expect, it, vi } from 'vitest';
import { findTemplate } from '../../../core/templates';
import { validateText, type ValidationReport } from '../../../core/validate';
import { rehearsal } from './rehearsal';

describe("the page's rehearsal", () => {
  it('loads its steps when a rehearsal is due and runs them on the report; given up before, it runs none', async () => {
    const report = validateText(findTemplate('ecommerce-frontend')!.text);
    let read = 0;
    // The rehearsal reads the report's reading when its steps are loaded and made.
    const counted = {
      ...report,
      get parsed() {
        read++;
        return report.parsed;
      },
    } as ValidationReport;
    const catalogOf = vi.fn(() => undefined);
    rehearsal(catalogOf)(counted)(); // given up at once
    await import('./rehearsal-steps');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(read).toBe(0);
    expect(catalogOf).not.toHaveBeenCalled();

    const stop = rehearsal(catalogOf)(counted);
    await vi.waitFor(() => expect(read).toBe(1));
    expect(catalogOf).toHaveBeenCalledTimes(1);
    stop();
  });
});
