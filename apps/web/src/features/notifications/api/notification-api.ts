/** Every notifications path is under /backend/api/v2/notifications. */
export const NOTIFICATIONS_API = '/backend/api/v2/notifications';

/**
 * How many notifications a page of the Home tab holds. The panel is a short column: 20 fill it twice over
 * and keep the first answer small; more come with "Show more".
 */
export const NOTIFICATION_PAGE_SIZE = 20;
