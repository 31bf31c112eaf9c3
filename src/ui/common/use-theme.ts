import { useEffect, useSyncExternalStore } from 'react';
import { useLayout } from '../../state/layout/context';
import { applyTheme, effectiveTheme, onSystemThemeChange, systemPrefersDark, type Theme } from './theme';

/** The theme in effect, kept on <html> as the choice or the system setting changes. */
export function useTheme(): Theme {
  const choice = useLayout((s) => s.theme);
  const prefersDark = useSyncExternalStore(onSystemThemeChange, systemPrefersDark, () => false);
  const theme = effectiveTheme(choice, prefersDark);
  useEffect(() => applyTheme(theme), [theme]);
  return theme;
}
