/** Rows already written by the seed that later steps refer to, with what those steps need to know. */
import type { RoleColumn } from '../schema';
import type { City } from './cities';
import type { PersonName } from './content';

export type SeededUser = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: RoleColumn | null;
  workingGroupId: number | null;
  subgroupId: number | null;
};

export type BrokerContact = PersonName & { phone: string; email: string };

export type SeededBroker = {
  id: number;
  name: string;
  is_otr: boolean;
  rating: 1 | 2 | 3 | 4 | 5;
  in_blacklist: boolean;
  blacklistedAt: Date | null;
  city: City;
  /** The people who post loads and send rate confirmations for this broker. */
  contacts: BrokerContact[];
  /** Start of this broker's load references, like 'SFP' in 'SFP-4819273'. */
  referencePrefix: string;
};
