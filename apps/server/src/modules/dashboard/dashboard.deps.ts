import type { Db } from '../../db/types';
import type { BrokersService } from '../brokers/brokers.service';
import type { TeamsService } from '../teams/teams.service';
import type { UnitCountsService } from '../units/unit-counts.service';
import type { UsersService } from '../users/users.service';

// What the dashboard's use cases share: the database (its own read model only), the clock, and the other
// modules' services it reads names, teams and unit counts through.

export type DashboardDeps = {
  db: Db;
  now: () => Date;
  users: Pick<UsersService, 'namesOf' | 'teamOf'>;
  teams: Pick<TeamsService, 'namesList'>;
  units: Pick<UnitCountsService, 'countsNow' | 'availableVehicles' | 'driverNames'>;
  brokers: Pick<BrokersService, 'brokerNames' | 'brokerOfCompanyById'>;
};
