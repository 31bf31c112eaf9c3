import { describe, expect, it } from 'vitest';
import { applyEdits } from '../document/edits';
import { isRefusal } from './command';
import { commands } from './registry';

const text = `apiVersion: score.dev/v1b1
metadata:
  name: files
containers:
  app:
    image: app
  legacy:
    image: legacy
    volumes:
      - source: \${resources.logs}
        target: /var/log
resources:
  data:
    type: volume
  logs:
    type: volume
`;

describe('mountResource', () => {
  it('mounts a resource at a path, its source the resource’s placeholder, and selects the new volume', () => {
    const result = commands.mountResource(text, { container: 'app', resource: 'data', target: '/data' });
    if (isRefusal(result)) throw new Error(result.error);
    expect(result.text).toBe(
      text.replace(
        '    image: app\n',
        '    image: app\n    volumes:\n      /data:\n        source: ${resources.data}\n',
      ),
    );
    expect(applyEdits(text, result.edits)).toBe(result.text);
    expect(result.selection).toBe('/containers/app/volumes/~1data');
  });

  it('writes what addVolume writes, in the form the container’s volumes already use', () => {
    const args = { container: 'legacy', resource: 'data', target: '/data', readOnly: true };
    expect(commands.mountResource(text, args)).toEqual(
      commands.addVolume(text, { container: 'legacy', target: '/data', source: '${resources.data}', readOnly: true }),
    );
  });

  it('refuses a resource that is not there, a taken path, and a container that is not there', () => {
    expect(commands.mountResource(text, { container: 'app', resource: 'cache', target: '/c' })).toEqual({
      error: 'There is no resource named "cache" to mount.',
    });
    const taken = commands.mountResource(text, { container: 'legacy', resource: 'data', target: '/var/log' });
    expect(isRefusal(taken) ? taken.error : '').toMatch(/already has a volume at "\/var\/log"/);
    const nobody = commands.mountResource(text, { container: 'nobody', resource: 'data', target: '/d' });
    expect(isRefusal(nobody) ? nobody.error : '').toMatch(/no container named "nobody"/);
  });
});
