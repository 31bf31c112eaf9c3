/** A one-line message for the user: a refused command, a file that was not opened. */
export interface Message {
  id: number;
  kind: 'error' | 'info';
  text: string;
  /** The workload's text when it was said: once the text is another, the message is about the past. */
  said: string;
}

/** What the workspace tells the user beside the workload: a message, a recovered draft, drafts waiting. */
export interface NoticeFields {
  message: Message | null;
  /** Set when the text was recovered from an autosaved draft with unsaved changes. */
  recovered: { savedAt: number } | null;
  /** How many drafts with unsaved changes, of tabs since closed, wait to be taken up in a new tab. */
  waitingDrafts: number;
}

export interface NoticeActions {
  say(kind: Message['kind'], text: string): void;
  dismissMessage(): void;
  /** The user has read that the draft was recovered: hide the notice, keep the text. */
  keepRecovered(): void;
  /** A new tab was opened to take up one of the waiting drafts. */
  waitingDraftOpened(): void;
  /** The user has read that drafts wait: hide the notice. */
  dismissWaitingDrafts(): void;
}

export interface NoticesHost {
  get(): NoticeFields & { text: string };
  set(fields: Partial<NoticeFields>): void;
}

/** The notices: messages said to the user, and what they are told about drafts. */
export function createNotices({ get, set }: NoticesHost) {
  let messages = 0;
  const actions: NoticeActions = {
    say(kind, text) {
      set({ message: { id: ++messages, kind, text, said: get().text } });
    },
    dismissMessage() {
      set({ message: null });
    },
    keepRecovered() {
      set({ recovered: null });
    },
    waitingDraftOpened() {
      set({ waitingDrafts: Math.max(0, get().waitingDrafts - 1) });
    },
    dismissWaitingDrafts() {
      set({ waitingDrafts: 0 });
    },
  };
  return {
    actions,
    /** A refusal shown before is answered by a success (a rename retried with a valid name). */
    answered(): void {
      if (get().message?.kind === 'error') set({ message: null });
    },
    /**
     * The text changed (typing, a command, undo): a message said about another text would stay on
     * screen with stale words ("Removed…", "…was not opened"), so it goes.
     */
    textChanged(): void {
      const { message, text } = get();
      if (message && message.said !== text) set({ message: null });
    },
  };
}
