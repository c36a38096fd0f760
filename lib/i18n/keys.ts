import type en from '@/messages/en.json';

// Message keys are typed (types/next-intl.d.ts). These name the few that arrive at run time.

export type Messages = typeof en;
export type Namespace = keyof Messages;

/**
 * A key built at run time: a code the server sent, or an entity's field from the registry. Use it
 * only behind `t.has(…)` or for keys a test holds to both catalogues (tests/unit/entity-registry.test.ts
 * checks every area's field labels; tests/unit/messages.test.ts keeps en and ar in step).
 */
export const runtimeKey = (key: string) => key as never;
