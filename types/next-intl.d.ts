import type en from '@/messages/en.json';

// Message keys are typed (next-intl's AppConfig): a missing or misspelt key fails `npm run typecheck`.
// English is the reference catalogue; tests/unit/messages.test.ts holds Arabic to the same keys.
declare module 'next-intl' {
  interface AppConfig {
    Messages: typeof en;
  }
}
