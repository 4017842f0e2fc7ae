let counter = 0;

/** An e-mail address no other test run uses, so specs can create users without cleaning up. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  const random = Math.random().toString(36).slice(2, 8);
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter}.${random}@e2e.test`;
}
