/**
 * sprig's regular expressions, in Go's RE2 syntax (regexp.ts, on re2js). A bad pattern fails the template,
 * except in regexMatch, which sprig has answer false.
 */
import { compileGoRegexp, findAll, quoteMeta, replaceAll, split } from './regexp';
import { spec, type TemplateFunction } from '../exec/functions';
import { withMust } from './must';

const mustRegexMatch = spec(['string', 'string'], (re: string, s: string) => compileGoRegexp(re).test(s));

export const regexFunctions: Record<string, TemplateFunction> = {
  regexMatch: spec(['string', 'string'], (re: string, s: string) => {
    try {
      return compileGoRegexp(re).test(s);
    } catch {
      return false;
    }
  }),
  mustRegexMatch,
  regexQuoteMeta: spec(['string'], quoteMeta),
  ...withMust({
    regexFindAll: spec(['string', 'string', 'int'], (re: string, s: string, n: number) =>
      findAll(compileGoRegexp(re), s, n).map((m) => s.slice(m.start, m.end)),
    ),
    regexFind: spec(['string', 'string'], (re: string, s: string) => {
      const m = findAll(compileGoRegexp(re), s, 1)[0];
      return m ? s.slice(m.start, m.end) : '';
    }),
    regexReplaceAll: spec(['string', 'string', 'string'], (re: string, s: string, repl: string) =>
      replaceAll(compileGoRegexp(re), s, repl, false),
    ),
    regexReplaceAllLiteral: spec(['string', 'string', 'string'], (re: string, s: string, repl: string) =>
      replaceAll(compileGoRegexp(re), s, repl, true),
    ),
    regexSplit: spec(['string', 'string', 'int'], (re: string, s: string, n: number) =>
      split(compileGoRegexp(re), re, s, n),
    ),
  }),
};
