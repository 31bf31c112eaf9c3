import { Modal } from '../dialog/Modal';
import { SHEET_SECTIONS, sheetRows } from '../intents/palette';
import './palette.css';

/**
 * The keyboard sheet (`?`): every key of the app, as the table of intents binds it, by where it works.
 * Generated from the table, so that it never says a key the app does not have.
 */
export function KeyboardSheet({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Keyboard shortcuts" onClose={onClose} className="keyboard-sheet">
      <p className="sheet-note">Ctrl is Cmd on a Mac.</p>
      {SHEET_SECTIONS.map(({ scope, title }) => (
        <table key={scope} className="sheet-table">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Command</th>
              <th scope="col">Keys</th>
            </tr>
          </thead>
          <tbody>
            {sheetRows(scope).map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>
                  {row.keys.map((key, i) => (
                    <span key={key}>
                      {i > 0 && ' or '}
                      <kbd>{key}</kbd>
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
      <div className="modal-actions">
        <button type="button" data-autofocus onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
