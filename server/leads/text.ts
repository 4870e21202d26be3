/**
 * Lead text is typed by strangers: before it reaches a dealer's mail client or a terminal, terminal
 * escape sequences and control characters come out (e-mails, ADF) or are shown as visible escapes
 * (npm run leads:outbox prints stored rows, also ones stored before this rule).
 */

// ESC sequences: CSI (ESC [ … final), strings (OSC ESC ], DCS ESC P, SOS ESC X, PM ESC ^, APC ESC _ … up to
// BEL or ST) and two-character escapes; the 8-bit CSI (U+009B) likewise.
const ESCAPE_SEQUENCE = /\u001b(?:\[[0-?]*[ -/]*[@-~]?|[\]PX^_][^\u0007\u001b\u009c\n]*(?:\u0007|\u001b\\|\u009c)|[ -/]*[0-~]?)|\u009b[0-?]*[ -/]*[@-~]?/g;
// C0 except tab and newline, DEL, C1.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** The text without escape sequences or control characters (tab and newline kept; CR LF becomes LF). */
export function stripControls(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(ESCAPE_SEQUENCE, "").replace(CONTROL, "");
}

// What a terminal must not be given raw: the controls above, and the bidirectional overrides and isolates
// that reorder what is shown.
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** The text with every control character (but tab and newline) written as a visible \uXXXX escape. */
export function visibleControls(text: string): string {
  return text.replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
