/**
 * Go's regexp (RE2 syntax) on top of JavaScript's RegExp, for sprig's regex functions. The syntax is
 * translated where the two differ (leading (?flags), (?P<name>), \z, \A, \Q…\E, POSIX classes,
 * Go's ASCII \s, '.' not matching only \n) and Go's rules for repeated matches are kept (an empty
 * match right after a previous match does not count). Perl features RE2 lacks are rejected.
 */

const POSIX: Record<string, string> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  ascii: '\\x00-\\x7F',
  blank: '\\t ',
  cntrl: '\\x00-\\x1F\\x7F',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-\\/:-@\\[-`{-~',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
};

const GO_SPACE = '\\t\\n\\f\\r ';
const JS_SYNTAX = '^$\\.*+?()[]{}|/-';

function fail(pattern: string, what: string): never {
  throw new Error(`error parsing regexp: ${what}: \`${pattern}\``);
}

function escapeLiteral(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  if (/[0-9A-Za-z_]/.test(ch) || cp > 0x7f) return ch;
  return '\\x' + cp.toString(16).padStart(2, '0');
}

/** Translates one escape at pattern[i] (a backslash); returns the JS text and the next index. */
function translateEscape(pattern: string, i: number, inClass: boolean): [string, number] {
  const c = pattern[i + 1];
  if (c === undefined) fail(pattern, 'trailing backslash at end of expression');
  switch (c) {
    case 'z':
      if (inClass) fail(pattern, 'invalid escape sequence');
      return ['(?![\\s\\S])', i + 2];
    case 'A':
      if (inClass) fail(pattern, 'invalid escape sequence');
      return ['(?<![\\s\\S])', i + 2];
    case 's':
      return [inClass ? GO_SPACE : `[${GO_SPACE}]`, i + 2];
    case 'S':
      return [inClass ? '\\S' : `[^${GO_SPACE}]`, i + 2];
    case 'd':
    case 'D':
    case 'w':
    case 'W':
    case 'n':
    case 't':
    case 'r':
    case 'f':
    case 'v':
      return ['\\' + c, i + 2];
    case 'a':
      return ['\\x07', i + 2];
    case 'b':
    case 'B':
      if (inClass) fail(pattern, 'invalid escape sequence');
      return ['\\' + c, i + 2];
    case 'p':
    case 'P': {
      let name: string;
      let next: number;
      if (pattern[i + 2] === '{') {
        const close = pattern.indexOf('}', i + 3);
        if (close < 0) fail(pattern, 'invalid character class range');
        name = pattern.slice(i + 3, close);
        next = close + 1;
      } else {
        name = pattern[i + 2] ?? '';
        next = i + 3;
      }
      const negate = name.startsWith('^');
      if (negate) name = name.slice(1);
      const letter = (c === 'P') !== negate ? 'P' : 'p';
      const category = /^[A-Z][a-z]?$/.test(name) ? name : name === 'Any' ? 'Any' : `Script=${name}`;
      return [`\\${letter}{${category}}`, next];
    }
    case 'x': {
      if (pattern[i + 2] === '{') {
        const close = pattern.indexOf('}', i + 3);
        if (close < 0) fail(pattern, 'invalid escape sequence');
        return [`\\u{${pattern.slice(i + 3, close)}}`, close + 1];
      }
      return ['\\x' + pattern.slice(i + 2, i + 4), i + 4];
    }
    case 'Q': {
      const end = pattern.indexOf('\\E', i + 2);
      const literal = end < 0 ? pattern.slice(i + 2) : pattern.slice(i + 2, end);
      return [[...literal].map(escapeLiteral).join(''), end < 0 ? pattern.length : end + 2];
    }
  }
  if (c >= '0' && c <= '7') {
    // Octal: \0 or up to three digits; a single non-zero digit would be a backreference (not in RE2).
    const m = /^[0-7]{1,3}/.exec(pattern.slice(i + 1)) ?? [''];
    const digits = m[0];
    if (c !== '0' && digits.length < 2) fail(pattern, `invalid escape sequence: \`\\${c}\``);
    return ['\\x' + parseInt(digits, 8).toString(16).padStart(2, '0'), i + 1 + digits.length];
  }
  if (/[0-9A-Za-z]/.test(c)) fail(pattern, `invalid escape sequence: \`\\${c}\``);
  if (JS_SYNTAX.includes(c)) return ['\\' + c, i + 2];
  return [escapeLiteral(c), i + 2];
}

interface Translated {
  source: string;
  flags: string;
}

