import { describe, expect, it } from 'vitest';
import { bundleReadme } from './bundle-readme';

describe('bundleReadme', () => {
  it('says how to run each export in the bundle, and the commands that make them again', () => {
    const readme = bundleReadme({
      workload: 'shop',
      compose: {
        included: true,
        mounts: true,
        commandLine: 'npx score-designer compose score.yaml --project shop --seed 7',
      },
      kubernetes: {
        included: true,
        commandLine: 'npx score-designer k8s score.yaml --namespace web --seed 7',
        namespace: 'web',
      },
      provisionerFiles: ['.score-compose/acme.provisioners.yaml'],
    });
    expect(readme).toMatch(/^# Score workload `shop`\n/);
    expect(readme).toContain('```sh\ndocker compose up\n```');
    expect(readme).toContain('.score-compose/mounts/');
    expect(readme).toContain('```sh\nkubectl apply -f manifests.yaml\n```');
    expect(readme).toContain('namespace `web`');
    expect(readme).toContain('npx score-designer k8s score.yaml --namespace web --seed 7');
    expect(readme).toContain('- `.score-compose/acme.provisioners.yaml`');
    expect(readme.endsWith('\n')).toBe(true);
  });

  it('says why an export is missing, and keeps a name from the workload inside its code span', () => {
    const readme = bundleReadme({
      workload: 'a`b <script>',
      compose: { included: false, reason: 'container has no image\nand no --image' },
      kubernetes: { included: true, commandLine: 'npx score-designer k8s score.yaml --seed 1' },
      provisionerFiles: [],
    });
    expect(readme).toMatch(/^# Score workload `a'b <script>`\n/);
    expect(readme).toContain('`compose.yaml` is not included: container has no image and no --image');
    expect(readme).not.toContain('docker compose up');
    expect(readme).not.toContain('## Provisioners');
  });
});
