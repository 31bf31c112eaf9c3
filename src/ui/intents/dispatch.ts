import { matchesKey, type KeyEventLike } from './keys';
import { allIntents, type Intent, type IntentContext, type Scope } from './table';

/** The intent of `scope` a key is bound to, if any (the table's test keeps it to one). */
export function intentForKey(scope: Scope, event: KeyEventLike): Intent | undefined {
  return allIntents.find((intent) => intent.scope === scope && intent.keys.some((k) => matchesKey(k, event)));
}

/**
 * Does the intent if it applies; otherwise tells why, when there is something worth saying. False
 * when neither: the key was not for it here, and goes on to whatever else handles it.
 */
export function performOrExplain(intent: Intent, ctx: IntentContext): boolean {
  if (intent.applies(ctx)) {
    intent.perform(ctx);
    return true;
  }
  const why = intent.why?.(ctx);
  if (why === undefined || !ctx.explain) return false;
  ctx.explain(why);
  return true;
}

/**
 * A field the user types in, whose keys (Ctrl+Z among them) are its own. The YAML editor's is an
 * element with an EditContext, neither editable content nor a text area: its role says it.
 */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  if (target.getAttribute('role') === 'textbox') return true;
  return target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'file', 'submit'].includes(target.type);
}

/** A modal dialog is open: the document behind it is out of reach. */
export function inModal(target: EventTarget | null): boolean {
  if (target instanceof Element && target.closest('dialog[open]')) return true;
  return document.querySelector('dialog[open]') !== null;
}
