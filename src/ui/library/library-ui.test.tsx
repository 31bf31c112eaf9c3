import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { WorkloadRepository } from '../../api/repository';
import { DocumentStoreProvider } from '../../state/document/context';
import { createDocumentStore, type DocumentStore } from '../../state/document/store';
import { linkFor } from '../../state/library/link';
import type { LibrarySettings as Settings } from '../../state/library/settings';
import { createLibraryStore, type LibraryStore } from '../../state/library/store';
import { workloadText } from '../../../test/support/library';
import { ConfirmProvider } from '../dialog/confirm';
import { LibraryStoreContext } from './library-context';
import { LibrarySettings } from './LibrarySettings';
import { SaveButton } from './SaveButton';

/**
 * What the Save control and the settings show, rendered to HTML (vitest runs in Node, without a
 * DOM). The behaviour behind them is tested in src/state/library-*.test.ts and e2e/library.spec.ts.
 */
const local = { id: 'local', keepsText: true } as WorkloadRepository;

function render(node: ReactNode, document: DocumentStore, library: LibraryStore): string {
  // Rendering on the server reads the stores' initial state: hand them the current one.
  const doc = { ...document, getInitialState: document.getState };
  const lib = { ...library, getInitialState: library.getState };
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <DocumentStoreProvider store={doc}>
        <ConfirmProvider>
          <LibraryStoreContext value={lib}>{node}</LibraryStoreContext>
        </ConfirmProvider>
      </DocumentStoreProvider>
    </QueryClientProvider>,
  );
}

const saveStatusOf = (html: string) => /aria-label="Save status">([^<]*)</.exec(html)?.[1];

describe('the Save control', () => {
  const text = workloadText('shop');
  const setUp = () => ({
    document: createDocumentStore({ text, origin: 'a template' }),
    library: createLibraryStore({ storage: {}, makeRepository: () => local }),
  });

  it('says whether the open workload is in the library, saved, or changed since', () => {
    const { document, library } = setUp();
    expect(saveStatusOf(render(<SaveButton />, document, library))).toBe('Not in the library');
    library.getState().setLink(linkFor('local', 'shop', text));
    expect(saveStatusOf(render(<SaveButton />, document, library))).toBe('Saved');
    document.getState().typeText(`${text}# more\n`);
    expect(saveStatusOf(render(<SaveButton />, document, library))).toBe('Unsaved changes');
    library.getState().setSave({ state: 'failed', message: 'x', retryable: true, kind: 'unreachable' });
    expect(saveStatusOf(render(<SaveButton />, document, library))).toBe('Not saved');
    library.getState().setSave({ state: 'saving', name: 'shop' });
    const html = render(<SaveButton />, document, library);
    expect(saveStatusOf(html)).toBe('Saving…');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Save<\/button>/);
  });

  it('names its shortcut, and is not shown with nothing open', () => {
    const { document, library } = setUp();
    expect(render(<SaveButton />, document, library)).toContain('aria-keyshortcuts="Control+S Meta+S"');
    document.getState().close();
    expect(render(<SaveButton />, document, library)).toBe('');
  });
});

describe('the library settings', () => {
  const withSettings = (settings: Settings) => {
    const library = createLibraryStore({ storage: {}, makeRepository: () => local });
    library.setState({ settings });
    return render(<LibrarySettings onDone={() => {}} />, createDocumentStore({ text: '', origin: null }), library);
  };

  it('ask nothing more for the library in this browser', () => {
    const html = withSettings({ repository: 'local', baseUrl: '', auth: 'none', secret: '', remember: false });
    expect(html).toMatch(/<input(?=[^>]*value="local")(?=[^>]*checked="")[^>]*>/);
    expect(html).not.toMatch(/<input(?=[^>]*value="remote")(?=[^>]*checked="")[^>]*>/);
    expect(html).not.toContain('Base URL');
    expect(html).not.toContain('Test connection');
  });

  it('ask for a server’s address and credentials, the secret masked, with what "remember" means', () => {
    const html = withSettings({
      repository: 'remote',
      baseUrl: 'http://library.example.com',
      auth: 'api-key',
      secret: 'k',
      remember: false,
    });
    expect(html).toContain('Base URL');
    expect(html).toMatch(/type="password"/);
    expect(html).toContain('API key');
    expect(html).toContain('forgotten when the browser closes');
    expect(html).toContain('not encrypted');
    expect(html).toContain('Test connection');
  });
});
