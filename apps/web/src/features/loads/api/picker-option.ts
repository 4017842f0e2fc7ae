/** One choice of a search picker: the id sent, the name shown and a hint beside it. */
export type PickerOption = { id: number; label: string; detail: string | null };

export type PickerSearch = (text: string, signal?: AbortSignal) => Promise<PickerOption[]>;
