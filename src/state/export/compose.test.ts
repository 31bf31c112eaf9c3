import { describe, expect, it } from 'vitest';
import { exportWorkload } from './compose';

/** The app's Compose export: score-compose's errors, with what to do where the browser cannot do the same. */
const workload = (container: string, resources = '') => `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
${container}${resources}`;

const errorsOf = (text: string) => exportWorkload({ text, workload: 'shop', seed: 1 }).errors;

describe('export errors in the browser', () => {
  it('a file read from next to score.yaml: put its text in content, or use the command line', () => {
    const [error] = errorsOf(workload('    image: nginx\n    files:\n      /etc/a: {source: ./a.txt}\n'));
    expect(error).toMatch(/failed to read/);
    expect(error).toMatch(/The browser cannot read files next to score\.yaml: put the file's text in `content`/);
  });

  it("an image built from the project ('.'): give the container an image, as there is no --image here", () => {
    const [error] = errorsOf(workload('    image: .\n'));
    expect(error).toMatch(/neither --image nor --build was provided/);
    expect(error).toMatch(/The browser export has no --image or --build: give the container an image/);
  });

  it('an environment variable in a file: there is no environment here; write the value, or use the command line', () => {
    const [error] = errorsOf(
      workload(
        '    image: nginx\n    files:\n      /etc/a: {content: "x=${resources.env.FOO}"}\n',
        'resources:\n  env:\n    type: environment\n',
      ),
    );
    expect(error).toMatch(/environment variable 'FOO' must be resolved/);
    expect(error).toMatch(/The browser has no environment variables to read it from/);
  });

  it('leaves other errors as score-compose words them', () => {
    const [error] = errorsOf(workload('    image: nginx\n', 'resources:\n  queue:\n    type: no-such-type\n'));
    expect(error).toMatch(/is not supported by any provisioner$/);
  });
});
