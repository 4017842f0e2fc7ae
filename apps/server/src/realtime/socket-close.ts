/** Close codes of the realtime socket (ARCHITECTURE.md, Realtime). */
export const SOCKET_CLOSE = {
  /** The access token has expired: the client refreshes it and reconnects. */
  tokenExpired: 3008,
  /**
   * The sign-in has ended (logout, a reused refresh token, a password change), or its user was dismissed,
   * left the company or got another role. The same code as an expired token, on purpose: the client
   * refreshes before reconnecting, and the refresh of an ended sign-in or a dismissed user is refused, which
   * signs the tab out (the web goes to the sign-in page) instead of reconnecting; a user whose sign-in still
   * stands reconnects with what they are now (another company's socket is then refused with 4003).
   */
  sessionEnded: 3008,
  /** No token, a token that is not valid, or a user who is no longer active. */
  badToken: 4001,
  /** The path names another company's hash, or the user has no company. */
  forbidden: 4003,
  /** The server is shutting down. */
  goingAway: 1001,
  /** Events may have been lost (the cross-process bus was down): reconnect and refetch. */
  serviceRestart: 1012,
} as const;

export const SOCKET_CLOSE_REASONS = {
  tokenExpired: 'Token expired',
  sessionEnded: 'Session ended',
  badToken: 'Invalid token',
  forbidden: 'Forbidden',
  goingAway: 'Server shutting down',
  serviceRestart: 'Reconnect to refetch',
} as const;
