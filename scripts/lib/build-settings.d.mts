export const BUILD_SETTINGS: string[];
export const BUILD_SETTINGS_FILE: string;
export function buildSettingsDigest(env?: NodeJS.ProcessEnv): string;
export function buildSettingsMismatch(nextDir: string, env?: NodeJS.ProcessEnv): string | null;
