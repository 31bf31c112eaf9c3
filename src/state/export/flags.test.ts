import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../cli/args';
import { exportWorkload } from './compose';

/**
 * The browser's Compose export takes score-compose generate's options in the same shape the command
 * line reads them into (ComposeFlags): the same options give the same project.
 */
const text = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: .
`;

describe("the browser export's options are the command line's", () => {
  it('exports an image built from source with --image and --build, as score-designer compose does', () => {
    const request = parseArgs(['compose', 'score.yaml', '--image', 'shop:1', '-p', '8080:shop:80']);
    if (request.kind !== 'compose') throw new Error('not a compose request');
    const { image, publish } = request;
    const out = exportWorkload({ text, workload: 'shop', seed: 1, flags: { image, publish } });
    expect(out.errors).toEqual([]);
    expect(out.compose).toContain('    image: shop:1\n    ports:\n      - target: 80\n        published: "8080"\n');
    const built = exportWorkload({ text, workload: 'shop', seed: 1, flags: { build: ['web={context: ./web}'] } });
    expect(built.compose).toContain('    build:\n      context: ./web\n');
  });
});
