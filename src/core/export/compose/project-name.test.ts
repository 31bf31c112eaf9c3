import { describe, expect, it } from 'vitest';
import { cleanComposeProjectName, PROJECT_NAME_PATTERN } from './project-name';

describe('cleanComposeProjectName', () => {
  it.each([
    ['hello-world', 'hello-world'],
    ['My Project.v2', 'myprojectv2'],
    ['001', '001'],
    ['-leading', 'leading'],
    ['__double', '_double'],
    ['Café_Ünïcode', 'caf_ncode'],
    ['...', ''],
  ])('%j becomes %j, as score-compose cleans a directory name', (input, expected) => {
    expect(cleanComposeProjectName(input)).toBe(expected);
  });

  it('gives names that score-compose accepts for --project', () => {
    for (const name of ['Shop', 'a.b-c_d', 'X1']) expect(cleanComposeProjectName(name)).toMatch(PROJECT_NAME_PATTERN);
  });
});
