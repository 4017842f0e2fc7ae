// The cache keys of the search pickers, apart from the component so that the realtime mapping can name
// them without loading the picker. A picker's answers sit under ['search-picker', kind], its `kind` prop:
// 'driver', 'driver-with-fired' (a list filter), 'owner', 'vehicle', 'broker'.

/** Every cached answer of the pickers of one kind, whatever was typed. */
export const searchPickerKeys = (kind: string) => ['search-picker', kind] as const;

/** The answer of one picker kind for one typed text. */
export const searchPickerKey = (kind: string, text: string) => [...searchPickerKeys(kind), text] as const;
