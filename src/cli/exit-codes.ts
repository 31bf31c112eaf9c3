/** The CLI's exit status, as scripts and CI rely on it. */
export const EXIT = {
  /** Every file is valid; warnings are allowed. */
  ok: 0,
  /** At least one file has an error. */
  invalid: 1,
  /** The command line was wrong, or a file could not be read: nothing trustworthy was checked. */
  usage: 2,
} as const;
