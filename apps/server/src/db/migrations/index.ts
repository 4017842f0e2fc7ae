import type { Migration } from 'kysely';
import * as core from './0001-core';
import * as loads from './0002-loads';
import * as units from './0003-units';
import * as brokers from './0004-brokers';
import * as notifications from './0005-notifications';
import * as people from './0006-people';
import * as tracking from './0007-tracking';
import * as capacitySearch from './0008-capacity-search';
import * as vehicleSearchIndexes from './0009-vehicle-search-indexes';
import * as requestGuards from './0010-request-guards';
import * as loadboard from './0011-loadboard';
import * as loadIntake from './0012-load-intake';
import * as propositions from './0013-propositions';
import * as driverBids from './0014-driver-bids';
import * as chats from './0015-chats';
import * as sms from './0016-sms';
import * as email from './0017-email';
import * as emailPostings from './0018-email-postings';
import * as telephony from './0019-telephony';
import * as accounting from './0020-accounting';
import * as dashboard from './0021-dashboard';
import * as invoiceSent from './0022-invoice-sent';
import * as mapTiles from './0023-map-tiles';
import * as loadboardPlaces from './0024-loadboard-places';
import * as notificationReplacement from './0025-notification-replacement';
import * as loadboardVersions from './0026-loadboard-versions';
import * as loadboardTruckVersions from './0027-loadboard-truck-versions';
import * as loadboardNotices from './0028-loadboard-notices';
import * as chatNotices from './0029-chat-notices';

/** Every migration, in order. Listed statically so that no file-system scan is needed at run time. */
export const migrations: Record<string, Migration> = {
  '0001-core': core,
  '0002-loads': loads,
  '0003-units': units,
  '0004-brokers': brokers,
  '0005-notifications': notifications,
  '0006-people': people,
  '0007-tracking': tracking,
  '0008-capacity-search': capacitySearch,
  '0009-vehicle-search-indexes': vehicleSearchIndexes,
  '0010-request-guards': requestGuards,
  '0011-loadboard': loadboard,
  '0012-load-intake': loadIntake,
  '0013-propositions': propositions,
  '0014-driver-bids': driverBids,
  '0015-chats': chats,
  '0016-sms': sms,
  '0017-email': email,
  '0018-email-postings': emailPostings,
  '0019-telephony': telephony,
  '0020-accounting': accounting,
  '0021-dashboard': dashboard,
  '0022-invoice-sent': invoiceSent,
  '0023-map-tiles': mapTiles,
  '0024-loadboard-places': loadboardPlaces,
  '0025-notification-replacement': notificationReplacement,
  '0026-loadboard-versions': loadboardVersions,
  '0027-loadboard-truck-versions': loadboardTruckVersions,
  '0028-loadboard-notices': loadboardNotices,
  '0029-chat-notices': chatNotices,
};
