/** Every Node process of the product and the file of its config schema: what compose and the manifests must each run and configure. */
export const PROCESS_CONFIG_FILES: Record<string, string> = {
  gateway: 'gateway/src/config.ts',
  auth: 'services/auth/src/config.ts',
  catalog: 'services/catalog/src/config.ts',
  booking: 'services/booking/src/config.ts',
  chat: 'services/chat/src/config.ts',
  subscribers: 'services/subscribers/src/config.ts',
  notifications: 'services/notifications/src/config.ts',
};
