/** The telephony queries' keys: the panel's people search and a user's phone data. */
export const telephonyQueryKeys = {
  all: ['telephony'] as const,
  contacts: (search: string) => ['telephony', 'contacts', search] as const,
  userPhoneData: (kind: string, id: number) => ['telephony', 'user-phone-data', kind, id] as const,
};
