import { useId } from 'react';
import { useLayout } from '../../state/layout/context';
import type { ThemeChoice } from '../../state/layout/store';

const choices: Array<{ value: ThemeChoice; label: string }> = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** Light, dark, or whatever the system uses (the default). */
export function ThemePicker() {
  const theme = useLayout((s) => s.theme);
  const setTheme = useLayout((s) => s.setTheme);
  const id = useId();
  return (
    <span className="theme-picker">
      <label htmlFor={id}>Theme</label>
      <select id={id} value={theme} onChange={(e) => setTheme(e.target.value as ThemeChoice)}>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </span>
  );
}
