/**
 * Go's regexp for sprig's regex functions, on re2js: a port of RE2 with Go's syntax, its error
 * messages ("error parsing regexp: …") and its linear-time matching. A template is untrusted input
 * (a provisioners file may come with a link), and JavaScript's backtracking RegExp takes exponential
 * time on patterns such as `^(a+)+$`; RE2 never does. Positions are the string's UTF-16 indices.
 * What Go's package adds on top of the engine is kept here: its rules for repeated matches (an empty
 * match right after a previous match does not count), Expand's `$name` templates, Split.
 */
import { RE2JS, type Matcher } from 're2js';

/** A compiled Go regular expression. */
export type GoRegexp = RE2JS;

/** Compiles a Go regular expression; throws "error parsing regexp: …" when it is not valid RE2. */
export function compileGoRegexp(pattern: string): GoRegexp {
  return RE2JS.compile(pattern);
}

/** One match: its span and its groups (undefined for a group that did not take part). */
export interface GoMatch {
  start: number;
  end: number;
  groups: (string | undefined)[];
  named: Record<string, string | undefined>;
}

/** The first match at or after `pos`, the text before it still seen by `^` and `\b` (as Go's doExecute). */
function execAt(re: GoRegexp, matcher: Matcher, pos: number): GoMatch | null {
  if (!matcher.find(pos)) return null;
  const groups: (string | undefined)[] = [];
  for (let i = 0; i <= matcher.groupCount(); i++) groups.push(matcher.group(i) ?? undefined);
  const named: Record<string, string | undefined> = {};
  for (const [name, index] of Object.entries(re.namedGroups())) named[name] = groups[index];
  return { start: matcher.start(), end: matcher.end(), groups, named };
}

function width(s: string, pos: number): number {
  const cp = s.codePointAt(pos);
  return cp !== undefined && cp > 0xffff ? 2 : 1;
}

/** Go's allMatches: at most n matches (n < 0: all), skipping empty matches that abut the previous one. */
export function findAll(re: GoRegexp, s: string, n: number): GoMatch[] {
  const matcher = re.matcher(s);
  const limit = n < 0 ? s.length + 1 : n;
  const out: GoMatch[] = [];
  let pos = 0;
  let prevEnd = -1;
  while (out.length < limit && pos <= s.length) {
    const m = execAt(re, matcher, pos);
    if (!m) break;
    let accept = true;
    if (m.end === pos) {
      if (m.start === prevEnd) accept = false;
      pos += pos < s.length ? width(s, pos) : 1;
    } else pos = m.end;
    prevEnd = m.end;
    if (accept) out.push(m);
  }
  return out;
}

/** Go's Regexp.Expand template: $1, ${1}, $name, ${name}, $$. */
function expand(template: string, m: GoMatch): string {
  let out = '';
  let i = 0;
  while (i < template.length) {
    const d = template.indexOf('$', i);
    if (d < 0) {
      out += template.slice(i);
      break;
    }
    out += template.slice(i, d);
    i = d + 1;
    if (template[i] === '$') {
      out += '$';
      i++;
      continue;
    }
    let name: string | null = null;
    if (template[i] === '{') {
      const close = template.indexOf('}', i + 1);
      const inner = close < 0 ? '' : template.slice(i + 1, close);
      if (close >= 0 && /^[A-Za-z0-9_]+$/.test(inner)) {
        name = inner;
        i = close + 1;
      }
    } else {
      const word = /^[A-Za-z0-9_]+/.exec(template.slice(i));
      if (word) {
        name = word[0];
        i += name.length;
      }
    }
    if (name === null) {
      out += '$';
      continue;
    }
    if (/^\d+$/.test(name)) out += m.groups[Number(name)] ?? '';
    else out += m.named[name] ?? '';
  }
  return out;
}

/** Go's ReplaceAllString (literal = ReplaceAllLiteralString). */
export function replaceAll(re: GoRegexp, s: string, repl: string, literal: boolean): string {
  const matcher = re.matcher(s);
  let out = '';
  let lastMatchEnd = 0;
  let searchPos = 0;
  while (searchPos <= s.length) {
    const m = execAt(re, matcher, searchPos);
    if (!m) break;
    out += s.slice(lastMatchEnd, m.start);
    if (m.end > lastMatchEnd || m.start === 0) out += literal ? repl : expand(repl, m);
    lastMatchEnd = m.end;
    const w = searchPos < s.length ? width(s, searchPos) : 0;
    if (searchPos + w > m.end) searchPos += w;
    else if (searchPos + 1 > m.end) searchPos++;
    else searchPos = m.end;
  }
  return out + s.slice(lastMatchEnd);
}

/** Go's Regexp.Split. */
export function split(re: GoRegexp, pattern: string, s: string, n: number): string[] {
  if (n === 0) return [];
  if (pattern.length > 0 && s.length === 0) return [''];
  const matches = findAll(re, s, n);
  const out: string[] = [];
  let beg = 0;
  let end = 0;
  for (const m of matches) {
    if (n > 0 && out.length === n - 1) break;
    end = m.start;
    if (m.end !== 0) out.push(s.slice(beg, end));
    beg = m.end;
  }
  if (end !== s.length) out.push(s.slice(beg));
  return out;
}

/** regexp.QuoteMeta. */
export function quoteMeta(s: string): string {
  return s.replace(/[\\.+*?()|[\]{}^$]/g, (c) => '\\' + c);
}
