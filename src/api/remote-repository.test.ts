import { describe, expect, it, vi } from 'vitest';
import { HttpWorkloadRepository } from './http-repository';
import { RemoteWorkloadRepository } from './remote-repository';

describe('the server library, loaded on first use', () => {
  it('is told apart as the HTTP repository is, before its client is loaded', () => {
    const options = { baseUrl: 'https://api.example.com/v1/', credentials: { kind: 'none' as const } };
    const remote = new RemoteWorkloadRepository(options);
    const http = new HttpWorkloadRepository(options);
    expect(remote.id).toBe(http.id);
    expect(remote.keepsText).toBe(http.keepsText);
  });

  it('passes each call to the HTTP client, with the settings it was made with', async () => {
    const sent: Array<{ method: string; url: string; auth: string | null }> = [];
    const remote = new RemoteWorkloadRepository({
      baseUrl: 'https://api.example.com/v1',
      credentials: { kind: 'bearer', token: 't0k' },
      fetch: (request) => {
        sent.push({ method: request.method, url: request.url, auth: request.headers.get('Authorization') });
        return Promise.resolve(new Response(null, { status: 204 }));
      },
    });
    await remote.delete('shop');
    expect(sent).toEqual([{ method: 'DELETE', url: 'https://api.example.com/v1/workloads/shop', auth: 'Bearer t0k' }]);
  });

  it('says plainly when its client cannot be downloaded', async () => {
    vi.resetModules();
    vi.doMock('./http-repository', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    try {
      const { RemoteWorkloadRepository: Remote } = await import('./remote-repository');
      const remote = new Remote({ baseUrl: 'https://api.example.com/v1', credentials: { kind: 'none' } });
      await expect(remote.get('shop')).rejects.toMatchObject({
        kind: 'unreachable',
        message: expect.stringContaining('did not download (reload the page to try again)'),
      });
    } finally {
      vi.doUnmock('./http-repository');
      vi.resetModules();
    }
  });
});