function translate(pattern: string): Translated {
  let flags = '';
  let i = 0;
  const lead = /^\(\?([imsU]+)\)/.exec(pattern);
  if (lead) {
    const f = lead[1] ?? '';
    if (f.includes('U')) fail(pattern, 'the ungreedy flag (?U) is not supported');
    flags = [...new Set(f)].join('');
    i = lead[0].length;
  }
  const dotAll = flags.includes('s');
  let out = '';
  while (i < pattern.length) {
    const ch = pattern[i] ?? '';
    if (ch === '\\') {
      const [text, next] = translateEscape(pattern, i, false);
      out += text;
      i = next;
      continue;
    }
    if (ch === '[') {
      let j = i + 1;
      let cls = '[';
      if (pattern[j] === '^') {
        cls += '^';
        j++;
      }
      if (pattern[j] === ']') {
        cls += '\\]';
        j++;
      }
      let closed = false;
      while (j < pattern.length) {
        const c = pattern[j] ?? '';
        if (c === ']') {
          closed = true;
          j++;
          break;
        }
        if (c === '[' && pattern[j + 1] === ':') {
          const end = pattern.indexOf(':]', j + 2);
          if (end > 0) {
            let name = pattern.slice(j + 2, end);
            const negate = name.startsWith('^');
            if (negate) name = name.slice(1);
            const set = Object.prototype.hasOwnProperty.call(POSIX, name) ? POSIX[name] : undefined;
            if (set === undefined) fail(pattern, 'invalid character class range');
            if (negate) fail(pattern, 'negated POSIX classes are not supported');
            cls += set;
            j = end + 2;
            continue;
          }
        }
        if (c === '\\') {
          const [text, next] = translateEscape(pattern, j, true);
          cls += text;
          j = next;
          continue;
        }
        cls += c === '[' || c === '/' ? '\\' + c : c;
        j++;
      }
      if (!closed) fail(pattern, 'missing closing ]');
      out += cls + ']';
      i = j;
      continue;
    }
    if (ch === '(' && pattern[i + 1] === '?') {
      const rest = pattern.slice(i + 2);
      if (rest.startsWith('P<')) {
        out += '(?<';
        i += 4;
        continue;
      }
      if (rest.startsWith(':') || (rest.startsWith('<') && !rest.startsWith('<=') && !rest.startsWith('<!'))) {
        out += '(?' + (rest[0] ?? '');
        i += 3;
        continue;
      }
      fail(pattern, 'invalid or unsupported Perl syntax');
    }
    if (ch === '.' && !dotAll) {
      out += '[^\\n]';
      i++;
      continue;
    }
    out += ch === '/' ? '\\/' : ch;
    i++;
  }
  return { source: out, flags };
}

/** Compiles a Go regular expression; throws "error parsing regexp: …" when it is not valid RE2. */
export function compileGoRegexp(pattern: string): RegExp {
  const { source, flags } = translate(pattern);
  try {
    return new RegExp(source, flags + 'u');
  } catch {
    try {
      return new RegExp(source, flags);
    } catch (e) {
      return fail(pattern, e instanceof Error ? e.message : String(e));
    }
  }
}

/** One match: its span and its groups (undefined for a group that did not take part). */
export interface GoMatch {
  start: number;
  end: number;
  groups: (string | undefined)[];
  named: Record<string, string | undefined>;
}

function execAt(re: RegExp, s: string, pos: number): GoMatch | null {
  const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g');
  g.lastIndex = pos;
  const m = g.exec(s);
  if (!m) return null;
  return { start: m.index, end: m.index + m[0].length, groups: [...m], named: { ...(m.groups ?? {}) } };
}

function width(s: string, pos: number): number {
  const cp = s.codePointAt(pos);
  return cp !== undefined && cp > 0xffff ? 2 : 1;
}

/** Go's allMatches: at most n matches (n < 0: all), skipping empty matches that abut the previous one. */
export function findAll(re: RegExp, s: string, n: number): GoMatch[] {
  const limit = n < 0 ? s.length + 1 : n;
  const out: GoMatch[] = [];
  let pos = 0;
  let prevEnd = -1;
  while (out.length < limit && pos <= s.length) {
    const m = execAt(re, s, pos);
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
export function replaceAll(re: RegExp, s: string, repl: string, literal: boolean): string {
  let out = '';
  let lastMatchEnd = 0;
  let searchPos = 0;
  while (searchPos <= s.length) {
    const m = execAt(re, s, searchPos);
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
export function split(re: RegExp, pattern: string, s: string, n: number): string[] {
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
