/** Errors the broker dialogs show themselves, in the server's words, instead of the generic toast. */
export const SHOWN_BY_THE_DIALOG = [400, 403, 404, 409] as const;
