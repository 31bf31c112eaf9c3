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
      {/* Named, not labelled on screen: the header keeps to one row at 1440 px (the options say what they are). */}
      <label htmlFor={id} className="visually-hidden">
        Theme
      </label>
      <span aria-hidden="true" className="theme-mark">
        ◐
      </span>
      <select id={id} value={theme} title="Theme" onChange={(e) => setTheme(e.target.value as ThemeChoice)}>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </span>
  );
}
