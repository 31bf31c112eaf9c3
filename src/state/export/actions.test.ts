import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { exportCompose } from '../../core/export/compose';
import { createDocumentStore } from '../document/store';
import { prepareExport } from './actions';
import { createExportStore } from './store';

// Authored with a comment, odd spacing and quoting: score.yaml must come out exactly like this.
const authored = `# the shop's web tier
apiVersion: score.dev/v1b1
metadata:
  name: shop   # keep me
containers:
  web:
    image: "nginx:1.27"
    variables:
      DB_PASSWORD: \${resources.db.password}
    resources:
      limits:
        memory: 128Mi
    files:
      /etc/shop/app.conf:
        content: |
          db=\${resources.db.host}
resources:
  db:
    type: postgres
`;

function stores(text: string) {
  let next = 1000;
  return {
    document: createDocumentStore({ text, origin: 'test' }, { delayMs: 10_000 }),
    exports: createExportStore({ newSeed: () => next++ }),
  };
}

describe('prepareExport', () => {
  it('score.yaml is the text exactly as authored, including what was typed a moment ago', () => {
    const { document, exports } = stores(authored);
    const typed = `${authored}# a last comment\n`;
    document.getState().typeText(typed); // not yet checked: the export must not lag behind
    const out = prepareExport('score', document, exports);
    expect(out).toMatchObject({ ok: true, fileName: 'score.yaml', content: typed });
  });

  it('score.yaml with errors is still saved as written, with a word about them', () => {
    const { document, exports } = stores('apiVersion: score.dev/v1b1\nmetadata:\n  name: x\n');
    const out = prepareExport('score', document, exports);
    expect(out.ok && out.content).toBe('apiVersion: score.dev/v1b1\nmetadata:\n  name: x\n');
    expect(out.ok && out.notice).toMatch(/as written, with its \d+ errors?/);
  });

  it('compose.yaml is exportCompose of the same text with the workload’s seed, and says what is not converted', () => {
    const { document, exports } = stores(authored);
    const out = prepareExport('compose', document, exports);
    if (!out.ok) throw new Error(out.errors.join());
    const seed = exports.getState().seeds.shop!;
    expect(out.content).toBe(exportCompose([{ text: authored }], { seed, projectName: 'shop' }).compose);
    expect(out.warnings.join('\n')).toMatch(/limits: not supported/);
    expect(out.info.join('\n')).toMatch(/To connect to postgres/);
    // The same seed next time: the same passwords.
    const again = prepareExport('compose', document, exports);
    expect(again.ok && again.content).toBe(out.content);
  });

  it('the bundle holds compose.yaml and the mounted files', () => {
    const { document, exports } = stores(authored);
    const out = prepareExport('bundle', document, exports);
    if (!out.ok) throw new Error(out.errors.join());
    expect(out.fileName).toBe('shop.zip');
    const files = unzipSync(out.content as Uint8Array);
    expect(strFromU8(files['compose.yaml']!)).toBe(out.compose);
    expect(strFromU8(files['.score-compose/mounts/files/shop-files-app.conf']!)).toMatch(/^db=pg-/);
  });

  it('says why compose.yaml cannot be made: a syntax error, or what score-compose refuses', () => {
    const broken = stores('apiVersion: score.dev/v1b1\nmetadata: [\n');
    const syntax = prepareExport('compose', broken.document, broken.exports);
    expect(syntax).toMatchObject({ ok: false });
    expect(!syntax.ok && syntax.errors[0]).toMatch(/does not parse/);

    const unknown = stores(authored.replace('type: postgres', 'type: no-such-type'));
    const refused = prepareExport('bundle', unknown.document, unknown.exports);
    expect(!refused.ok && refused.errors.join()).toMatch(/not supported by any provisioner/);
  });
});
