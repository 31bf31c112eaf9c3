import type { ThemeChoice } from '../../state/layout/store';

export type Theme = 'light' | 'dark';

const darkQuery = '(prefers-color-scheme: dark)';

/** The theme shown: the user's choice, or the system's when they chose "system". */
export function effectiveTheme(choice: ThemeChoice, systemPrefersDark: boolean): Theme {
  if (choice === 'system') return systemPrefersDark ? 'dark' : 'light';
  return choice;
}

export function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(darkQuery).matches;
}

/** Calls back when the system switches between light and dark; returns the unsubscribe function. */
export function onSystemThemeChange(callback: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const query = matchMedia(darkQuery);
  query.addEventListener('change', callback);
  return () => query.removeEventListener('change', callback);
}

/** Sets the page's theme: CSS reads `data-theme` on <html>; form controls and scroll bars follow color-scheme. */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}
