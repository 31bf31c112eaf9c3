import { describe, expect, it } from 'vitest';
import { parseArgs } from './args';

describe('score-designer serve: the command line', () => {
  it('defaults to this machine, port 4310, keys required, the embedded database in ./.score-designer', () => {
    expect(parseArgs(['serve'])).toEqual({
      kind: 'serve',
      host: '127.0.0.1',
      port: 4310,
      database: { data: '.score-designer' },
      allowOrigins: [],
      auth: 'keys',
    });
  });

  it('reads every option, in both spellings', () => {
    expect(
      parseArgs([
        'serve',
        '--port=0',
        '--host',
        '0.0.0.0',
        '--database-url',
        'postgres://u:p@db/workloads',
        '--allow-origin',
        'https://designer.example.com',
        '--allow-origin=http://localhost:5173',
      ]),
    ).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      database: { databaseUrl: 'postgres://u:p@db/workloads' },
      allowOrigins: ['https://designer.example.com', 'http://localhost:5173'],
    });
  });

  it('takes the database URL from the environment when none is given', () => {
    const env = { SCORE_DESIGNER_DATABASE_URL: 'postgresql://db/x' };
    expect(parseArgs(['serve'], env)).toMatchObject({ database: { databaseUrl: 'postgresql://db/x' } });
    expect(parseArgs(['serve', '--data', 'here'], env)).toMatchObject({ database: { data: 'here' } });
  });

  it.each([
    [['serve', '--port', '70000'], /--port needs a port number/],
    [['serve', '--port'], /--port needs a value/],
    [['serve', '--data', 'd', '--database-url', 'postgres://x/y'], /not both/],
    [['serve', '--database-url', 'mysql://x/y'], /postgres:\/\//],
    [['serve', '--allow-origin', 'https://a.example.com/path'], /origin such as/],
    [['serve', '--allow-origin', '*'], /origin such as/],
    [['serve', '--no-auth', '--host', '0.0.0.0'], /only for a server on this machine/],
    [['serve', 'extra'], /Unknown argument "extra"/],
    [['serve', 'keys'], /create NAME, list, or revoke NAME/],
    [['serve', 'keys', 'create'], /needs a NAME/],
    [['serve', 'keys', 'create', 'bad name!'], /not "bad name!"/],
    [['serve', 'keys', 'list', 'x'], /takes no NAME/],
  ])('refuses %j with a usage error that says why', (argv, why) => {
    const request = parseArgs(argv);
    expect(request).toMatchObject({ kind: 'usage-error', command: 'serve' });
    expect((request as { message: string }).message).toMatch(why);
  });

  it('lets --no-auth through on this machine only', () => {
    expect(parseArgs(['serve', '--no-auth'])).toMatchObject({ auth: 'none', host: '127.0.0.1' });
    expect(parseArgs(['serve', '--no-auth', '--host', 'localhost'])).toMatchObject({ auth: 'none' });
  });

  it('reads the key commands', () => {
    expect(parseArgs(['serve', 'keys', 'create', 'ci-bot', '--read-only', '--data', 'd'])).toEqual({
      kind: 'serve-keys',
      action: 'create',
      name: 'ci-bot',
      scope: 'read-only',
      database: { data: 'd' },
    });
    expect(parseArgs(['serve', 'keys', 'revoke', 'ci-bot'])).toMatchObject({ action: 'revoke', name: 'ci-bot' });
    expect(parseArgs(['serve', 'keys', 'list'])).toMatchObject({ action: 'list', scope: 'read-write' });
  });
});
