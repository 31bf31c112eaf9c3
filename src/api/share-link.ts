import lz from 'lz-string';
import { MAX_TEXT_LENGTH } from '../core/document/parse';

/**
 * Share links: a workload's text travels inside the link's fragment (`#score=…`), compressed with
 * lz-string into URL-safe characters (A–Z a–z 0–9 + - $). The fragment never reaches a server, so
 * sharing needs no backend and the page's host never sees the workload. Opening the link gives
 * back the text byte for byte.
 *
 * Length: engines accept far longer URLs (Chromium and WebKit 2 MiB, Firefox 1 MiB), but Chromium's
 * address bar shows at most 32 KiB of a URL and chat and mail apps cut long links. A link is refused
 * past MAX_SHARE_URL_LENGTH, whole URL included, with a message; the user exports the file instead.
 */
export const MAX_SHARE_URL_LENGTH = 32_000;

/** The fragment's key: `#score=<payload>`. */
export const SHARE_KEY = 'score';

export type ShareLink = { ok: true; url: string } | { ok: false; message: string };
export type SharedWorkload = { ok: true; text: string } | { ok: false; message: string };

/** A link to `pageUrl` (its own fragment replaced) that opens `text`. */
export function shareLinkFor(text: string, pageUrl: string): ShareLink {
  const page = pageUrl.split('#', 1)[0] ?? '';
  const url = `${page}#${SHARE_KEY}=${encodeSharedText(text)}`;
  if (url.length > MAX_SHARE_URL_LENGTH) {
    return {
      ok: false,
      message:
        `This workload is too big for a share link: the link would be ${url.length.toLocaleString('en')} characters, ` +
        `and links over ${MAX_SHARE_URL_LENGTH.toLocaleString('en')} characters may not survive an address bar, ` +
        'a chat message or an e-mail. Export score.yaml and share the file instead.',
    };
  }
  return { ok: true, url };
}

/**
 * The workload a link or fragment carries: undefined when it carries none (an ordinary page
 * address), otherwise the text or why it cannot be read (cut off when copied, or damaged).
 */
export function readShareLink(urlOrFragment: string): SharedWorkload | undefined {
  const hash = urlOrFragment.slice(urlOrFragment.indexOf('#') + 1);
  const entry = hash.split('&').find((part) => part.startsWith(`${SHARE_KEY}=`));
  if (entry === undefined) return undefined;
  const payload = entry.slice(SHARE_KEY.length + 1);
  if (payload.length > MAX_SHARE_URL_LENGTH) {
    return { ok: false, message: 'This share link is longer than any this app makes: it was not opened.' };
  }
  const decoded = decodePayload(payload);
  if (decoded === undefined) return { ok: false, message: damaged };
  if (decoded.length > MAX_TEXT_LENGTH) {
    return {
      ok: false,
      message:
        `This share link holds a text of ${decoded.length.toLocaleString('en')} characters; ` +
        `a workload must be under ${(MAX_TEXT_LENGTH / 1048576).toFixed(0)} MB (${MAX_TEXT_LENGTH.toLocaleString('en')} characters), so it was not opened.`,
    };
  }
  return { ok: true, text: decoded };
}

const damaged =
  'This share link is damaged or incomplete (it may have been cut off when it was copied). ' +
  'Ask for the link again, or for the score.yaml file.';

/**
 * The payload carries the text's length before it: a link cut short decompresses to a shorter
 * text (or to nothing), and the length tells the two apart from the real thing.
 */
export function encodeSharedText(text: string): string {
  return lz.compressToEncodedURIComponent(`${text.length}\n${text}`);
}

export function decodeSharedText(payload: string): string | undefined {
  const text = decodePayload(payload);
  return text === undefined || text.length > MAX_TEXT_LENGTH ? undefined : text;
}

/** The text a payload carries, whatever its size; undefined when the payload is damaged or cut short. */
function decodePayload(payload: string): string | undefined {
  let decoded: string | null;
  try {
    // Some apps percent-encode the `$` and `+` of the payload; nothing else in it ever needs it.
    decoded = lz.decompressFromEncodedURIComponent(payload.includes('%') ? decodeURIComponent(payload) : payload);
  } catch {
    return undefined;
  }
  if (!decoded) return undefined;
  const newline = decoded.indexOf('\n');
  const length = Number(decoded.slice(0, newline));
  const text = decoded.slice(newline + 1);
  if (newline < 1 || !/^\d+$/.test(decoded.slice(0, newline)) || length !== text.length) return undefined;
  return text;
}
