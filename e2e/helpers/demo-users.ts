// The demo carrier the server seeds into an empty database (see the README's demo sign-ins).
export const DEMO_PASSWORD = 'demo1234';

export const DEMO_USERS = {
  admin: { email: 'admin@demo.test', role: 3 },
  manager: { email: 'manager@demo.test', role: 4 },
  dispatcher: { email: 'dispatcher@demo.test', role: 5 },
  tracker: { email: 'tracker@demo.test', role: 6 },
  accountant: { email: 'accountant@demo.test', role: 7 },
  hr: { email: 'hr@demo.test', role: 8 },
  conflictManager: { email: 'conflict@demo.test', role: 13 },
  newcomer: { email: 'newuser@demo.test', role: null },
  otherAdmin: { email: 'other-admin@demo.test', role: 3 },
  otherDispatcher: { email: 'other-dispatcher@demo.test', role: 5 },
} as const;

export const DEMO_COMPANY_NAME = 'Demo Carrier';
