import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import {
  createJsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { createChangeNotices } from './db/change-notices';
import { API_COMPRESSION } from './http/compression';
import type { DatabaseKind } from './db/database';
import type { Db } from './db/types';
import { clientErrorHandler } from './http/client-errors';
import { errorHandler } from './http/error-handler';
import { MAP_TILES_PATH, registerMapTiles, servedMapTilesFile } from './http/map-tiles';
import { loggerOptions, logRequest } from './http/request-log';
import { registerWebApp } from './http/web-app';
import { createLocalFileStorage, type FileStorage } from './integrations/storage/file-storage';
import { accountingRoutes } from './modules/accounting/accounting.routes';
import { createAccountingService } from './modules/accounting/accounting.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService, DEFAULT_AUTH_SETTINGS, type AuthSettings } from './modules/auth/auth.service';
import { createAuthenticator, createRequireAuth } from './modules/auth/require-auth';
import { createTokenSigner } from './modules/auth/tokens';
import { brokersRoutes } from './modules/brokers/brokers.routes';
import { createBrokersService } from './modules/brokers/brokers.service';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { driverBidsRoutes } from './modules/bids/driver-bids.routes';
import { propositionsRoutes } from './modules/bids/propositions.routes';
import { createPropositionsService } from './modules/bids/propositions.service';
import { createDriverBidsService } from './modules/bids/driver-bids.service';
import { createForwardsService } from './modules/bids/forwards.service';
import { loseActivePropositions } from './modules/bids/board-exit';
import { driverPortalRoutes } from './modules/driver-portal/driver-portal.routes';
import { createSmtpMailer } from './integrations/mail/mailer';
import { createOauthTokenClient } from './integrations/mail/oauth-tokens';
import { createSecretBox } from './integrations/secret-box';
import { smsProviderRoutes } from './modules/sms/sms-provider.routes';
import { smsPublicRoutes } from './modules/sms/sms-public.routes';
import { smsRoutes } from './modules/sms/sms.routes';
import { createSmsService } from './modules/sms/sms.service';
import { emailRoutes } from './modules/email/email.routes';
import { createEmailService } from './modules/email/email.service';
import { createMailReceiver } from './modules/email/mail-receiver';
import { createImapPoller, IMAP_POLL_INTERVAL_MS } from './modules/email/imap-poller';
import { emailOauthClientRoutes } from './modules/email/email-oauth-clients.routes';
import { mailboxRoutes } from './modules/email/mailbox.routes';
import { createMailboxService } from './modules/email/mailbox.service';
import { invitationsRoutes } from './modules/users/invitations.routes';
import { createInvitationsService } from './modules/users/invitations.service';
import { companyRoutes } from './modules/company/company.routes';
import { createCompanyService } from './modules/company/company.service';
import { companyTelephonyRoutes } from './modules/company/company-telephony.routes';
import { createCompanyTelephonyService } from './modules/company/company-telephony.service';
import { telephonyRoutes } from './modules/telephony/telephony.routes';
import { createTelephonyService } from './modules/telephony/telephony.service';
import { geoRoutes } from './modules/geo/geo.routes';
import { createGeoService } from './modules/geo/geo.service';
import { healthRoutes } from './modules/health/health.routes';
import { createIncentiveTemplatesService } from './modules/incentives/incentive-templates.service';
import { incentivesRoutes } from './modules/incentives/incentives.routes';
import { createIncentivesService } from './modules/incentives/incentives.service';
import { chatsRoutes } from './modules/chats/chats.routes';
import { createChatNoticeSource } from './modules/chats/chat-notices';
import { createChatsService } from './modules/chats/chats.service';
import { damageReportsRoutes } from './modules/loads/damage-reports.routes';
import { createDamageReportsService } from './modules/loads/damage-reports.service';
import { legacyLoadsRoutes } from './modules/loads/legacy.routes';
import { loadsRoutes } from './modules/loads/loads.routes';
import { createCargoAnalysisService } from './modules/loadboard/cargo-analysis.service';
import { cargoAnalysisRoutes } from './modules/loadboard/cargo-analysis.routes';
import { createClosestCarsService } from './modules/loadboard/closest-cars.service';
import { closestCarsRoutes } from './modules/loadboard/closest-cars.routes';
import { createRatePredictionService } from './modules/loadboard/rate-prediction.service';
import { ratePredictionRoutes } from './modules/loadboard/rate-prediction.routes';
import { createLoadsService } from './modules/loads/loads.service';
import { accountingHook } from './modules/payments/broker-payments';
import { payAdjustmentsHook } from './modules/payments/pay-adjustments';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { createPaymentsService } from './modules/payments/payments.service';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { teamsRoutes } from './modules/teams/teams.routes';
import { createTeamsService } from './modules/teams/teams.service';
import { createBoardExpiryJob } from './jobs/board-expiry';
import { createPeriodicJob } from './jobs/periodic-job';
import { createTrackingWatch, TRACKING_CHECK_INTERVAL_MS } from './modules/tracking/tracking.service';
import { driversRoutes } from './modules/units/drivers.routes';
import type { ContactChatsOf } from './modules/units/contacts';
import { createDriversService } from './modules/units/drivers.service';
import { ownersRoutes } from './modules/units/owners.routes';
import { createOwnersService } from './modules/units/owners.service';
import { createCapacityService } from './modules/units/capacity.service';
import { vehiclesRoutes } from './modules/units/vehicles.routes';
import { createVehiclesService } from './modules/units/vehicles.service';
import { createUnitCountsService } from './modules/units/unit-counts.service';
import { loadboardRoutes } from './modules/loadboard/loadboard.routes';
import { createLoadboardService } from './modules/loadboard/loadboard.service';
import { profileRoutes } from './modules/users/profile.routes';
import { createEmailPostingService } from './modules/loadboard/email-posting.service';
import { emailPostingsRoutes } from './modules/loadboard/email-postings.routes';
import { intakeRoutes } from './modules/loadboard/intake.routes';
import { createNoPostingWatch } from './modules/loadboard/intake.no-posting';
import { createIntakeService } from './modules/loadboard/intake.service';
import { createDemoFeed } from './jobs/demo-feed';
import { NO_POSTING_CHECK_INTERVAL_MS } from '@app/domain/loadboard/intake.rules';
import { PAYSHEET_CHECK_INTERVAL_MS } from './modules/reports/paysheet-job';
import { reportsRoutes } from './modules/reports/reports.routes';
import { createReportsService } from './modules/reports/reports.service';
import { employeesRoutes } from './modules/users/employees.routes';
import { createEmployeesService } from './modules/users/employees.service';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { createInProcessEventBus, type EventBus } from './realtime/event-bus';
import type { SocketHub } from './realtime/socket-hub';
import { realtimeRoutes, type RealtimeRoutesOptions } from './realtime/websocket.routes';
import { APP_VERSION } from './version';

export type AppDeps = {
  config: Config;
  db: Db;
  dbKind: DatabaseKind;
  bus?: EventBus;
  /** Token lifetimes, the refresh reuse grace window and sign-in limits; tests shorten them. */
  auth?: Partial<AuthSettings>;
  /** The clock of the services. */
  now?: () => Date;
  /** Where uploads are kept; DATA_DIR/uploads by default. */
  storage?: FileStorage;
  /** Fastify's logger option; by default JSON lines at LOG_LEVEL (http/request-log.ts). */
  logger?: FastifyServerOptions['logger'];
  /**
   * The realtime socket's ping interval and check of ended sign-ins, and a look at its hub (tests and
   * benchmarks).
   */
  realtime?: Pick<RealtimeRoutesOptions, 'pingIntervalMs' | 'sessionCheckIntervalMs' | 'onHub'>;
  /**
   * How often the tracking watch runs while the server listens; false runs none (tests that drive a watch
   * of their own).
   */
  tracking?: { intervalMs?: number } | false;
  /** How often the load board's expiry runs while the server listens (jobs/board-expiry.ts); false runs none. */
  boardExpiry?: { intervalMs?: number } | false;
  /** How often the no-posting watch of followed brokers runs while the server listens; false runs none. */
  noPostingWatch?: { intervalMs?: number } | false;
  /**
   * The demo feed (jobs/demo-feed.ts): a realistic posting for the demo company every interval while the
   * server listens. Off unless given (main.ts gives it on the demo data when DEMO_FEED_SECONDS is not 0).
   */
  demoFeed?: { companyId: number; intervalMs: number };
  /** Sees every route as it is registered (the route guarantees test walks them all). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * The built-in SMTP receiver of brokers' mail, started when the app is ready: config's
   * MAIL_RECEIVER_PORT by default (unset: off); a test gives port 0 and learns the port from `onListening`.
   */
  mailReceiver?: { port: number; host?: string; onListening?: (port: number) => void } | false;
  /** How often users' mailboxes are read over IMAP while the server listens; false reads none. */
  imapPolling?: { intervalMs?: number } | false;
  /** How often the scheduled pay sheets are looked for while the server listens; false looks for none. */
  paysheetSchedule?: { intervalMs?: number } | false;
  /** The Twilio-compatible API's base address (default https://api.twilio.com); tests give a local one. */
  sms?: { twilioBaseUrl?: string | (() => string) };
};

export type App = FastifyInstance;

/** TRUST_PROXY as Fastify takes it: a number of proxies is a test of each hop's place. */
function trustedProxies(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : (trust ?? false);
}

/** A multipart file larger than this is refused with 413 (routes may set lower limits). */
export const MAX_UPLOAD_BYTES = 25_000_000;

export const API_DOCS_PATH = '/backend/api/docs';

/** Builds the HTTP application: every plugin and module is registered here, explicitly. */

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, db, dbKind } = deps;
  const now = deps.now ?? (() => new Date());
  const bus = deps.bus ?? createInProcessEventBus();
  const uploadsDir = join(config.dataDir, 'uploads');
  const storage = deps.storage ?? createLocalFileStorage(uploadsDir);
  const authSettings: AuthSettings = { ...DEFAULT_AUTH_SETTINGS, ...deps.auth };

  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel),
    // One line a request of our own (http/request-log.ts) instead of Fastify's two with the full URL.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true },
    // The client's address (sign-in limits per address) as the proxies in front of the server report it.
    trustProxy: trustedProxies(config.trustProxy),
    // Errors the router meets before any route (a bad percent-encoding in the path) answer like all others.
    frameworkErrors: (error, request, reply) => {
      void errorHandler(error, request, reply);
    },
    // And those Node's HTTP parser meets before Fastify (a path over 16 KB, a malformed request).
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.addHook('onResponse', logRequest);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.decorateRequest('caller', null);
  app.decorate('bus', bus);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Dispatch back office API',
        description:
          'Errors answer { detail, code, fields }. Send the access token as `Authorization: Bearer <token>`.',
        version: APP_VERSION,
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // POST loadboard/intake: the company's load intake key instead of a user's token.
          intakeKey: { type: 'apiKey', in: 'header', name: 'X-Intake-Key' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: createJsonSchemaTransform({
      skipList: [],
      // File fields of multipart forms have no JSON Schema of their own: their meta describes them.
      zodToJsonConfig: { unrepresentable: 'any' },
    }),
  });
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH });
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 20, fields: 200 } });
  await app.register(fastifyCompress, API_COMPRESSION);
  // Off by default; a route opts in with `config: { rateLimit: { max, timeWindow } }`.
  await app.register(fastifyRateLimit, { global: false });

  const tokens = createTokenSigner(config.jwtSecret, authSettings.accessTokenTtlSeconds, now);
  const authenticator = createAuthenticator(db, tokens, authSettings.sessionUserMemoryMs);
  let socketHub: SocketHub | undefined;
  const requireAuth = createRequireAuth(authenticator);
  // The self-hosted map tiles (MAP_TILES_FILE, when it is there), and the map tiles of a company that has
  // none of its own (MAP_TILES_URL, else the served file's path).
  const mapTilesFile = servedMapTilesFile(config.mapTilesFile, app.log);
  const users = createUsersService({
    db,
    storage,
    now,
    forgetSessionUser: (userId) => authenticator.forgetUser(userId),
    mapTilesUrl: config.mapTilesUrl ?? (mapTilesFile === undefined ? undefined : MAP_TILES_PATH),
  });
  const auth = createAuthService({
    db,
    tokens,
    users,
    settings: authSettings,
    now,
    // The ended sign-ins' access tokens are refused and their sockets closed at once on this server (the
    // other processes close theirs at their next check of sockets).
    endSessions: (familyIds) => {
      authenticator.endSessions(familyIds);
      socketHub?.endSessions(familyIds);
    },
  });
  // Teams count and move loads and vehicles through their services (made below, called only at request time).
  const teams = createTeamsService({
    db,
    bus,
    log: app.log,
    loads: {
      openLoadsByTeam: (companyId) => loads.openLoadsByTeam(companyId),
      openLoadsOf: (reader, companyId, scope) => loads.openLoadsOf(reader, companyId, scope),
      moveToTeam: (trx, companyId, from, to) => loads.moveToTeam(trx, companyId, from, to),
    },
    vehicles: {
      vehiclesByTeam: (companyId) => vehicles.vehiclesByTeam(companyId),
      vehiclesOfTeam: (reader, companyId, id) => vehicles.vehiclesOfTeam(reader, companyId, id),
      moveToTeam: (trx, companyId, from, to) => vehicles.moveToTeam(trx, companyId, from, to),
    },
  });

  await app.register(healthRoutes, { db, dbKind });
  await app.register(authRoutes, { auth, authenticator });
  await app.register(usersRoutes, { users, requireAuth });
  await app.register(profileRoutes, { users, auth, requireAuth });
  await app.register(teamsRoutes, { teams, requireAuth });
  const company = createCompanyService({ db, bus, log: app.log, now });
  const geo = createGeoService({ company });
  await app.register(companyRoutes, { company, requireAuth });
  const companyTelephony = createCompanyTelephonyService({ db, bus, log: app.log, now });
  await app.register(companyTelephonyRoutes, { telephony: companyTelephony, requireAuth });
  const telephony = createTelephonyService({
    db,
    callSettingsOf: (companyId) => companyTelephony.callSettingsOf(companyId),
    loadChatIds: (companyId, loadIds) => chats.loadChatIds(companyId, loadIds),
    smsChatIdsOf: (companyId, people) => sms.chatIdsOfPeople(companyId, people),
  });
  await app.register(telephonyRoutes, { telephony, requireAuth });
  await app.register(geoRoutes, { geo, requireAuth });
  // A group chat's notices are read from the chats (modules/chats/chat-notices.ts), listed with the stored.
  const notifications = createNotificationsService({
    db,
    bus,
    now,
    log: app.log,
    sources: [createChatNoticeSource({ db })],
  });
  await app.register(notificationsRoutes, { notifications, requireAuth });
  await app.register(realtimeRoutes, {
    db,
    authenticator,
    bus,
    ...deps.realtime,
    onHub: (hub) => {
      socketHub = hub;
      deps.realtime?.onHub?.(hub);
    },
  });
  const vehicles = createVehiclesService({ db, bus, now, log: app.log });
  const contactChatsOf: ContactChatsOf = (companyId, kind, ids) =>
    telephony.chatsOfPeople(companyId, kind, ids);
  const drivers = createDriversService({ db, bus, now, log: app.log, contactChatsOf });
  const brokers = createBrokersService({ db, bus, now, log: app.log });
  // The database's notices of changes (PostgreSQL only: the embedded database serves one process, which
  // reads its board from the database at each request).
  const notices =
    config.databaseUrl && dbKind === 'postgres'
      ? createChangeNotices({ connectionString: config.databaseUrl, channels: ['loadboard'], log: app.log })
      : null;
  const loadboard = createLoadboardService({
    db,
    bus,
    now,
    log: app.log,
    notices,
    // The bids an expired load leaves are the bids module's (driverBids is made below, called only later).
    settleExpiredBids: async (trx, companyId, loadId, at) => [
      ...(await driverBids.settle(trx, companyId, loadId, null)),
      ...(await loseActivePropositions(vehicles, trx, companyId, loadId, at)),
    ],
  });
  const loads = createLoadsService({
    db,
    storage,
    bus,
    now,
    notifications,
    vehicles,
    drivers,
    brokers,
    users,
    boardLoadEvent: loadboard.boardLoadEvent,
    boardExit: {
      settleDriverBids: (trx, companyId, loadId, bookedVehicleId) =>
        driverBids.settle(trx, companyId, loadId, bookedVehicleId),
      loseActivePropositions: (trx, companyId, loadId, at) =>
        loseActivePropositions(vehicles, trx, companyId, loadId, at),
    },
    accounting: accountingHook,
    payAdjustments: payAdjustmentsHook,
    log: app.log,
  });
  await app.register(loadsRoutes, { loads, requireAuth });
  // The company's people: a dismissal hands loads and vehicles over through their services and ends the
  // user's sign-ins through the auth service; a change of role or status closes the user's sockets here at
  // once (the other processes close theirs at their next check of sockets).
  const employees = createEmployeesService({
    db,
    bus,
    now,
    log: app.log,
    teams,
    loads,
    vehicles,
    auth,
    userChanged: (userId) => {
      authenticator.forgetUser(userId);
      socketHub?.endWhere((identity) => identity.userId === userId);
    },
  });
  await app.register(employeesRoutes, { employees, requireAuth });
  const payments = createPaymentsService({ db, bus, now, loads, log: app.log });
  await app.register(paymentsRoutes, { payments, requireAuth });
  const accounting = createAccountingService({ db, bus, now, loads, log: app.log });
  await app.register(accountingRoutes, { accounting, requireAuth });
  // Reports read the accounting, payments, loads and brokers services; the pay-sheet schedule is a job below.
  const reports = createReportsService({
    db,
    bus,
    now,
    mailer: createSmtpMailer(),
    batchMailer: () => createSmtpMailer({ pool: true }),
    log: app.log,
    accounting,
    payments: {
      ownerPaySheet: (caller, id) => payments.ownerPaySheet(caller, id),
      owners: (caller, query) => payments.ownersList(caller, query),
      dispatchers: (caller, query) => payments.dispatchersList(caller, query),
      closeWeek: async (trx, companyId, year, week, userId) =>
        (await payments.closeWeek(trx, companyId, year, week, userId)).events,
      invoiceSent: (trx, companyId, loadId, at) => payments.invoiceSent(trx, companyId, loadId, at),
    },
    loads,
    brokers: { billingOf: (companyId, id) => brokers.brokerOfCompanyById(companyId, id) },
  });
  await app.register(reportsRoutes, { reports, requireAuth });
  await app.register(loadboardRoutes, { loadboard, requireAuth });
  await app.register(legacyLoadsRoutes, { loads, requireAuth });
  const intake = createIntakeService({ db, bus, now, loads, brokers, company, users, log: app.log });
  await app.register(intakeRoutes, { intake, requireAuth });
  const emailPostings = createEmailPostingService({ db, bus, now, intake, brokers, geo, log: app.log });
  await app.register(emailPostingsRoutes, {
    emailPostings,
    companyOfKey: (key) => intake.companyOfKey(key),
    requireAuth,
    now,
  });
  const damageReports = createDamageReportsService({ db, bus, now, notifications, log: app.log });
  await app.register(damageReportsRoutes, { damageReports, requireAuth });
  await app.register(incentivesRoutes, {
    incentives: createIncentivesService({ db, bus, now, payAdjustments: payAdjustmentsHook, log: app.log }),
    templates: createIncentiveTemplatesService({ db, bus, now, log: app.log }),
    requireAuth,
  });
  const chats = createChatsService({ db, bus, now, storage, log: app.log });
  await app.register(chatsRoutes, { chats, requireAuth });
  await app.register(brokersRoutes, { brokers, requireAuth });
  const owners = createOwnersService({ db, bus, now, log: app.log, contactChatsOf });
  await app.register(driversRoutes, { drivers, owners, requireAuth });
  await app.register(ownersRoutes, { owners, requireAuth });
  const capacity = createCapacityService({ db, now, vehicles, loads, geo });
  await app.register(vehiclesRoutes, { vehicles, capacity, requireAuth });
  const driverBids = createDriverBidsService({
    db,
    bus,
    now,
    log: app.log,
    // The board load in the board's own shape, read in the bid's transaction (driver_bid, update_loadboard).
    boardLoad: async (reader, companyId, loadId) =>
      (await loadboard.boardLoad(companyId, null, loadId, reader)) ?? {
        id: loadId,
        board_status: 'withdrawn',
      },
  });
  const forwards = createForwardsService({ db, bus, now, log: app.log });
  await app.register(driverBidsRoutes, { driverBids, forwards, requireAuth });
  await app.register(driverPortalRoutes, { driverBids, forwards, requireAuth });
  const invitations = createInvitationsService({
    db,
    bus,
    mailer: createSmtpMailer(),
    publicUrl: config.publicUrl,
    now,
    log: app.log,
  });
  await app.register(invitationsRoutes, { invitations, requireAuth });
  const closestCars = createClosestCarsService({ db, capacity });
  await app.register(closestCarsRoutes, { closestCars, requireAuth });
  const ratePrediction = createRatePredictionService({ db, now });
  await app.register(ratePredictionRoutes, { ratePrediction, requireAuth });
  const cargoAnalysis = createCargoAnalysisService({ db });
  await app.register(cargoAnalysisRoutes, { cargoAnalysis, requireAuth });
  const units = createUnitCountsService({ db });
  const dashboard = createDashboardService({ db, now, users, teams, units, brokers });
  await app.register(dashboardRoutes, { dashboard, requireAuth });
  // E-mail threads with brokers: out through the user's mailbox or the company's SMTP server, in through the
  // built-in SMTP receiver (modules/email/mail-receiver.ts); a posting e-mail goes to the board's intake.
  const mailReceiverOptions =
    deps.mailReceiver ??
    (config.mailReceiverPort === undefined
      ? false
      : { port: config.mailReceiverPort, host: config.mailReceiverHost });
  const mailDomain = config.mailDomain ?? 'dispatch.localhost';
  const mailboxes = createMailboxService({
    db,
    bus,
    mailer: createSmtpMailer(),
    secrets: createSecretBox(config.jwtSecret),
    stateSecret: config.jwtSecret,
    now,
    inboundDomain: mailReceiverOptions ? mailDomain : null,
    publicUrl: config.publicUrl,
    oauthTokens: createOauthTokenClient({ endpoints: config.emailOauth, now }),
    log: app.log,
  });
  const email = createEmailService({
    db,
    bus,
    now,
    mailer: createSmtpMailer(),
    storage,
    notifications,
    mailboxes,
    mailDomain,
    receiverOn: mailReceiverOptions !== false,
    postings: emailPostings,
    log: app.log,
  });
  // SMS with drivers and owners: the company's provider (local by default, or Twilio), its webhook and the
  // phone page of the local provider.
  const sms = createSmsService({
    db,
    bus,
    now,
    log: app.log,
    storage,
    notifications,
    secretBox: createSecretBox(config.jwtSecret),
    publicUrl: config.publicUrl,
    twilioBaseUrl: deps.sms?.twilioBaseUrl,
  });
  await app.register(smsRoutes, { sms, requireAuth });
  await app.register(smsPublicRoutes, { sms, publicUrl: config.publicUrl });
  await app.register(smsProviderRoutes, { sms, requireAuth });
  await app.register(emailRoutes, { email, requireAuth });
  await app.register(mailboxRoutes, { mailboxes, requireAuth });
  await app.register(emailOauthClientRoutes, { mailboxes, requireAuth });
  const mailReceiver = mailReceiverOptions
    ? createMailReceiver({
        companyOfInbound: (address) => mailboxes.companyOfInbound(address),
        receive: (companyId, mail, hint) => email.receive(companyId, mail, hint),
        now,
        log: app.log,
      })
    : null;
  const propositions = createPropositionsService({
    db,
    bus,
    now,
    mailer: createSmtpMailer(),
    loads,
    vehicles,
    emailThreads: email,
    log: app.log,
  });
  await app.register(propositionsRoutes, { propositions, requireAuth });

  if (mapTilesFile !== undefined) registerMapTiles(app, mapTilesFile);
  await registerWebApp(app, { webDist: config.webDist, avatarsDir: join(uploadsDir, 'avatars') });

  // Background work runs in a server that listens (not in an app only injected into by tests), and
  // stops before the app closes, so that the database is closed after its last run.
  const trackingJob =
    deps.tracking === false
      ? null
      : createPeriodicJob({
          name: 'tracking watch',
          run: createTrackingWatch({ db, notifications, now }).runOnce,
          intervalMs: deps.tracking?.intervalMs ?? TRACKING_CHECK_INTERVAL_MS,
          log: (message, error) => app.log.error({ err: error }, message),
        });
  const noPostingJob =
    deps.noPostingWatch === false
      ? null
      : createPeriodicJob({
          name: 'no-posting watch',
          run: createNoPostingWatch({ db, bus, now, brokers, notifications, log: app.log }).runOnce,
          intervalMs: deps.noPostingWatch?.intervalMs ?? NO_POSTING_CHECK_INTERVAL_MS,
          log: (message, error) => app.log.error({ err: error }, message),
        });
  // The demo feed: a posting through the intake every few seconds, on the demo data only (main.ts).
  const demoFeedJob = deps.demoFeed
    ? createPeriodicJob({
        name: 'demo feed',
        run: createDemoFeed({ intake, now, companyId: deps.demoFeed.companyId }).postOne,
        intervalMs: deps.demoFeed.intervalMs,
        log: (message, error) => app.log.error({ err: error }, message),
      })
    : null;
  const boardExpiryJob =
    deps.boardExpiry === false
      ? null
      : createBoardExpiryJob({
          expireDueLoads: () => loadboard.expireDueLoads(),
          intervalMs: deps.boardExpiry?.intervalMs,
          log: (message, error) => app.log.error({ err: error }, message),
        });
  app.addHook('onListen', (done) => {
    trackingJob?.start();
    boardExpiryJob?.start();
    noPostingJob?.start();
    demoFeedJob?.start();
    imapJob?.start();
    paysheetJob?.start();
    done();
  });

  const imapPoller = createImapPoller({
    targets: () => mailboxes.imapTargets(),
    setLastUid: (id, uid) => mailboxes.setImapLastUid(id, uid),
    markInvalid: (id) => mailboxes.markInvalid(id),
    receive: (companyId, mail, hint) => email.receive(companyId, mail, hint),
    now,
    log: app.log,
  });
  const imapJob =
    deps.imapPolling === false
      ? null
      : createPeriodicJob({
          name: 'IMAP polling',
          run: () => imapPoller.runOnce(),
          intervalMs: deps.imapPolling?.intervalMs ?? IMAP_POLL_INTERVAL_MS,
          log: (message, error) => app.log.error({ err: error }, message),
        });
  const paysheetJob =
    deps.paysheetSchedule === false
      ? null
      : createPeriodicJob({
          name: 'scheduled pay sheets',
          run: () => reports.runScheduledPaySheets(),
          intervalMs: deps.paysheetSchedule?.intervalMs ?? PAYSHEET_CHECK_INTERVAL_MS,
          log: (message, error) => app.log.error({ err: error }, message),
        });
  app.addHook('onReady', async () => {
    if (!mailReceiver || !mailReceiverOptions) return;
    const port = await mailReceiver.listen(mailReceiverOptions.port, mailReceiverOptions.host ?? config.host);
    app.log.info(`Mail receiver listening on port ${port} for *@${mailDomain}`);
    mailReceiverOptions.onListening?.(port);
  });

  app.addHook('onClose', async () => {
    await sms.drainBulk();
    await imapJob?.stop();
    await paysheetJob?.stop();
    await mailReceiver?.close();
    await demoFeedJob?.stop();
    await noPostingJob?.stop();
    await boardExpiryJob?.stop();
    await trackingJob?.stop();
    await notices?.close();
    if (!deps.bus) await bus.close();
  });

  return app;
}

declare module 'fastify' {
  // Module augmentation only works with an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Where services publish realtime events after their transactions commit. */
    bus: EventBus;
  }
}
