import { Component, type ReactNode } from 'react';

/** If Monaco fails to load (a chunk missing after an update, an old browser), the text area stays and says why. */
export class EditorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <>
        <p className="hint" role="note">
          The full editor could not be loaded; this plain text area edits the same workload.
        </p>
        {this.props.fallback}
      </>
    );
  }
}
